import { type ConnectionItem, ERROR_CODES, NETWORK_MESSAGES } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { connections, follows } from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';

const conflict = (message: string) => new AppError(ERROR_CODES.conflict, 409, message);

import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { blockedBetween } from '../messaging';
import { PERSON_SQL, type PersonRow, personCard, toPerson } from './people';

interface ConnectionRow extends PersonRow {
  connection_id: number;
  requester_id: number;
  status: 'pending' | 'accepted';
  message: string | null;
  created_at: string;
  accepted_at: string | null;
}

function toItem(me: number, row: ConnectionRow): ConnectionItem {
  return {
    connection_id: row.connection_id,
    person: toPerson(row),
    status: row.status,
    direction: row.requester_id === me ? 'sent' : 'received',
    message: row.message,
    created_at: row.created_at,
    accepted_at: row.accepted_at,
  };
}

const invalidUser = (message: string) => badRequest(message, [{ in: 'body', path: 'user_id', message }]);

/** Keyset cursor over connection ids, newest first. */
function idCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return null;
  if (!/^[1-9][0-9]{0,9}$/.test(cursor))
    throw badRequest(NETWORK_MESSAGES.badCursor, [
      { in: 'query', path: 'cursor', message: NETWORK_MESSAGES.badCursor },
    ]);
  return Number(cursor);
}

const SELECT = sql`select c.connection_id, c.requester_id, c.status, c.message,
    to_json(c.created_at) #>> '{}' as created_at, to_json(c.accepted_at) #>> '{}' as accepted_at, ${PERSON_SQL}
  from me cross join connections c
  join users u on u.user_id = case when c.requester_id = me.id then c.addressee_id else c.requester_id end`;

async function page(
  db: Db,
  me: number,
  where: ReturnType<typeof sql>,
  cursor: string | undefined,
  limit: number,
) {
  const after = idCursor(cursor);
  const rows = await queryRows<ConnectionRow>(
    db,
    sql`with me as (select ${me}::int as id) ${SELECT} where ${where}
        and u.is_deleted = false ${after === null ? sql`` : sql`and c.connection_id < ${after}`}
        order by c.connection_id desc limit ${limit + 1}`,
  );
  const more = rows.length > limit;
  const data = rows.slice(0, limit).map((row) => toItem(me, row));
  return { data, meta: { limit, next_cursor: more ? String(data.at(-1)?.connection_id) : null } };
}

/** The caller's accepted connections, newest first, optionally narrowed by name. */
export async function listConnections(
  db: Db,
  me: number,
  query: { search: string; cursor?: string; limit: number },
) {
  const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const named = query.search
    ? sql`and (u.first_name ilike ${pattern} or u.last_name ilike ${pattern} or u.username ilike ${pattern}
        or coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') ilike ${pattern})`
    : sql``;
  return page(
    db,
    me,
    sql`c.status = 'accepted' and (c.user_low = ${me} or c.user_high = ${me}) ${named}`,
    query.cursor,
    query.limit,
  );
}

/** Pending requests the caller received (default) or sent. */
export async function listRequests(
  db: Db,
  me: number,
  query: { direction: 'received' | 'sent'; cursor?: string; limit: number },
) {
  const side = query.direction === 'sent' ? sql`c.requester_id = ${me}` : sql`c.addressee_id = ${me}`;
  return page(db, me, sql`c.status = 'pending' and ${side}`, query.cursor, query.limit);
}

async function oneItem(db: Db | Tx, me: number, connectionId: number): Promise<ConnectionItem> {
  const [row] = await queryRows<ConnectionRow>(
    db,
    sql`with me as (select ${me}::int as id) ${SELECT} where c.connection_id = ${connectionId}`,
  );
  if (!row) throw notFound(NETWORK_MESSAGES.connectionNotFound);
  return toItem(me, row);
}

export interface Changed {
  item: ConnectionItem;
  /** Both people: their open pages refetch. */
  userIds: number[];
}

/**
 * Sends a connection request. Only to a live person whose profile the caller may see and with no
 * block either way; a request they already sent the caller is accepted instead (both wanted it).
 */
export async function sendRequest(
  db: Db,
  actor: Actor,
  input: { user_id: number; message?: string | undefined },
): Promise<Changed> {
  const me = actor.userId;
  const other = input.user_id;
  if (other === me) throw invalidUser(NETWORK_MESSAGES.connectSelf);
  if (await blockedBetween(db, me, other)) throw forbidden(NETWORK_MESSAGES.blocked);
  if (!(await personCard(db, actor, other))) throw invalidUser(NETWORK_MESSAGES.userNotFound);
  const low = Math.min(me, other);
  const high = Math.max(me, other);
  return inScope(db, 'main', async (tx) => {
    const [existing] = await tx
      .select()
      .from(connections)
      .where(sql`${connections.user_low} = ${low} and ${connections.user_high} = ${high}`)
      .for('update');
    if (existing?.status === 'accepted') throw conflict(NETWORK_MESSAGES.alreadyConnected);
    if (existing && existing.requester_id === me) throw conflict(NETWORK_MESSAGES.alreadyRequested);
    if (existing) return acceptIn(tx, me, existing.connection_id);
    const [row] = await tx
      .insert(connections)
      .values({
        requester_id: me,
        addressee_id: other,
        user_low: low,
        user_high: high,
        status: 'pending',
        message: input.message?.trim() || null,
      })
      .returning({ id: connections.connection_id });
    const id = row!.id;
    await recordEvent(tx, 'network.connection.requested', {
      connection_id: id,
      requester_id: me,
      addressee_id: other,
      tenant_id: null,
    });
    return { item: await oneItem(tx as unknown as Db, me, id), userIds: [me, other] };
  });
}

async function acceptIn(tx: Tx, me: number, connectionId: number): Promise<Changed> {
  const [row] = await tx
    .update(connections)
    .set({ status: 'accepted', accepted_at: new Date() })
    .where(
      sql`${connections.connection_id} = ${connectionId} and ${connections.addressee_id} = ${me} and ${connections.status} = 'pending'`,
    )
    .returning();
  if (!row) throw notFound(NETWORK_MESSAGES.requestNotFound);
  await recordEvent(tx, 'network.connection.accepted', {
    connection_id: row.connection_id,
    requester_id: row.requester_id,
    addressee_id: row.addressee_id,
    tenant_id: null,
  });
  return { item: await oneItem(tx as unknown as Db, me, row.connection_id), userIds: [row.requester_id, me] };
}

/** Accepts a request the caller received (anyone else's, or a missing one, is a 404). */
export async function acceptRequest(db: Db, me: number, connectionId: number): Promise<Changed> {
  return inScope(db, 'main', async (tx) => {
    const [pending] = await tx
      .select({ requester_id: connections.requester_id })
      .from(connections)
      .where(
        sql`${connections.connection_id} = ${connectionId} and ${connections.addressee_id} = ${me} and ${connections.status} = 'pending'`,
      );
    if (!pending) throw notFound(NETWORK_MESSAGES.requestNotFound);
    if (await blockedBetween(tx, me, pending.requester_id)) throw forbidden(NETWORK_MESSAGES.blocked);
    return acceptIn(tx, me, connectionId);
  });
}

/**
 * Removes a row the caller is part of: `decline` a request received, `withdraw` a request sent,
 * `remove` an accepted connection. Anything else (another's row, the wrong kind) is a 404.
 */
export async function dropConnection(
  db: Db,
  me: number,
  connectionId: number,
  kind: 'decline' | 'withdraw' | 'remove',
): Promise<number[]> {
  const which =
    kind === 'decline'
      ? sql`${connections.addressee_id} = ${me} and ${connections.status} = 'pending'`
      : kind === 'withdraw'
        ? sql`${connections.requester_id} = ${me} and ${connections.status} = 'pending'`
        : sql`(${connections.requester_id} = ${me} or ${connections.addressee_id} = ${me}) and ${connections.status} = 'accepted'`;
  const gone = await db
    .delete(connections)
    .where(sql`${connections.connection_id} = ${connectionId} and ${which}`)
    .returning({ a: connections.requester_id, b: connections.addressee_id });
  const [row] = gone;
  if (!row)
    throw notFound(
      kind === 'remove' ? NETWORK_MESSAGES.connectionNotFound : NETWORK_MESSAGES.requestNotFound,
    );
  return [row.a, row.b];
}

/** Counts for the network pages' tabs. */
export async function summary(db: Db, me: number) {
  const [row] = await queryRows<{
    connections: number;
    received: number;
    sent: number;
    following: number;
    followers: number;
  }>(
    db,
    sql`select
      (select count(*)::int from connections where status = 'accepted' and (user_low = ${me} or user_high = ${me})) as connections,
      (select count(*)::int from connections where status = 'pending' and addressee_id = ${me}) as received,
      (select count(*)::int from connections where status = 'pending' and requester_id = ${me}) as sent,
      (select count(*)::int from follows where follower_id = ${me}) as following,
      (select count(*)::int from follows where followed_id = ${me}) as followers`,
  );
  return row!;
}

/** Follows a person the caller may see (idempotent). */
export async function follow(db: Db, actor: Actor, userId: number) {
  if (userId === actor.userId) throw invalidUser(NETWORK_MESSAGES.followSelf);
  const card = await personCard(db, actor, userId);
  if (!card) throw invalidUser(NETWORK_MESSAGES.userNotFound);
  await db.insert(follows).values({ follower_id: actor.userId, followed_id: userId }).onConflictDoNothing();
  return { ...card, following: true };
}

export async function unfollow(db: Db, me: number, userId: number): Promise<void> {
  const gone = await db
    .delete(follows)
    .where(sql`${follows.follower_id} = ${me} and ${follows.followed_id} = ${userId}`)
    .returning();
  if (gone.length === 0) throw notFound(NETWORK_MESSAGES.notFollowing);
}

/** The people the caller follows, newest first (offset cursor). */
export async function listFollowing(db: Db, me: number, query: { cursor?: string; limit: number }) {
  const offset = query.cursor && /^[0-9]{1,7}$/.test(query.cursor) ? Number(query.cursor) : 0;
  const rows = await queryRows<PersonRow>(
    db,
    sql`select ${PERSON_SQL} from follows f join users u on u.user_id = f.followed_id
        where f.follower_id = ${me} and u.is_deleted = false
        order by f.created_at desc, u.user_id limit ${query.limit + 1} offset ${offset}`,
  );
  const more = rows.length > query.limit;
  return {
    data: rows.slice(0, query.limit).map(toPerson),
    meta: { limit: query.limit, next_cursor: more ? String(offset + query.limit) : null },
  };
}
