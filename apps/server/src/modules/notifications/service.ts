import {
  NOTIFICATION_MESSAGES,
  type NotificationCategory,
  type NotificationCounts,
  type NotificationFilter,
  type NotificationItem,
  type NotificationState,
} from '@nexus/contracts';
import { type AnyColumn, and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { notifications } from '../../db/schema';
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

/** A timestamp as `Date#toISOString` writes it, made by PostgreSQL. */
const isoSql = (column: AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A page of the caller's inbox, newest first; without a state, everything but the archive. The hot
 * path of the bell and the page, so one prepared statement sets the scope, counts, and builds the
 * whole answer as JSON from the whitelisted columns (as the resource factory's lists do), which the
 * route sends without a parse and a re-serialisation.
 */
export async function listNotificationsJson(
  database: Database,
  actor: Actor,
  query: { page: number; limit: number; state?: NotificationFilter; category?: NotificationCategory },
): Promise<string> {
  const where = and(
    mine(actor),
    stateFilter(query.state),
    query.category ? eq(notifications.category, query.category) : undefined,
  ) as SQL;
  const offset = (query.page - 1) * query.limit;
  const [result] = await database.read<{ body: string }>(
    sql`select json_build_object(
        'data', coalesce((select json_agg(json_build_object(
            'notification_id', p.notification_id, 'category', p.category, 'title', p.title, 'body', p.body,
            'link', p.link, 'state', p.state, 'created_at', p.created_at, 'seen_at', p.seen_at,
            'read_at', p.read_at, 'archived_at', p.archived_at) order by p.at desc, p.notification_id desc)
          from (select notification_id, category, title, body, link, state, created_at as at,
              ${isoSql(notifications.created_at)} as created_at, ${isoSql(notifications.seen_at)} as seen_at,
              ${isoSql(notifications.read_at)} as read_at, ${isoSql(notifications.archived_at)} as archived_at
            from ${notifications} where ${where}
            order by ${notifications.created_at} desc, notification_id desc limit ${query.limit} offset ${offset}) p), '[]'::json),
        'meta', json_build_object('page', ${query.page}::int, 'limit', ${query.limit}::int, 'total', t.total,
          'totalPages', ceil(t.total::numeric / ${query.limit}::int)::int, 'totalExact', true))::text as body
      from (select count(*)::int as total from ${notifications} where ${where}) t`,
    true,
    scopeOf(actor),
  );
  return result?.body ?? '{"data":[],"meta":{}}';
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
    return itemOf(row as Row);
  });
}
