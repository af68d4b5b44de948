/**
 * The day and hour reminders of a confirmed registration: planned when a registration is confirmed
 * or its event moves, and sent by the `events.reminder` job. Its own file because reminders live on
 * the job queue, apart from the registration flow that plans them.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { inScope } from '../../db/scope';
import type { QueuedJob } from '../../kernel/jobs';
import { reminderMail } from './mail';
import type { EventsContext } from './registrations';
import { loadEvent, personOf } from './service';
import { HOUR } from './time';

/** The day and hour reminders of one registration for an event starting at `startsAt`, those still ahead. */
export function remindersOf(registrationId: number, startsAt: Date): QueuedJob[] {
  const now = Date.now();
  const jobs: QueuedJob[] = [];
  for (const [kind, before] of [
    ['day', 24 * HOUR],
    ['hour', HOUR],
  ] as const) {
    const at = startsAt.getTime() - before;
    if (at <= now) continue;
    jobs.push({
      name: 'events.reminder',
      payload: { registration_id: registrationId, kind, starts_at: startsAt.toISOString() },
      startAfter: new Date(at),
    });
  }
  return jobs;
}

/** Plans the reminders of `remindersOf` in the transaction `tx`. */
export async function planReminders(tx: Tx, context: EventsContext, registrationId: number, startsAt: Date) {
  await context.jobs.enqueueMany(tx, remindersOf(registrationId, startsAt));
}

/** The `events.reminder` job: mails a still-confirmed attendee of an event that has not moved. */
export async function sendReminder(
  context: EventsContext,
  job: { registration_id: number; kind: 'day' | 'hour'; starts_at: string },
) {
  await inScope(context.database.db, 'all', async (tx) => {
    const [reg] = await queryRows<{ event_id: number; user_id: number }>(
      tx,
      sql`select * from event_registrations where registration_id = ${job.registration_id} and status = 'confirmed'`,
    );
    if (!reg) return;
    const event = await loadEvent(tx, reg.event_id);
    if (event?.status !== 'published' || event.starts_at.toISOString() !== job.starts_at) return;
    const person = await personOf(tx, reg.user_id);
    if (!person) return;
    await context.jobs.enqueue(tx, 'mail.send', {
      to: person.email,
      ...reminderMail(event, context.origin, job.kind),
      meta: { kind: `event.reminder.${job.kind}`, event_id: event.event_id },
    });
  });
}
