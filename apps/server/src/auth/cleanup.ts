import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailOutbox, otpCodes, rateLimits, sessions } from '../db/schema';
import type { Jobs } from '../kernel/jobs';

/** Expired rows kept a day longer than they count, so a support question about yesterday still finds them. */
const GRACE = sql`now() - interval '1 day'`;

export interface CleanupCounts {
  sessions: number;
  otpCodes: number;
  rateLimits: number;
  outboxMails: number;
}

/** Deletes what has expired: sessions, codes, rate-limit windows and month-old outbox mail (sign-in locks stay: they escalate). */
export async function cleanUpExpired(database: Database): Promise<CleanupCounts> {
  const db = database.system;
  const gone = await Promise.all([
    db
      .delete(sessions)
      .where(
        sql`${sessions.absolute_expires_at} < ${GRACE} or ${sessions.idle_expires_at} < ${GRACE} or ${sessions.revoked_at} < ${GRACE}`,
      )
      .returning({ id: sessions.session_id }),
    db.delete(otpCodes).where(sql`${otpCodes.expires_at} < ${GRACE}`).returning({ id: otpCodes.otp_id }),
    // The longest rate-limit window is an hour: a window started a day ago is over whatever its length.
    db
      .delete(rateLimits)
      .where(sql`${rateLimits.window_started_at} < ${GRACE}`)
      .returning({ id: rateLimits.key }),
    db
      .delete(mailOutbox)
      .where(sql`${mailOutbox.created_at} < now() - interval '30 days'`)
      .returning({ id: mailOutbox.mail_id }),
  ]);
  const [s, o, r, m] = gone.map((rows) => rows.length);
  return { sessions: s!, otpCodes: o!, rateLimits: r!, outboxMails: m! };
}

/** The nightly `maintenance.cleanup` job (cron in the job catalogue). */
export function registerCleanupJob(jobs: Jobs, database: Database): void {
  jobs.register('maintenance.cleanup', async () => {
    await cleanUpExpired(database);
  });
}
