import {
  EVENT_LIMITS,
  type EventItem,
  type EventRegistrationStatus,
  type eventListQuery,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, toQuery } from '../../db/client';
import { cappedMeta, KeptCounts } from '../../db/kept-counts';
import type { Actor } from '../../http/policy';
import { assertReadsCommunity, myCommunityIdsSql } from '../community';
import { liveState } from './live-check';
import { organisedSql, organises, visibleSql } from './policy';
import { COLUMNS, dated, myStatusSql, toItem } from './service';

type ListInput = z.infer<typeof eventListQuery>;

/**
 * Counts of the lists, kept while the events' list version holds and for a few seconds at most:
 * an event leaves "upcoming" when it ends, which no write announces.
 */
const counts = new KeptCounts({ tables: ['events'], maxAgeMs: 5_000, scope: 'all' });

/**
 * Pages kept with the version they were read under, for as long as counts are kept: a repeated list
 * (the /events page everyone opens) is then one small statement that reads the version and, for the
 * kept events alone, what moves without a new version: the seats taken and the caller's own status
 * (live-check.ts, one statement for everyone asking at once).
 * The page is kept as finished items (dates written out once), with what depends on the caller
 * (the online link, their status, whether they organise it) put in for each answer.
 */
interface KeptEvent {
  item: EventItem;
  onlineUrl: string | null;
}
interface KeptPage {
  version: string;
  at: number;
  events: KeptEvent[];
  counted: number;
}
const PAGE_MAX_AGE_MS = 5_000;
const KEPT_PAGES = 500;
const keptPages = new WeakMap<Database, Map<string, KeptPage>>();

function pagesOf(database: Database): Map<string, KeptPage> {
  let pages = keptPages.get(database);
  if (!pages) {
    pages = new Map();
    keptPages.set(database, pages);
  }
  return pages;
}

/** An item of a kept page as `actor` sees it now. */
function forActor(
  kept: KeptEvent,
  actor: Actor | null,
  seatsTaken: number,
  myStatus: EventRegistrationStatus | null,
): EventItem {
  const { item } = kept;
  const canManage = organises(actor, item.tenant_id);
  return {
    ...item,
    online_url: canManage || myStatus === 'confirmed' ? kept.onlineUrl : null,
    seats_taken: seatsTaken,
    seats_left: item.capacity === null ? null : Math.max(item.capacity - seatsTaken, 0),
    my_status: actor ? myStatus : null,
    can_manage: canManage,
  };
}

/** The kept page with its live columns read again, or null when it is gone, old or of another version. */
async function keptPage(
  database: Database,
  actor: Actor | null,
  pageKey: string,
): Promise<{ data: EventItem[]; counted: number; rows: number } | null> {
  const kept = pagesOf(database).get(pageKey);
  if (!kept || Date.now() - kept.at > PAGE_MAX_AGE_MS) return null;
  const live = await liveState(
    database,
    kept.events.map((event) => event.item.event_id),
    actor?.userId ?? null,
  );
  if (live.version !== kept.version) return null;
  const data = kept.events.map((event) => {
    const id = event.item.event_id;
    const status = actor ? (live.statuses.get(`${actor.userId}:${id}`) ?? null) : null;
    return forActor(event, actor, live.seats.get(id) ?? event.item.seats_taken, status);
  });
  return { data, counted: kept.counted, rows: data.length };
}

function keepPage(database: Database, pageKey: string, page: KeptPage): void {
  const pages = pagesOf(database);
  if (pages.size >= KEPT_PAGES) pages.delete(pages.keys().next().value as string);
  pages.set(pageKey, page);
}

/** The conditions every list shares: what the caller may see (or organises) and the filters. */
async function conditions(database: Database, actor: Actor | null, query: ListInput): Promise<SQL[]> {
  const parts: SQL[] = [sql`e.is_deleted = false`];
  parts.push(
    query.view === 'manage' ? organisedSql(actor) : sql`e.status = 'published' and ${visibleSql(actor)}`,
  );
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql`(e.title ilike ${pattern} or e.summary ilike ${pattern} or coalesce(e.venue, '') ilike ${pattern})`,
    );
  }
  if (query.mode) parts.push(sql`e.mode = ${query.mode}`);
  if (query.community_id === 'mine')
    parts.push(actor ? sql`e.community_id in ${myCommunityIdsSql(actor.userId)}` : sql`false`);
  else if (query.community_id !== undefined) {
    await assertReadsCommunity(database.db, actor, query.community_id);
    parts.push(sql`e.community_id = ${query.community_id}`);
  }
  // tenant_id=0 names the platform's own events.
  if (query.tenant_id !== undefined)
    parts.push(query.tenant_id === 0 ? sql`e.tenant_id is null` : sql`e.tenant_id = ${query.tenant_id}`);
  if (query.from) parts.push(sql`e.last_ends_at >= ${query.from}::timestamptz`);
  if (query.to) parts.push(sql`e.starts_at < ${query.to}::timestamptz`);
  return parts;
}

/**
 * One page in the order of events_start_order_idx (starts_at, event_id), so PostgreSQL walks the
 * index from now() and stops after the page instead of sorting every match. Upcoming events are
 * those under way (started, not ended: they sort first) followed by those that start from now on;
 * past ones end before now, so they also start before it, and the walk goes back from now().
 */
function pageSql(actor: Actor | null, where: SQL, query: ListInput, offset: number): SQL {
  const select = sql`select ${COLUMNS}, ${myStatusSql(actor)} as my_status from events e where ${where}`;
  if (query.when === 'past')
    return sql`${select} and e.last_ends_at < now() and e.starts_at < now()
      order by e.starts_at desc, e.event_id desc limit ${query.limit} offset ${offset}`;
  if (query.when === 'all')
    return sql`${select} order by e.starts_at, e.event_id limit ${query.limit} offset ${offset}`;
  const enough = offset + query.limit;
  return sql`select * from (
      (${select} and e.starts_at < now() and e.last_ends_at >= now() order by e.starts_at, e.event_id limit ${enough})
      union all
      (${select} and e.starts_at >= now() order by e.starts_at, e.event_id limit ${enough})
    ) u order by u.starts_at, u.event_id limit ${query.limit} offset ${offset}`;
}

const WHEN: Record<ListInput['when'], SQL> = {
  upcoming: sql`e.last_ends_at >= now()`,
  past: sql`e.last_ends_at < now()`,
  all: sql`true`,
};

/**
 * The list: discover (visible, published) or manage (organised), with search, filters and paging.
 * The total counts at most EVENT_LIMITS.countCap matches (past it, a lower bound, `totalExact`
 * false) and is reused while the events' list version holds: page, version and (when needed) count
 * come back in one statement.
 */
export async function listEvents(database: Database, actor: Actor | null, query: ListInput) {
  const where = sql.join(await conditions(database, actor, query), sql` and `);
  const offset = (query.page - 1) * query.limit;
  const cap = EVENT_LIMITS.countCap;
  const countSql = sql`(select count(*)::int from (select 1 from events e where ${where} and ${WHEN[query.when]}
    limit ${cap + 1}) c)`;
  // Keyed by the count's own text and values: whatever decides what it counts (visibility included).
  const counting = toQuery(countSql);
  const key = JSON.stringify([counting.sql, counting.params]);
  // "My communities" follows the caller's memberships, which the events' version does not see.
  const keepable = query.community_id !== 'mine';
  const pageKey = JSON.stringify([key, query.limit, offset]);
  const kept = keepable ? await keptPage(database, actor, pageKey) : null;
  if (kept)
    return { data: kept.data, meta: cappedMeta(query.page, query.limit, kept.rows, kept.counted, cap) };
  const read = await counts.page<Record<string, unknown>>(
    database,
    key,
    countSql,
    pageSql(actor, where, query, offset),
  );
  // Each row becomes its item once; the caller's answer is that item as they see it.
  const events = read.rows.map((row) => {
    const event = dated(row);
    return { item: toItem(event, null, null), onlineUrl: event.online_url };
  });
  const data = events.map((event, index) =>
    forActor(
      event,
      actor,
      event.item.seats_taken,
      (read.rows[index]!.my_status as EventRegistrationStatus | null) ?? null,
    ),
  );
  if (keepable)
    keepPage(database, pageKey, { version: read.version, at: Date.now(), events, counted: read.counted });
  return { data, meta: cappedMeta(query.page, query.limit, read.rows.length, read.counted, cap) };
}
