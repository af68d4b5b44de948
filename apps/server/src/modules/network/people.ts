import {
  type ConnectionState,
  NETWORK_MESSAGES,
  type NetworkPerson,
  type NetworkPersonCard,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { inScope } from '../../db/scope';
import { badRequest } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { profileVisibleTo } from '../profiles';

/** The columns of a person as the network shows them (never an email address). */
export interface PersonRow {
  user_id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  profile_image: string | null;
  headline: string | null;
}

export const PERSON_SQL = sql`u.user_id, u.username, u.first_name, u.last_name, u.profile_image, u.headline`;

export function toPerson(row: PersonRow): NetworkPerson {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return {
    user_id: row.user_id,
    name: name || row.username,
    username: row.username,
    profile_image: row.profile_image,
    headline: row.headline,
  };
}

/** True when one of `a`, `b` has blocked the other (messaging's blocks, the one table of them). */
export function blockedSql(a: SQL | number, b: SQL | number): SQL {
  return sql`exists (select 1 from user_blocks bl
    where (bl.blocker_id = ${a} and bl.blocked_id = ${b}) or (bl.blocker_id = ${b} and bl.blocked_id = ${a}))`;
}

/** True when `a` and `b` hold an accepted connection. */
export function connectedSql(a: SQL | number, b: SQL | number): SQL {
  return sql`exists (select 1 from connections cn where cn.status = 'accepted'
    and cn.user_low = least(${a}::int, ${b}::int) and cn.user_high = greatest(${a}::int, ${b}::int))`;
}

/** Offset cursors for ranked lists (search, suggestions): a plain non-negative integer. */
export function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  if (!/^[0-9]{1,7}$/.test(cursor))
    throw badRequest(NETWORK_MESSAGES.badCursor, [
      { in: 'query', path: 'cursor', message: NETWORK_MESSAGES.badCursor },
    ]);
  return Number(cursor);
}

/** Where the caller stands with each of `ids`: connection state and id, following, organisations. */
async function decorate(
  db: DbOrTx,
  me: number,
  rows: (PersonRow & { reason?: string | null })[],
): Promise<NetworkPersonCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.user_id);
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const links = await queryRows<{
    other: number;
    connection_id: number;
    status: string;
    requester_id: number;
  }>(
    db,
    sql`select case when c.user_low = ${me} then c.user_high else c.user_low end as other,
          c.connection_id, c.status, c.requester_id
        from connections c
        where (c.user_low = ${me} and c.user_high in (${idList})) or (c.user_high = ${me} and c.user_low in (${idList}))`,
  );
  const follows = await queryRows<{ followed_id: number }>(
    db,
    sql`select followed_id from follows where follower_id = ${me} and followed_id in (${idList})`,
  );
  const orgs = await queryRows<{ user_id: number; tenant_name: string }>(
    db,
    sql`select distinct ur.user_id, t.tenant_name from user_roles ur join tenants t on t.tenant_id = ur.tenant_id
        where ur.user_id in (${idList}) and ur.is_deleted = false order by t.tenant_name`,
  );
  const linkOf = new Map(links.map((link) => [Number(link.other), link]));
  const followed = new Set(follows.map((row) => Number(row.followed_id)));
  return rows.map((row) => {
    const link = linkOf.get(row.user_id);
    const connection: ConnectionState = !link
      ? 'none'
      : link.status === 'accepted'
        ? 'connected'
        : Number(link.requester_id) === me
          ? 'sent'
          : 'received';
    return {
      ...toPerson(row),
      organisations: orgs.filter((org) => Number(org.user_id) === row.user_id).map((org) => org.tenant_name),
      connection,
      connection_id: link ? Number(link.connection_id) : null,
      following: followed.has(row.user_id),
      reason: row.reason ?? null,
    };
  });
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One search word matches a person by name or username (typo tolerant through pg_trgm's word
 * similarity), headline, a role they hold, an organisation they belong to, or the sections of their
 * profile they show (interests, skills).
 */
function wordMatches(word: string): SQL {
  const pattern = likePattern(word);
  return sql`(u.first_name ilike ${pattern} or u.last_name ilike ${pattern} or u.username ilike ${pattern}
    or u.headline ilike ${pattern}
    or public.word_similarity(${word}, coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) >= 0.5
    or exists (select 1 from user_roles sr join roles r on r.role_id = sr.role_id
      where sr.user_id = u.user_id and sr.is_deleted = false and r.display_name ilike ${pattern})
    or exists (select 1 from user_roles so join tenants t on t.tenant_id = so.tenant_id
      where so.user_id = u.user_id and so.is_deleted = false and t.tenant_name ilike ${pattern})
    or exists (select 1 from profile_sections ps where ps.user_id = u.user_id and ps.is_deleted = false
      and (ps.data ->> 'show_on_profile')::boolean is true and ps.data::text ilike ${pattern}))`;
}

/** Live people other than the caller, whose profile the caller may see, with no block between them. */
function candidate(actor: Actor): SQL {
  return sql`u.is_deleted = false and u.enabled = true and u.user_id <> ${actor.userId}
    and not ${blockedSql(sql`u.user_id`, actor.userId)} and ${profileVisibleTo(actor)}`;
}

/** Search people by name, role, organisation and interests; best name match first. */
export async function searchPeople(
  db: DbOrTx,
  actor: Actor,
  query: { search: string; cursor?: string; limit: number },
) {
  const offset = offsetOf(query.cursor);
  const words = query.search.split(/\s+/).filter(Boolean).slice(0, 5);
  const matches = words.length ? sql.join(words.map(wordMatches), sql` and `) : sql`true`;
  const rank = words.length
    ? sql`public.word_similarity(${query.search}, coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' ' || u.username) desc,`
    : sql``;
  const rows = await inScope(db, 'main', (tx) =>
    queryRows<PersonRow>(
      tx,
      sql`select ${PERSON_SQL} from users u where ${candidate(actor)} and ${matches}
          order by ${rank} u.first_name nulls last, u.last_name nulls last, u.user_id
          limit ${query.limit + 1} offset ${offset}`,
    ),
  );
  const more = rows.length > query.limit;
  return {
    data: await decorate(db, actor.userId, rows.slice(0, query.limit)),
    meta: { limit: query.limit, next_cursor: more ? String(offset + query.limit) : null },
  };
}

/**
 * People you may know: connections of connections (most mutual first), then members of the caller's
 * tenants and learners of the same programs; never someone already connected or asked, or blocked.
 */
export async function suggestPeople(db: DbOrTx, actor: Actor, query: { limit: number }) {
  const me = actor.userId;
  const rows = await inScope(db, 'all', (tx) =>
    queryRows<PersonRow & { mutual: number; tenants: number; programs: number }>(
      tx,
      sql`with mine as (
            select case when c.user_low = ${me} then c.user_high else c.user_low end as uid
            from connections c where c.status = 'accepted' and (c.user_low = ${me} or c.user_high = ${me})
          ), scores as (
            select case when c.user_low = m.uid then c.user_high else c.user_low end as uid,
                   1 as mutual, 0 as tenants, 0 as programs
            from connections c join mine m on c.user_low = m.uid or c.user_high = m.uid
            where c.status = 'accepted'
            union all
            select theirs.user_id, 0, 1, 0 from user_roles mr
            join user_roles theirs on theirs.tenant_id = mr.tenant_id and theirs.is_deleted = false
            where mr.user_id = ${me} and mr.is_deleted = false and mr.tenant_id is not null
            union all
            select e2.user_id, 0, 0, 1 from program_enrollments e1
            join program_enrollments e2 on e2.program_id = e1.program_id
            where e1.user_id = ${me}
          ), ranked as (
            select uid, sum(mutual)::int as mutual, sum(tenants)::int as tenants, sum(programs)::int as programs
            from scores group by uid
          )
          select ${PERSON_SQL}, r.mutual, r.tenants, r.programs
          from ranked r join users u on u.user_id = r.uid
          where ${candidate(actor)}
            and not exists (select 1 from connections x
              where x.user_low = least(u.user_id, ${me}::int) and x.user_high = greatest(u.user_id, ${me}::int))
          order by r.mutual * 4 + r.tenants * 2 + r.programs desc, u.user_id
          limit ${query.limit}`,
    ),
  );
  const reasoned = rows.map((row) => ({
    ...row,
    reason:
      row.mutual > 0
        ? `${row.mutual} mutual connection${row.mutual === 1 ? '' : 's'}`
        : row.tenants > 0
          ? 'In your organisation'
          : 'In one of your programs',
  }));
  return { data: await decorate(db, me, reasoned), meta: { limit: query.limit, next_cursor: null } };
}

/** One person's card, or null when they are not someone the caller may see. */
export async function personCard(
  db: DbOrTx,
  actor: Actor,
  userId: number,
): Promise<NetworkPersonCard | null> {
  const rows = await inScope(db, 'main', (tx) =>
    queryRows<PersonRow>(
      tx,
      sql`select ${PERSON_SQL} from users u where u.user_id = ${userId} and ${candidate(actor)}`,
    ),
  );
  const [card] = await decorate(db, actor.userId, rows);
  return card ?? null;
}

export async function personById(db: DbOrTx, userId: number): Promise<NetworkPerson | null> {
  const [row] = await queryRows<PersonRow>(
    db,
    sql`select ${PERSON_SQL} from users u where u.user_id = ${userId}`,
  );
  return row ? toPerson(row) : null;
}
