import { Button, Group, Stack, Text } from '@mantine/core';
import { AUTH_LIMITS, type generateOtpBody } from '@nexus/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import classes from './ResendCode.module.css';
import { requestCode } from './request-code';
import { useCountdown } from './use-countdown';

interface ResendCodeProps {
  /** The same body the first code was asked with. */
  body: z.input<typeof generateOtpBody>;
  /** The first code never went out: Resend is open at once. */
  sendFailed?: boolean;
}

/**
 * "Resend code", held back for AUTH_LIMITS.otpResendSeconds after each send (the server throttles
 * resends per address too). A failure raises the spec's toast; the server's reason shows here.
 */
export function ResendCode({ body, sendFailed = false }: ResendCodeProps) {
  const { remaining, restart } = useCountdown(AUTH_LIMITS.otpResendSeconds, !sendFailed);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  async function resend() {
    setSending(true);
    setStatus(null);
    const result = await requestCode(body);
    setSending(false);
    if (result.sent) {
      restart();
      setStatus({ tone: 'ok', text: result.message });
    } else if (result.reason) {
      setStatus({ tone: 'error', text: result.reason });
    }
  }

  return (
    <Stack gap={2} align="flex-start">
      <Group gap={4} wrap="wrap">
        <Text size="sm">Didn't get the code?</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          className={classes.resend}
          onClick={resend}
          loading={sending}
          disabled={remaining > 0}
        >
          {remaining > 0 ? `Resend code in ${remaining} s` : 'Resend code'}
        </Button>
      </Group>
      <Text
        size="sm"
        c={status?.tone === 'error' ? 'var(--mantine-color-error)' : 'dimmed'}
        aria-live="polite"
      >
        {status?.text ?? ''}
      </Text>
    </Stack>
  );
}
