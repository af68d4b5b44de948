import {
  NOTIFICATION_MESSAGES,
  type NotificationCategory,
  type NotificationCounts,
  type NotificationFilter,
  type NotificationItem,
  type NotificationList,
  type NotificationState,
} from '@nexus/contracts';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Db, DbOrTx } from '../../db/client';
import { notificationInboxVersions, notifications } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';

type Row = typeof notifications.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function itemOf(row: Row): NotificationItem {
  return {
    notification_id: row.notification_id,
    category: row.category as NotificationCategory,
    title: row.title,
    body: row.body,
    link: row.link,
    state: row.state,
    created_at: row.created_at.toISOString(),
    seen_at: iso(row.seen_at),
    read_at: iso(row.read_at),
    archived_at: iso(row.archived_at),
  };
}

/**
 * The caller's own in-app notifications in their current context: that tenant's and the platform's.
 * Row-level security enforces the same scope; the explicit condition keeps the query plan on the index.
 */
function mine(actor: Actor): SQL {
  const tenant =
    actor.tenantId === null
      ? isNull(notifications.tenant_id)
      : or(eq(notifications.tenant_id, actor.tenantId), isNull(notifications.tenant_id));
  return and(eq(notifications.user_id, actor.userId), eq(notifications.in_app, true), tenant) as SQL;
}

function stateFilter(state: NotificationFilter | undefined): SQL {
  if (state === undefined) return sql`${notifications.state} <> 'archived'`;
  if (state === 'unread') return inArray(notifications.state, ['unseen', 'seen']);
  return eq(notifications.state, state);
}

/** One row of the page statement: the inbox version and total, and one item (null on an empty page). */
interface PageRow {
  version: number;
  /** Null when the inbox has not changed since the total this process keeps. */
  total: number | null;
  notification_id: number | null;
  category: NotificationCategory;
  title: string;
  body: string;
  link: string;
  state: NotificationState;
  created_at: Date | string;
  seen_at: Date | string | null;
  read_at: Date | string | null;
  archived_at: Date | string | null;
}

interface InboxMemory {
  /** Totals this process counted, per inbox and filter, with the inbox version they were counted at. */
  totals: Map<string, { version: number; total: number }>;
  /** Pages this process answered, per inbox, filter, page and size, with the version they were read at. */
  pages: Map<string, { version: number; list: NotificationList }>;
}
const MAX_TOTALS = 10_000;

// Kept per database: inbox versions and user ids are only meaningful within one database, and a
// process may hold more than one (tests, tools).
const memories = new WeakMap<Database, InboxMemory>();

function memoryOf(database: Database): InboxMemory {
  let memory = memories.get(database);
  if (!memory) {
    memory = { totals: new Map(), pages: new Map() };
    memories.set(database, memory);
  }
  return memory;
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  // Oldest first in a Map: drop the least recently stored beyond the bound.
  if (map.size > MAX_TOTALS) map.delete(map.keys().next().value as string);
}

/**
 * Bumps the inbox version of each person, inside the write that changed their inbox, so every
 * process recounts that inbox's totals on its next read (and only then).
 */
export async function bumpInboxes(tx: DbOrTx, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.execute(
    sql`insert into ${notificationInboxVersions} (user_id)
      select unnest(${sql.param([...new Set(userIds)])}::int[])
      on conflict (user_id) do update set version = ${notificationInboxVersions.version} + 1`,
  );
}

const isoOf = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/**
 * A page of the caller's inbox, newest first; without a state, everything but the archive. One
 * prepared statement carries the scope, the count and the page (the hot path of the bell and page).
 */
export async function listNotifications(
  database: Database,
  actor: Actor,
  query: { page: number; limit: number; state?: NotificationFilter; category?: NotificationCategory },
): Promise<NotificationList> {
  const where = and(
    mine(actor),
    stateFilter(query.state),
    query.category ? eq(notifications.category, query.category) : undefined,
  ) as SQL;
  const offset = (query.page - 1) * query.limit;
  const { totals, pages } = memoryOf(database);
  const key = `${actor.userId}|${actor.tenantId}|${query.state ?? ''}|${query.category ?? ''}`;
  const known = totals.get(key);
  const pageKey = `${key}|${query.page}|${query.limit}`;
  const kept = pages.get(pageKey);
  // A repeated read of an unchanged inbox is one index lookup (the version): the count and the page
  // are read again only when the version moved. Scalar sub-selects run once per statement; the
  // lateral page keeps one row on an empty or unchanged page.
  const found = await database.read<PageRow>(
    sql`with v as (
        select coalesce(max(version), 0)::int as version from ${notificationInboxVersions} where user_id = ${actor.userId})
      select v.version,
        case when v.version = ${known?.version ?? -1}::int then null
          else (select count(*)::int from ${notifications} where ${where}) end as total,
        p.notification_id, p.category, p.title, p.body, p.link, p.state, p.created_at, p.seen_at, p.read_at, p.archived_at
      from v left join lateral (
        select notification_id, category, title, body, link, state, created_at, seen_at, read_at, archived_at
        from ${notifications} where v.version <> ${kept?.version ?? -1}::int and ${where}
        order by created_at desc, notification_id desc limit ${query.limit} offset ${offset}) p on true`,
    true,
    scopeOf(actor),
  );
  const [first] = found;
  const version = Number(first?.version ?? 0);
  if (kept && kept.version === version) return kept.list;
  let total = known?.total ?? 0;
  if (first && first.total !== null) {
    total = Number(first.total);
    remember(totals, key, { version, total });
  }
  const list: NotificationList = {
    data: found
      .filter((row) => row.notification_id !== null)
      .map((row) => ({
        notification_id: Number(row.notification_id),
        category: row.category,
        title: row.title,
        body: row.body,
        link: row.link,
        state: row.state,
        created_at: new Date(row.created_at).toISOString(),
        seen_at: isoOf(row.seen_at),
        read_at: isoOf(row.read_at),
        archived_at: isoOf(row.archived_at),
      })),
    meta: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
      totalExact: true,
    },
  };
  remember(pages, pageKey, { version, list });
  return list;
}

/** The bell's badge (unseen) and the inbox's unread count, in one prepared statement. */
export async function countNotifications(database: Database, actor: Actor): Promise<NotificationCounts> {
  const [row] = await database.read<{ unseen: number; unread: number }>(
    sql`select count(*) filter (where ${notifications.state} = 'unseen')::int as unseen, count(*)::int as unread
      from ${notifications} where ${and(mine(actor), inArray(notifications.state, ['unseen', 'seen']))}`,
    true,
    scopeOf(actor),
  );
  return { unseen: Number(row?.unseen ?? 0), unread: Number(row?.unread ?? 0) };
}

/** Every unseen notification becomes seen (the bell was opened); read and archived ones stay. */
export function markAllSeen(db: Db, actor: Actor): Promise<number> {
  return inScope(db, scopeOf(actor), async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ state: 'seen', seen_at: new Date() })
      .where(and(mine(actor), eq(notifications.state, 'unseen')))
      .returning({ id: notifications.notification_id });
    if (rows.length > 0) await bumpInboxes(tx, [actor.userId]);
    return rows.length;
  });
}

/** Every unseen or seen notification becomes read. */
export function markAllRead(db: Db, actor: Actor): Promise<number> {
  return inScope(db, scopeOf(actor), async (tx) => {
    const now = new Date();
    const rows = await tx
      .update(notifications)
      .set({ state: 'read', read_at: now, seen_at: sql`coalesce(${notifications.seen_at}, ${now})` })
      .where(and(mine(actor), inArray(notifications.state, ['unseen', 'seen'])))
      .returning({ id: notifications.notification_id });
    if (rows.length > 0) await bumpInboxes(tx, [actor.userId]);
    return rows.length;
  });
}

/**
 * Moves one of the caller's notifications to `read` or `archived`. Someone else's, or one of another
 * tenant, is a 404 that confirms nothing. Reading an archived notification leaves it archived.
 */
export function changeState(
  db: Db,
  actor: Actor,
  id: number,
  state: Extract<NotificationState, 'read' | 'archived'>,
): Promise<NotificationItem> {
  return inScope(db, scopeOf(actor), async (tx) => {
    const [found] = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.notification_id, id), mine(actor)))
      .for('update');
    if (!found) throw notFound(NOTIFICATION_MESSAGES.notFound);
    const now = new Date();
    const next =
      state === 'archived'
        ? { state, archived_at: found.archived_at ?? now, read_at: found.read_at ?? now }
        : { state: found.state === 'archived' ? found.state : state, read_at: found.read_at ?? now };
    const [row] = await tx
      .update(notifications)
      .set({ ...next, seen_at: found.seen_at ?? now })
      .where(eq(notifications.notification_id, id))
      .returning();
    await bumpInboxes(tx, [actor.userId]);
    return itemOf(row as Row);
  });
}
