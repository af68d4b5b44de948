import { Alert, Button, Stack } from '@mantine/core';
import { AUTH_LIMITS, type generateOtpBody, type User, verifyOtpBody } from '@nexus/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { CodeField } from './CodeField';
import { hostedApi } from './hosted-api';
import { ResendCode } from './ResendCode';
import { ServerAlert } from './ServerAlert';
import { StepTitle } from './StepTitle';
import { schemaErrors } from './validation';

interface VerifyCodeStepProps {
  /** The generateOtp body that sent the code; Resend sends it again. */
  codeRequest: z.input<typeof generateOtpBody> & { email: string };
  /** Masked address the code went to (the parent's for a minor), when the server said. */
  sentTo?: string;
  /** The first send failed (the toast has been shown): say so and point at Resend. */
  sendFailed?: boolean;
  onVerified: (user: User) => void | Promise<void>;
}

/** Confirms the address with the mailed code; verifyOtp signs the person in (spec section 7). */
export function VerifyCodeStep({ codeRequest, sentTo, sendFailed, onVerified }: VerifyCodeStepProps) {
  const [otp, setOtp] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const forParent = codeRequest.is_underage === true;

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    await verifyCode(otp);
  }

  async function verifyCode(code: string) {
    if (busy) return;
    const body = { email: codeRequest.email, otp: code };
    const errors = schemaErrors(verifyOtpBody, body);
    setFieldError(errors.otp);
    if (errors.otp) return;
    setBusy(true);
    setError(null);
    try {
      const result = await hostedApi.verifyOtp(verifyOtpBody.parse(body));
      await onVerified(result.user);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  }

  const where = sentTo ? (
    <strong>{sentTo}</strong>
  ) : forParent ? (
    "your parent's or guardian's address"
  ) : (
    'your address'
  );
  return (
    <Stack gap="lg">
      <StepTitle title="Enter your code">
        {sendFailed ? 'We mail a six-digit code to' : 'We sent a six-digit code to'} {where}
        {forParent && sentTo ? " (your parent's or guardian's address)" : ''}. It is valid for{' '}
        {AUTH_LIMITS.otpTtlMinutes} minutes.
      </StepTitle>
      {sendFailed ? (
        <Alert color="yellow" variant="light">
          The code could not be sent. Check your details, then use Resend code.
        </Alert>
      ) : null}
      <form onSubmit={verify} noValidate>
        <Stack gap="md">
          <ServerAlert error={error} />
          <CodeField
            value={otp}
            onChange={setOtp}
            error={fieldError}
            // The last digit sends the code: no need to reach for Verify.
            onComplete={(code) => void verifyCode(code)}
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            Verify
          </Button>
        </Stack>
      </form>
      <ResendCode body={codeRequest} sendFailed={sendFailed} />
    </Stack>
  );
}
