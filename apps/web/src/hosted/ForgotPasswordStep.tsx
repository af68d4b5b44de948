import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AUTH_LIMITS, generateOtpBody, updatePasswordBody } from '@nexus/contracts';
import { useState } from 'react';
import { CodeField } from './CodeField';
import { hostedApi } from './hosted-api';
import { ResendCode } from './ResendCode';
import { requestCode } from './request-code';
import { ServerAlert } from './ServerAlert';
import { StepTitle } from './StepTitle';
import { PASSWORDS_DIFFER, renameErrors, schemaErrors } from './validation';

interface ForgotPasswordStepProps {
  /** The password is changed; the message is the server's. */
  onDone: (message: string) => void;
  onBack: () => void;
}

/**
 * Forgot password: a code by mail (generateOtp type reset), then the code and a new password
 * (updatePassword {email, otp, new_password}). The first screen reads the same whether or not an
 * account uses the address (identity issue part 5).
 */
export function ForgotPasswordStep({ onDone, onBack }: ForgotPasswordStepProps) {
  const [email, setEmail] = useState<string | null>(null);
  return email === null ? (
    <RequestResetCode onSent={setEmail} onBack={onBack} />
  ) : (
    <ResetWithCode email={email} onDone={onDone} onBack={onBack} />
  );
}

function RequestResetCode({ onSent, onBack }: { onSent: (email: string) => void; onBack: () => void }) {
  const [reason, setReason] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: (values) => schemaErrors(generateOtpBody, { ...values, type: 'reset' }),
  });

  const submit = form.onSubmit(async (values) => {
    const body = generateOtpBody.parse({ ...values, type: 'reset' });
    setBusy(true);
    setReason(null);
    const result = await requestCode(body);
    setBusy(false);
    if (result.sent) onSent(body.email);
    else setReason(result.reason);
  });

  return (
    <Stack gap="lg">
      <StepTitle title="Reset your password">
        Enter the email address of your account and we will send it a six-digit code.
      </StepTitle>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ServerAlert error={reason} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            Send code
          </Button>
        </Stack>
      </form>
      <BackToSignIn onBack={onBack} />
    </Stack>
  );
}

function ResetWithCode({ email, onDone, onBack }: { email: string } & ForgotPasswordStepProps) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { otp: '', newPassword: '', confirmPassword: '' },
    validate: (values) => {
      const errors = renameErrors(
        schemaErrors(updatePasswordBody, { email, otp: values.otp, new_password: values.newPassword }),
        { new_password: 'newPassword' },
      );
      if (!errors.newPassword && values.confirmPassword !== values.newPassword)
        errors.confirmPassword = PASSWORDS_DIFFER;
      return errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const result = await hostedApi.updatePassword({
        email,
        otp: values.otp,
        new_password: values.newPassword,
      });
      onDone(result.message);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  });

  const otp = form.getInputProps('otp');
  return (
    <Stack gap="lg">
      <StepTitle title="Choose a new password">
        If an account uses <strong>{email}</strong>, a six-digit code is on its way to it. It is valid for{' '}
        {AUTH_LIMITS.otpTtlMinutes} minutes.
      </StepTitle>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ServerAlert error={error} />
          <CodeField value={otp.value} onChange={otp.onChange} error={otp.error} />
          <PasswordInput
            label="New password"
            description="At least 8 characters; avoid common passwords."
            autoComplete="new-password"
            required
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show new password' }}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            Change password
          </Button>
        </Stack>
      </form>
      <ResendCode body={{ email, type: 'reset' }} />
      <BackToSignIn onBack={onBack} />
    </Stack>
  );
}

function BackToSignIn({ onBack }: { onBack: () => void }) {
  return (
    <Text size="sm" ta="center">
      <Anchor component="button" type="button" onClick={onBack}>
        Back to sign in
      </Anchor>
    </Text>
  );
}
