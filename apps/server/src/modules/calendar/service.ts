import {
  CALENDAR_LIMITS,
  CALENDAR_MESSAGES,
  type CalendarFeedCheck,
  type CalendarItem,
  type CalendarRangeQuery,
  type CalendarUser,
  type CalendarUserSearchQuery,
} from '@nexus/contracts';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userRoles, users } from '../../db/schema';
import { inScope } from '../../db/scope';
import { forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { hasFeed } from './feed';
import { icsOf } from './ics';
import { administeredScope } from './policy';
import { type CalendarRange, collectItems } from './sources';

const DAY = 86_400_000;

/** The range a getItems call asks for; with no start and end, the current month in UTC. */
export function rangeOf(query: CalendarRangeQuery, now = new Date()): CalendarRange {
  if (query.start && query.end) return { start: new Date(query.start), end: new Date(query.end) };
  if (query.start) {
    const start = new Date(query.start);
    return { start, end: new Date(start.getTime() + 31 * DAY) };
  }
  if (query.end) {
    const end = new Date(query.end);
    return { start: new Date(end.getTime() - 31 * DAY), end };
  }
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { start, end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
}

/** What the feed serves: some weeks back to some months ahead of now. */
export function feedWindow(now = new Date()): CalendarRange {
  return {
    start: new Date(now.getTime() - CALENDAR_LIMITS.feedPastDays * DAY),
    end: new Date(now.getTime() + CALENDAR_LIMITS.feedFutureDays * DAY),
  };
}

/** Every instant a calendar item could have: a uid is looked up without knowing its date. */
const EVERY_DATE: CalendarRange = { start: new Date(0), end: new Date(Date.UTC(9999, 0, 1)) };

/** One of the user's own items; anyone else's (or none) is a 404, which confirms nothing. */
export async function itemOf(database: Database, userId: number, uid: string): Promise<CalendarItem> {
  const item = (await collectItems(database, userId, EVERY_DATE)).find((candidate) => candidate.uid === uid);
  if (!item) throw notFound(CALENDAR_MESSAGES.notFound);
  return item;
}

const displayName = (row: { username: string; first_name: string | null; last_name: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username;

/** The people the actor administers, as a condition on `users`; throws 403 for anyone else. */
function administered(actor: Actor): SQL {
  const scope = administeredScope(actor);
  if (!scope) throw forbidden();
  const live = eq(users.is_deleted, false);
  if (scope.tenantId === null) return live;
  // A correlated subquery, so each person appears once however many roles they hold there.
  return and(
    live,
    sql`exists (select 1 from ${userRoles} where ${userRoles.user_id} = ${users.user_id}
      and ${userRoles.tenant_id} = ${scope.tenantId} and ${userRoles.is_deleted} = false)`,
  )!;
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** /test-calendar's picker: the people the actor administers, by name, username or email. */
export async function searchUsers(database: Database, actor: Actor, query: CalendarUserSearchQuery) {
  const { page, limit } = query;
  const conditions = [administered(actor)];
  for (const word of (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const pattern = likePattern(word);
    conditions.push(
      or(
        ilike(users.username, pattern),
        ilike(users.email, pattern),
        ilike(users.first_name, pattern),
        ilike(users.last_name, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  return inScope(database.db, 'all', async (tx) => {
    const [total] = await tx.select({ n: count() }).from(users).where(where);
    const rows = await tx
      .select({
        user_id: users.user_id,
        username: users.username,
        first_name: users.first_name,
        last_name: users.last_name,
        email: users.email,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.first_name), asc(users.last_name), asc(users.username), asc(users.user_id))
      .limit(limit)
      .offset((page - 1) * limit);
    const n = total?.n ?? 0;
    return {
      data: rows.map((row): CalendarUser => ({ ...row, name: displayName(row) })),
      meta: { page, limit, total: n, totalPages: Math.ceil(n / limit), totalExact: true },
    };
  });
}

/** One person the actor administers; someone outside their tenant is a 404 (DESIGN section 4). */
async function administeredUser(database: Database, actor: Actor, userId: number): Promise<CalendarUser> {
  const condition = administered(actor);
  const [row] = await inScope(database.db, 'all', (tx) =>
    tx
      .select({
        user_id: users.user_id,
        username: users.username,
        first_name: users.first_name,
        last_name: users.last_name,
        email: users.email,
      })
      .from(users)
      .where(and(eq(users.user_id, userId), condition)),
  );
  if (!row) throw notFound(CALENDAR_MESSAGES.userNotFound);
  return { ...row, name: displayName(row) };
}

/**
 * The check an admin runs on /test-calendar: what the user's feed serves now (the same items and
 * the same file the public address gives), read back to count its events.
 */
export async function checkFeed(
  database: Database,
  actor: Actor,
  userId: number,
  publicOrigin: string,
): Promise<CalendarFeedCheck> {
  const user = await administeredUser(database, actor, userId);
  const window = feedWindow();
  const items = await collectItems(database, userId, window);
  const text = icsOf(items, publicOrigin, 'Nexus');
  const problems: string[] = [];
  if (!text.startsWith('BEGIN:VCALENDAR') || !text.trimEnd().endsWith('END:VCALENDAR')) {
    problems.push('The file is not a complete VCALENDAR.');
  }
  const eventCount = text.match(/^BEGIN:VEVENT$/gm)?.length ?? 0;
  if (eventCount !== items.length)
    problems.push(`The file holds ${eventCount} events for ${items.length} items.`);
  const uids = text.match(/^UID:.*$/gm)?.length ?? 0;
  if (uids !== eventCount) problems.push('Some events have no UID.');
  return {
    user,
    has_feed: await hasFeed(database, userId),
    window: { start: window.start.toISOString(), end: window.end.toISOString() },
    items,
    event_count: eventCount,
    bytes: Buffer.byteLength(text),
    problems,
  };
}
