import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type SigninResult, signinBody } from '@nexus/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { hostedApi } from './hosted-api';
import { ServerAlert } from './ServerAlert';
import { StepTitle } from './StepTitle';
import { schemaErrors } from './validation';

interface SignInStepProps {
  /** A success or hint line above the form (after a password reset, or before an action). */
  notice?: string;
  onSignedIn: (user: SigninResult['user']) => void | Promise<void>;
  onForgotPassword: () => void;
  onCreateAccount: () => void;
}

/** Sign in with username or email and password (spec section 7: POST signin {username, password}). */
export function SignInStep({ notice, onSignedIn, onForgotPassword, onCreateAccount }: SignInStepProps) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: (values) => schemaErrors(signinBody, values),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const result = await hostedApi.signin(signinBody.parse(values));
      await onSignedIn(result.user);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  });

  return (
    <Stack gap="lg">
      <StepTitle title="Sign in to Nexus">Use your username or email address and your password.</StepTitle>
      {notice ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden="true" />}>
          {notice}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ServerAlert error={error} />
          <TextInput
            label="Username or email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            {...form.getInputProps('username')}
          />
          <Stack gap={6}>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" size="md" fullWidth loading={busy}>
            Sign in
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        New to Nexus?{' '}
        <Anchor component="button" type="button" fw={600} onClick={onCreateAccount}>
          Create account
        </Anchor>
      </Text>
    </Stack>
  );
}
