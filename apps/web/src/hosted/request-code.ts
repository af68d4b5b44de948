import { AUTH_MESSAGES, type generateOtpBody, MESSAGES } from '@nexus/contracts';
import type { z } from 'zod';
import { notify } from '../shared/ui/notify';
import { hostedApi } from './hosted-api';

export type CodeRequest =
  | { sent: true; message: string }
  /** `reason`: the server's own words when they add to the toast (a throttle, say), else null. */
  | { sent: false; reason: string | null };

/**
 * Asks for a one-time code. On any failure the toast of spec section 8 appears with its exact text;
 * the server's message is passed back when it says more, so the page can show it inline too.
 */
export async function requestCode(body: z.input<typeof generateOtpBody>): Promise<CodeRequest> {
  try {
    const { message } = await hostedApi.generateOtp(body);
    return { sent: true, message: message || AUTH_MESSAGES.otpSent };
  } catch (error) {
    void notify.error(MESSAGES.otpSendFailed);
    const message = error instanceof Error ? error.message : '';
    return { sent: false, reason: message && message !== MESSAGES.otpSendFailed ? message : null };
  }
}
