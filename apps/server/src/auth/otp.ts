import { randomInt } from 'node:crypto';
import { AUTH_LIMITS, AUTH_MESSAGES } from '@nexus/contracts';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { otpCodes } from '../db/schema';
import type { RateLimits } from '../kernel/rate-limit';
import { hmac, sameHex } from './keys';

export type OtpPurpose = 'signup' | 'verify' | 'reset' | 'email-change';

/**
 * Resends are throttled per address, whether or not an account has it, so the throttle says nothing
 * about existence: one code per `otpResendSeconds`, `otpSendsPerWindow` per window.
 */
export async function throttleOtp(limits: RateLimits, email: string): Promise<void> {
  await limits.hit(`otp-burst:${email}`, 1, AUTH_LIMITS.otpResendSeconds, AUTH_MESSAGES.otpTooSoon);
  await limits.hit(
    `otp-window:${email}`,
    AUTH_LIMITS.otpSendsPerWindow,
    AUTH_LIMITS.otpSendWindowMinutes * 60,
  );
}

const codeHash = (secret: Buffer, email: string, purpose: OtpPurpose, code: string) =>
  hmac(secret, `${purpose}:${email}:${code}`);

/**
 * A new six-digit code; earlier unused codes of the same purpose stop working. Stored as an HMAC under
 * a server secret: with a million possible codes a plain hash would fall to a dictionary at once.
 */
export async function issueOtp(
  db: DbOrTx,
  secret: Buffer,
  email: string,
  purpose: OtpPurpose,
): Promise<string> {
  const code = String(randomInt(0, 10 ** AUTH_LIMITS.otpLength)).padStart(AUTH_LIMITS.otpLength, '0');
  await db
    .update(otpCodes)
    .set({ consumed_at: sql`now()` })
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumed_at)));
  await db.insert(otpCodes).values({
    email,
    purpose,
    code_hash: codeHash(secret, email, purpose, code),
    expires_at: sql`now() + make_interval(mins => ${AUTH_LIMITS.otpTtlMinutes})`,
  });
  return code;
}

/**
 * Checks a code against the newest live code of the given purposes. A wrong code uses up a try; the
 * fifth wrong try ends the code. Returns the purpose matched, or null.
 */
export async function consumeOtp(
  db: DbOrTx,
  secret: Buffer,
  email: string,
  purposes: readonly OtpPurpose[],
  code: string,
): Promise<OtpPurpose | null> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.email, email),
        inArray(otpCodes.purpose, [...purposes]),
        isNull(otpCodes.consumed_at),
        gt(otpCodes.expires_at, sql`now()`),
      ),
    )
    .orderBy(desc(otpCodes.created_at), desc(otpCodes.otp_id))
    .limit(1)
    .for('update');
  if (!row || row.attempts >= AUTH_LIMITS.otpMaxAttempts) return null;
  if (sameHex(row.code_hash, codeHash(secret, email, row.purpose, code))) {
    await db.update(otpCodes).set({ consumed_at: sql`now()` }).where(eq(otpCodes.otp_id, row.otp_id));
    return row.purpose;
  }
  const attempts = row.attempts + 1;
  await db
    .update(otpCodes)
    .set({ attempts, consumed_at: attempts >= AUTH_LIMITS.otpMaxAttempts ? sql`now()` : null })
    .where(eq(otpCodes.otp_id, row.otp_id));
  return null;
}
