import type { CalendarItem } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { inScope } from '../../db/scope';
import { addCalendarSource, type CalendarRange } from '../calendar';
import { grantFileReads } from '../files';
import { ticketPage, whereOf } from './mail';
import { visibleSql } from './policy';
import { confirmationEffects } from './registrations';
import { registerEventRoutes } from './routes';
import { type EventRow, loadEvent } from './service';
import { addEventSuggestions } from './suggestions';
import { sessionsOf } from './time';

/**
 * The calendar's events: each session of the events the user is confirmed for, linking to the
 * ticket page. Read across tenants on purpose (one calendar per person); every row is this user's.
 */
async function eventItems(database: Database, userId: number, range: CalendarRange): Promise<CalendarItem[]> {
  return inScope(database.db, 'all', async (tx) => {
    const result = (await tx.execute(
      sql`select r.event_id from event_registrations r join events e on e.event_id = r.event_id
        where r.user_id = ${userId} and r.status = 'confirmed' and e.is_deleted = false
          and e.starts_at < ${range.end.toISOString()}::timestamptz and e.last_ends_at > ${range.start.toISOString()}::timestamptz`,
    )) as unknown as { rows: { event_id: number }[] };
    const items: CalendarItem[] = [];
    for (const { event_id: eventId } of result.rows) {
      const event = (await loadEvent(tx, eventId)) as EventRow;
      const sessions = sessionsOf(event, { from: range.start, to: range.end, max: 200 });
      for (const session of sessions) {
        items.push({
          uid: event.rrule ? `event-${eventId}-${session.start.getTime()}` : `event-${eventId}`,
          title: event.title,
          start: session.start.toISOString(),
          end: session.end.toISOString(),
          all_day: false,
          url: ticketPage(eventId),
          kind: 'event',
          location: whereOf(event, true),
          description: event.summary || null,
        });
      }
    }
    return items;
  });
}

/** Wires the events area: routes, jobs, the organisers' room, the calendar source, cover reads. */
export function registerEvents(app: FastifyInstance, database: Database, origin: string): void {
  registerEventRoutes(app, database, app.jobs, origin);
  const context = { database, jobs: app.jobs, origin };
  app.events.on('event.registration.confirmed', 'events.confirmation-mail', (event, tx) =>
    confirmationEffects(tx, context, event.payload.registration_id),
  );
  addCalendarSource('events', eventItems);
  addEventSuggestions();
  // A cover image is readable by whoever may see its event.
  grantFileReads('events.cover', async (db, actor, fileId) => {
    const result = (await db.execute(
      sql`select 1 from events e where e.cover_file_id = ${fileId} and e.is_deleted = false and ${visibleSql(actor)} limit 1`,
    )) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  });
}
