import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { notificationDigests, notificationPreferences, notifications, users } from '../../db/schema';
import { type NotifyContext, queueMail } from './deliver';
import { deliveryOf } from './preferences';

const HOUR = 60 * 60 * 1000;
/** A digest is due a period after the last; the half-hour slack absorbs the hourly schedule's drift. */
const PERIOD_MS = { daily: 24 * HOUR, weekly: 7 * 24 * HOUR } as const;
const SLACK_MS = HOUR / 2;
/** The most notifications one digest lists; the rest are counted. */
const LISTED = 50;

function digestText(origin: string, items: { title: string; link: string }[], cadence: 'daily' | 'weekly') {
  const lines = items.slice(0, LISTED).map((item) => `- ${item.title}\n  ${new URL(item.link, origin)}`);
  const more = items.length > LISTED ? `\n…and ${items.length - LISTED} more.` : '';
  return [
    `Here is what happened since your last ${cadence} digest:`,
    '',
    ...lines,
    more,
    '',
    `See them all and change what you receive: ${new URL('/notifications', origin)}`,
  ].join('\n');
}

/**
 * Mails every daily or weekly digest that is due at `now`. Each person's digest is one transaction
 * that locks their bookkeeping row, gathers what arrived since the last digest and was not mailed,
 * marks it mailed and queues one `mail.send` (held through quiet hours): run twice, or by two
 * processes at once, it mails each notification exactly once. Returns how many digests it queued.
 */
export async function sendDueDigests(context: NotifyContext, now: Date): Promise<number> {
  const candidates = await context.database.system
    .selectDistinct({ user_id: notificationPreferences.user_id })
    .from(notificationPreferences)
    .innerJoin(notifications, eq(notifications.user_id, notificationPreferences.user_id))
    .where(
      and(
        inArray(notificationPreferences.email_cadence, ['daily', 'weekly']),
        eq(notifications.wants_email, true),
        isNull(notifications.emailed_at),
        lte(notifications.created_at, now),
      ),
    );
  let sent = 0;
  for (const { user_id: userId } of candidates) {
    if (await sendDigest(context, userId, now)) sent += 1;
  }
  return sent;
}

async function sendDigest(context: NotifyContext, userId: number, now: Date): Promise<boolean> {
  return context.database.system.transaction(async (tx) => {
    await tx
      .insert(notificationDigests)
      .values({ user_id: userId, last_sent_at: new Date(0) })
      .onConflictDoNothing();
    const [book] = await tx
      .select()
      .from(notificationDigests)
      .where(eq(notificationDigests.user_id, userId))
      .for('update');
    const [preferences] = await tx
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.user_id, userId));
    const [person] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.user_id, userId), eq(users.enabled, true), eq(users.is_deleted, false)));
    if (!book || !preferences || !person) return false;
    const cadence = preferences.email_cadence;
    if (cadence === 'immediately') return false;
    if (book.last_sent_at.getTime() > now.getTime() - PERIOD_MS[cadence] + SLACK_MS) return false;
    const items = await tx
      .update(notifications)
      .set({ emailed_at: now })
      .where(
        and(
          eq(notifications.user_id, userId),
          eq(notifications.wants_email, true),
          isNull(notifications.emailed_at),
          lte(notifications.created_at, now),
        ),
      )
      .returning({
        title: notifications.title,
        link: notifications.link,
        created_at: notifications.created_at,
      });
    if (items.length === 0) return false;
    items.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    await tx
      .update(notificationDigests)
      .set({
        last_sent_at: now,
        notifications_sent: sql`${notificationDigests.notifications_sent} + ${items.length}`,
      })
      .where(eq(notificationDigests.user_id, userId));
    const subject =
      items.length === 1
        ? `Your ${cadence} digest: 1 notification`
        : `Your ${cadence} digest: ${items.length} notifications`;
    await queueMail(tx, { ...context, now: () => now }, deliveryOf(preferences), {
      to: person.email,
      subject,
      text: digestText(context.origin, items, cadence),
      meta: { kind: 'notification-digest', count: items.length },
    });
    return true;
  });
}
