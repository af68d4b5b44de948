import { AUTH_LIMITS, AUTH_MESSAGES } from '@nexus/contracts';
import { eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits, signInFailures } from '../db/schema';
import { tooManyRequests } from '../http/app-error';

/**
 * Fixed-window counter in PostgreSQL (REDIS_URL unset, DESIGN section 8), shared by every replica:
 * counts this hit and answers the hits in the window so far and the seconds left in it. The
 * rate-limit plugin's store over PostgreSQL (kernel/rate-limit.ts) is built on it.
 */
export async function countRateLimitHit(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; remainingSeconds: number }> {
  const expired = sql`${rateLimits.window_started_at} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        window_started_at: sql`case when ${expired} then now() else ${rateLimits.window_started_at} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      remaining: sql<number>`extract(epoch from ${rateLimits.window_started_at} + make_interval(secs => ${windowSeconds}) - now())::float8`,
    });
  return { hits: row?.hits ?? 1, remainingSeconds: Math.max(0, Number(row?.remaining ?? windowSeconds)) };
}

/**
 * Throws 429 while the key is locked: a sign-in key (`signInKey`) or a password-change key
 * (`password:<user id>`).
 */
export async function assertNotLocked(db: DbOrTx, identifier: string): Promise<void> {
  const [row] = await db
    .select({
      seconds: sql<number>`extract(epoch from ${signInFailures.locked_until} - now())::float8`,
    })
    .from(signInFailures)
    .where(eq(signInFailures.identifier, identifier));
  if (row && row.seconds !== null && Number(row.seconds) > 0) {
    throw tooManyRequests(AUTH_MESSAGES.accountLocked, Number(row.seconds));
  }
}

/**
 * Records a failed sign-in. The fifth failure within the window locks the identifier; each further
 * lock doubles in length (1, 2, 4, ... minutes, capped), so a slow guesser gets ever slower.
 * Returns the lock length in seconds when this failure caused a lock.
 */
export async function recordFailure(db: DbOrTx, identifier: string): Promise<number | null> {
  const windowSecs = AUTH_LIMITS.lockWindowMinutes * 60;
  const stale = sql`${signInFailures.window_started_at} <= now() - make_interval(secs => ${windowSecs})`;
  const [row] = await db
    .insert(signInFailures)
    .values({ identifier, failures: 1 })
    .onConflictDoUpdate({
      target: signInFailures.identifier,
      set: {
        failures: sql`case when ${stale} then 1 else ${signInFailures.failures} + 1 end`,
        window_started_at: sql`case when ${stale} then now() else ${signInFailures.window_started_at} end`,
      },
    })
    .returning({ failures: signInFailures.failures, lockCount: signInFailures.lock_count });
  if (!row || row.failures < AUTH_LIMITS.lockAfterFailures) return null;
  const minutes = Math.min(AUTH_LIMITS.lockBaseMinutes * 2 ** row.lockCount, AUTH_LIMITS.lockMaxMinutes);
  await db
    .update(signInFailures)
    .set({
      failures: 0,
      lock_count: sql`${signInFailures.lock_count} + 1`,
      window_started_at: sql`now()`,
      locked_until: sql`now() + make_interval(mins => ${minutes})`,
    })
    .where(eq(signInFailures.identifier, identifier));
  return minutes * 60;
}

/** A successful sign-in forgets the failures (and the growth of the next lock). */
export async function clearFailures(db: DbOrTx, identifier: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.identifier, identifier));
}

/**
 * The key sign-in failures are counted under (issue 14 part 6). For an account it is the account, not
 * the spelling (`tu31` and `tu31@nexus.local` are one count), and the client address: a stranger who
 * guesses wrong locks the account only for their own address, so they cannot keep its owner out. A
 * name no account has is counted per spelling and address the same way, so a lock reads the same
 * whether or not the account exists.
 */
export function signInKey(userId: number | undefined, identifier: string, address: string): string {
  return userId === undefined ? `signin:name:${identifier}@${address}` : `signin:acct:${userId}@${address}`;
}

/** A password reset forgets the account's sign-in failures from every address. */
export async function clearAccountSignInFailures(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(signInFailures).where(like(signInFailures.identifier, `signin:acct:${userId}@%`));
}
