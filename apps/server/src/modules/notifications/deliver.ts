import {
  isCritical,
  NOTIFICATION_CREATED,
  NOTIFICATION_TAG,
  type NotificationCategory,
} from '@nexus/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { notificationPreferences, notifications, users } from '../../db/schema';
import { afterCommit } from '../../kernel/events';
import type { Jobs } from '../../kernel/jobs';
import type { Realtime } from '../../kernel/realtime/server';
import { channelOn, type Delivery, deliveryOf, quietUntil } from './preferences';
import { bumpInboxes } from './service';

/** What delivery needs from the server around it. */
export interface NotifyContext {
  database: Database;
  jobs: Jobs;
  realtime: Realtime;
  /** PUBLIC_ORIGIN, for the absolute links in emails. */
  origin: string;
  now: () => Date;
}

export interface NotificationInput {
  userId: number;
  tenantId: number | null;
  category: NotificationCategory;
  title: string;
  body: string;
  link: string;
  /** The domain event and handler it comes from: one notification per person for each. */
  eventId: string;
  handler: string;
}

export function notificationMail(
  origin: string,
  to: string,
  item: { title: string; body: string; link: string },
) {
  const url = new URL(item.link, origin).toString();
  return {
    to,
    subject: item.title,
    text: `${item.body ? `${item.body}\n\n` : ''}Open it: ${url}\n\nChange what you receive on ${new URL('/notifications', origin)}`,
    meta: { kind: 'notification' },
  };
}

/** Whether the email of a new notification goes now (or after quiet hours) rather than in a digest. */
const mailsAtOnce = (delivery: Delivery, category: NotificationCategory) =>
  delivery.cadence === 'immediately' || isCritical(category);

/**
 * Queues one email inside `tx`, held until the person's quiet hours end. Every mail is a `mail.send`
 * job (DESIGN section 9): this never sends anything itself.
 */
export async function queueMail(
  tx: DbOrTx,
  context: NotifyContext,
  delivery: Delivery,
  mail: { to: string; subject: string; text: string; meta?: Record<string, unknown> },
): Promise<void> {
  const until = quietUntil(delivery, context.now());
  await context.jobs.enqueue(tx, 'mail.send', mail, until ? { startAfter: until } : {});
}

/**
 * Puts one notification in a person's inbox inside the handler's transaction, honouring their
 * preferences; queues its email when it goes at once. Returns the new id, or null when the person
 * wants neither channel or already has it (a redelivered event).
 */
export async function notify(
  tx: DbOrTx,
  context: NotifyContext,
  input: NotificationInput,
): Promise<number | null> {
  // The person and their preferences in one read.
  const [person] = await tx
    .select({ email: users.email, preferences: notificationPreferences })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.user_id, users.user_id))
    .where(and(eq(users.user_id, input.userId), eq(users.enabled, true), eq(users.is_deleted, false)));
  if (!person) return null;
  const delivery = deliveryOf(person.preferences ?? undefined);
  const inApp = channelOn(delivery, input.category, 'in_app');
  const email = channelOn(delivery, input.category, 'email');
  if (!inApp && !email) return null;
  const atOnce = email && mailsAtOnce(delivery, input.category);
  const [row] = await tx
    .insert(notifications)
    .values({
      user_id: input.userId,
      tenant_id: input.tenantId,
      category: input.category,
      title: input.title,
      body: input.body,
      link: input.link,
      source_event_id: input.eventId,
      source_handler: input.handler,
      in_app: inApp,
      wants_email: email,
      emailed_at: atOnce ? context.now() : null,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.notification_id });
  if (!row) return null;
  await bumpInboxes(tx, [input.userId]);
  if (atOnce) await queueMail(tx, context, delivery, notificationMail(context.origin, person.email, input));
  // Inside a handler the emit waits for the delivery's commit; elsewhere it polls for the row.
  if (inApp && !afterCommit(() => announce(context.realtime, [row.id], [input.userId])))
    announceWhenCommitted(context, [row.id], [input.userId]);
  return row.id;
}

const COMMIT_WAIT_STEPS = 40;
const COMMIT_WAIT_MS = 25;

/**
 * Tells the people's sockets once the notifications are visible, that is once the handler's
 * transaction committed: a client refetching on an earlier emit would miss them. On the embedded
 * database the check queues behind the open transaction; on PostgreSQL it polls briefly. Never awaited.
 */
export function announceWhenCommitted(context: NotifyContext, ids: number[], userIds: number[]): void {
  void (async () => {
    for (let step = 0; step < COMMIT_WAIT_STEPS; step += 1) {
      const found = await context.database.system
        .select({ id: notifications.notification_id })
        .from(notifications)
        .where(inArray(notifications.notification_id, ids))
        .limit(1)
        .catch(() => []);
      if (found.length > 0) {
        announce(context.realtime, ids, userIds);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, COMMIT_WAIT_MS));
    }
  })();
}

/** One emit per person: ids and tags only, the client reads the rest through the API. */
export function announce(realtime: Realtime, ids: number[], userIds: number[]): void {
  for (const userId of new Set(userIds)) {
    realtime.toUser(userId).emit({ type: NOTIFICATION_CREATED, ids, tags: [NOTIFICATION_TAG] });
  }
}
