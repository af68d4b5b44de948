import type { EventRegistrationStatus } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { batchedBy } from '../../db/batched';
import type { Database } from '../../db/client';
import { listVersionSql } from '../../db/kept-counts';

/**
 * What moves on a kept page of events without a new list version: the seats taken, and each
 * caller's own status (their latest registration at the event).
 */
export interface LiveState {
  version: string;
  seats: Map<number, number>;
  /** Keyed `${userId}:${eventId}`. */
  statuses: Map<string, EventRegistrationStatus>;
}

const EVENTS_VERSION = listVersionSql(['events']);
const readers = new WeakMap<Database, (key: string, userId: number | null) => Promise<LiveState>>();

/**
 * The live state of the events `ids` for `userId`, read together with the other callers asking
 * for the same events meanwhile: one statement for a batch of people rather than one each. A
 * caller that arrives while a read is under way waits for the next one, which starts after it
 * arrived, so it sees every write committed before it asked (its own registration included).
 */
export function liveState(database: Database, ids: number[], userId: number | null): Promise<LiveState> {
  let ask = readers.get(database);
  if (!ask) {
    ask = batchedBy<number | null, LiveState>(async (key, userIds) => {
      const users = [...new Set(userIds.filter((id) => id !== null))];
      const live = await read(database, `{${key}}`, `{${users.join(',')}}`);
      return userIds.map(() => live);
    });
    readers.set(database, ask);
  }
  return ask(ids.join(','), userId);
}

async function read(database: Database, ids: string, users: string): Promise<LiveState> {
  const [row] = await database.read<{ version: string; seats: string; statuses: string }>(
    sql`select ${EVENTS_VERSION} as version,
      (select coalesce(json_agg(json_build_array(e.event_id, e.seats_taken)), '[]'::json)::text
        from events e where e.event_id = any(${ids}::int[])) as seats,
      (select coalesce(json_agg(json_build_array(r.user_id, r.event_id, r.status) order by r.registration_id), '[]'::json)::text
        from event_registrations r where r.user_id = any(${users}::int[]) and r.event_id = any(${ids}::int[])) as statuses`,
    true,
    'all',
  );
  const seats = new Map<number, number>();
  for (const [eventId, taken] of JSON.parse(row?.seats ?? '[]') as [number, number][])
    seats.set(eventId, taken);
  // In registration order, so the latest of a person at an event is the one kept.
  const statuses = new Map<string, EventRegistrationStatus>();
  for (const [userId, eventId, status] of JSON.parse(row?.statuses ?? '[]') as [
    number,
    number,
    EventRegistrationStatus,
  ][])
    statuses.set(`${userId}:${eventId}`, status);
  return { version: row?.version ?? '', seats, statuses };
}
