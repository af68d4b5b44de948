import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { confirmEmailChangeBody, requestEmailChangeBody } from '@nexus/contracts';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { authSlice } from '../../../shared/session/auth-slice';
import { useConfirmEmailChangeMutation, useRequestEmailChangeMutation } from '../email-change-api';

const reason = (failure: unknown) => (failure as HttpQueryError).message ?? 'Request failed';

/**
 * Change of email address on /account: the new address takes effect only once the six-digit code
 * mailed to it is entered here (issue 14 item 2); the old address is told by mail.
 */
export function ChangeEmailCard() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);
  const [requestChange, requesting] = useRequestEmailChangeMutation();
  const [confirmChange, confirming] = useConfirmEmailChangeMutation();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (!user) return null;

  const ask = async () => {
    setError(null);
    setNotice(null);
    const parsed = requestEmailChangeBody.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid email address.');
      return;
    }
    try {
      const answer = await requestChange(parsed.data).unwrap();
      setPending(parsed.data.email);
      setOtp('');
      setNotice(answer.message);
    } catch (failure) {
      setError(reason(failure));
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setError(null);
    const parsed = confirmEmailChangeBody.safeParse({ email: pending, otp });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the six digits from the mail.');
      return;
    }
    try {
      const answer = await confirmChange(parsed.data).unwrap();
      dispatch(authSlice.actions.signedIn({ user: { ...user, email: answer.email }, emailVerified: true }));
      setPending(null);
      setEmail('');
      setNotice(answer.message);
    } catch (failure) {
      setError(reason(failure));
    }
  };

  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Change email
        </Title>
        {pending ? (
          <>
            <Text size="sm">
              Enter the six-digit code we mailed to {pending}. Your address stays {user.email} until then.
            </Text>
            <Group align="flex-end" wrap="wrap" gap="sm">
              <TextInput
                label="Code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={otp}
                onChange={(event) => setOtp(event.currentTarget.value)}
                w={160}
              />
              <Button onClick={confirm} loading={confirming.isLoading}>
                Confirm new address
              </Button>
              <Button variant="subtle" onClick={() => setPending(null)}>
                Cancel
              </Button>
            </Group>
          </>
        ) : (
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label="New email address"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button onClick={ask} loading={requesting.isLoading}>
              Send code
            </Button>
          </Group>
        )}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        {notice ? (
          <Text c="teal" size="sm" role="status">
            {notice}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
