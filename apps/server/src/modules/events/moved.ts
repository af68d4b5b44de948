/**
 * What follows an event moved to a new start (`events.moved`, queued by the organiser's update): the
 * new time to each confirmed attendee and their reminders planned again. Its own file because it runs
 * as a job after the update, for every attendee at once, not within one registration.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { inScope } from '../../db/scope';
import { inviteIcs, movedMail } from './mail';
import type { EventsContext } from './registrations';
import { planReminders } from './reminders';
import { loadEvent } from './service';

/**
 * The `events.moved` job: the event now starts at `starts_at`. Each confirmed attendee is mailed the
 * new time with an updated invite (same UIDs, so calendars move the entry), and their reminders are
 * planned again; the old reminder jobs still carry the old start and so send nothing. A job that
 * finds the event moved again since leaves it to the later job.
 */
export async function tellEventMoved(context: EventsContext, job: { event_id: number; starts_at: string }) {
  await inScope(context.database.db, 'all', async (tx) => {
    const event = await loadEvent(tx, job.event_id);
    if (!event || event.starts_at.toISOString() !== job.starts_at) return;
    const attendees = await queryRows<{ registration_id: number; email: string | null }>(
      tx,
      sql`select r.registration_id, u.email from event_registrations r
        left join users u on u.user_id = r.user_id
        where r.event_id = ${event.event_id} and r.status = 'confirmed' order by r.registration_id`,
    );
    for (const attendee of attendees) {
      if (event.status === 'published' && attendee.email) {
        await context.jobs.enqueue(tx, 'mail.send', {
          to: attendee.email,
          ...movedMail(event, context.origin),
          ics: inviteIcs(event, context.origin),
          meta: { kind: 'event.moved', event_id: event.event_id },
        });
      }
      await planReminders(tx, context, attendee.registration_id, event.starts_at);
    }
  });
}
