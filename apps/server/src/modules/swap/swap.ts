import {
  ERROR_CODES,
  SWAP_MESSAGES,
  type SwapPostItem,
  type swapMatchQuery,
  type swapPostCreate,
  type swapPostUpdate,
  type swapProposalCreate,
  type swapProposalDecision,
  type swapSearchQuery,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, queryRows } from '../../db/client';
import { inScope, scopeOf } from '../../db/scope';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { pgTextArray } from './text-array';

const conflict = (message: string) => new AppError(ERROR_CODES.conflict, 409, message);
const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The context the caller is in: its tenant, or the platform. Nobody reads another context's posts. */
function here(actor: Actor): SQL {
  return actor.tenantId === null ? sql`p.tenant_id is null` : sql`p.tenant_id = ${actor.tenantId}`;
}

type Row = Omit<SwapPostItem, 'created_at'> & { created_at: unknown };

const COLUMNS = (actor: Actor) => sql`p.post_id, p.tenant_id, p.user_id,
  coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) as author,
  p.kind, p.title, p.description, p.tags, p.status, p.created_at,
  (p.user_id = ${actor.userId}) as is_mine,
  (select s.status from swap_proposals s where s.post_id = p.post_id and s.user_id = ${actor.userId}) as my_proposal,
  case when p.user_id = ${actor.userId}
    then (select count(*)::int from swap_proposals s where s.post_id = p.post_id and s.status = 'pending')
    else 0 end as pending_proposals`;

const FROM = sql`swap_posts p join users u on u.user_id = p.user_id`;

const toItem = <T extends Row>(row: T) => ({ ...row, created_at: iso(row.created_at) });

const meta = (page: number, limit: number, total: number) => ({
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
  totalExact: true,
});

/** getPosts: everyone's open posts here (or all of mine with `mine`), newest first; word, kind and tag narrow. */
export async function searchPosts(database: Database, actor: Actor, query: z.infer<typeof swapSearchQuery>) {
  const parts: SQL[] = [here(actor), sql`p.is_deleted = false`];
  if (query.mine) parts.push(sql`p.user_id = ${actor.userId}`);
  else parts.push(sql`p.status = 'open'`);
  for (const word of (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, 10)) {
    const pattern = escapeLike(word);
    parts.push(
      sql`(p.title ilike ${pattern} or p.description ilike ${pattern} or ${word.toLowerCase()} = any(p.tags))`,
    );
  }
  if (query.kind) parts.push(sql`p.kind = ${query.kind}`);
  if (query.tag) parts.push(sql`${query.tag} = any(p.tags)`);
  const where = sql.join(parts, sql` and `);
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const [counted] = await queryRows<{ total: number }>(
      tx,
      sql`select count(*)::int as total from swap_posts p where ${where}`,
    );
    const rows = await queryRows<Row>(
      tx,
      sql`select ${COLUMNS(actor)} from ${FROM} where ${where}
        order by p.created_at desc, p.post_id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    );
    return { data: rows.map(toItem), meta: meta(query.page, query.limit, Number(counted?.total ?? 0)) };
  });
}

/**
 * getMatches: others' open requests sharing tags with my open offers, and their open offers sharing tags
 * with my open requests; most shared tags first, then newest.
 */
export async function matchPosts(database: Database, actor: Actor, query: z.infer<typeof swapMatchQuery>) {
  const where = sql`${here(actor)} and p.is_deleted = false and p.status = 'open' and p.user_id <> ${actor.userId}`;
  const shared = sql`(select coalesce(array_agg(distinct t order by t), '{}'::text[])
      from swap_posts m, unnest(m.tags) t
      where m.user_id = ${actor.userId} and m.is_deleted = false and m.status = 'open' and m.kind <> p.kind
        and ${actor.tenantId === null ? sql`m.tenant_id is null` : sql`m.tenant_id = ${actor.tenantId}`}
        and t = any(p.tags))`;
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const inner = sql`select p.post_id, ${shared} as shared_tags from swap_posts p where ${where}`;
    const [counted] = await queryRows<{ total: number }>(
      tx,
      sql`select count(*)::int as total from (${inner}) x where cardinality(x.shared_tags) > 0`,
    );
    const rows = await queryRows<Row & { shared_tags: string[]; overlap: number }>(
      tx,
      sql`select ${COLUMNS(actor)}, x.shared_tags, cardinality(x.shared_tags)::int as overlap
        from (${inner}) x join swap_posts p on p.post_id = x.post_id join users u on u.user_id = p.user_id
        where cardinality(x.shared_tags) > 0
        order by cardinality(x.shared_tags) desc, p.created_at desc, p.post_id desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    );
    return { data: rows.map(toItem), meta: meta(query.page, query.limit, Number(counted?.total ?? 0)) };
  });
}

/** One live post here (404 for another context's, as for a missing one). */
export async function getPost(database: Database, actor: Actor, postId: number) {
  const [row] = await inScope(database.db, scopeOf(actor), (tx) =>
    queryRows<Row>(
      tx,
      sql`select ${COLUMNS(actor)} from ${FROM} where p.post_id = ${postId} and ${here(actor)} and p.is_deleted = false`,
    ),
  );
  if (!row) throw notFound(SWAP_MESSAGES.postNotFound);
  return toItem(row);
}

/** My post, or 404 (another member's post answers as a missing one would for a change). */
async function minePost(database: Database, actor: Actor, postId: number) {
  const post = await getPost(database, actor, postId);
  if (!post.is_mine) throw notFound(SWAP_MESSAGES.postNotFound);
  return post;
}

export async function createPost(database: Database, actor: Actor, input: z.infer<typeof swapPostCreate>) {
  const [row] = await inScope(database.db, scopeOf(actor), (tx) =>
    queryRows<{ post_id: number }>(
      tx,
      sql`insert into swap_posts (tenant_id, user_id, kind, title, description, tags, created_by, modified_by)
        values (${actor.tenantId}, ${actor.userId}, ${input.kind}, ${input.title}, ${input.description},
          ${pgTextArray(input.tags)}::text[], ${actor.userId}, ${actor.userId})
        returning post_id`,
    ),
  );
  if (!row) throw new Error('insert returned nothing');
  return getPost(database, actor, row.post_id);
}

/** Edits or closes (status) my post. */
export async function updatePost(
  database: Database,
  actor: Actor,
  postId: number,
  input: z.infer<typeof swapPostUpdate>,
) {
  await minePost(database, actor, postId);
  const sets: SQL[] = [sql`modified_by = ${actor.userId}`, sql`modified_at = now()`];
  if (input.kind !== undefined) sets.push(sql`kind = ${input.kind}`);
  if (input.title !== undefined) sets.push(sql`title = ${input.title}`);
  if (input.description !== undefined) sets.push(sql`description = ${input.description}`);
  if (input.tags !== undefined) sets.push(sql`tags = ${pgTextArray(input.tags)}::text[]`);
  if (input.status !== undefined) sets.push(sql`status = ${input.status}`);
  await inScope(database.db, scopeOf(actor), (tx) =>
    queryRows(
      tx,
      sql`update swap_posts set ${sql.join(sets, sql`, `)}
        where post_id = ${postId} and user_id = ${actor.userId} and is_deleted = false`,
    ),
  );
  return getPost(database, actor, postId);
}

/** Soft-deletes my post (its proposals stay for the record, unseen with it). */
export async function deletePost(database: Database, actor: Actor, postId: number) {
  await minePost(database, actor, postId);
  await inScope(database.db, scopeOf(actor), (tx) =>
    queryRows(
      tx,
      sql`update swap_posts set is_deleted = true, deleted_at = now(), deleted_by = ${actor.userId}
        where post_id = ${postId} and user_id = ${actor.userId}`,
    ),
  );
  return { message: 'Post deleted.' };
}

/** Proposes a swap on another member's open post, once per post (a second is 409, however many race). */
export async function propose(database: Database, actor: Actor, input: z.infer<typeof swapProposalCreate>) {
  const post = await getPost(database, actor, input.post_id);
  if (post.is_mine) throw badRequest(SWAP_MESSAGES.ownPost);
  if (post.status !== 'open') throw conflict(SWAP_MESSAGES.closed);
  const [row] = await inScope(database.db, scopeOf(actor), (tx) =>
    queryRows<{ proposal_id: number }>(
      tx,
      sql`insert into swap_proposals (post_id, tenant_id, user_id, message)
        values (${post.post_id}, ${post.tenant_id}, ${actor.userId}, ${input.message})
        on conflict (post_id, user_id) do nothing returning proposal_id`,
    ),
  );
  if (!row) throw conflict(SWAP_MESSAGES.alreadyProposed);
  return { data: await getPost(database, actor, post.post_id), message: SWAP_MESSAGES.proposalSent };
}

type ProposalRow = {
  proposal_id: number;
  post_id: number;
  user_id: number;
  name: string;
  message: string;
  status: 'pending' | 'accepted' | 'declined';
  created_at: unknown;
};

/** The proposals on my post, newest first (404 to anyone else, as for a missing post). */
export async function postProposals(database: Database, actor: Actor, postId: number) {
  await minePost(database, actor, postId);
  const rows = await inScope(database.db, scopeOf(actor), (tx) =>
    queryRows<ProposalRow>(
      tx,
      sql`select s.proposal_id, s.post_id, s.user_id, s.message, s.status, s.created_at,
          coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) as name
        from swap_proposals s join users u on u.user_id = s.user_id
        where s.post_id = ${postId} order by s.created_at desc, s.proposal_id desc limit 500`,
    ),
  );
  return { data: rows.map((row) => ({ ...row, created_at: iso(row.created_at) })) };
}

/** The owner of the post accepts or declines a pending proposal. */
export async function decideProposal(
  database: Database,
  actor: Actor,
  proposalId: number,
  input: z.infer<typeof swapProposalDecision>,
) {
  const [found] = await inScope(database.db, scopeOf(actor), (tx) =>
    queryRows<{ post_id: number; status: string }>(
      tx,
      sql`select s.post_id, s.status from swap_proposals s join swap_posts p on p.post_id = s.post_id
        where s.proposal_id = ${proposalId} and p.user_id = ${actor.userId} and ${here(actor)}
          and p.is_deleted = false`,
    ),
  );
  if (!found) throw notFound(SWAP_MESSAGES.proposalNotFound);
  const [row] = await inScope(database.db, scopeOf(actor), (tx) =>
    queryRows<{ proposal_id: number }>(
      tx,
      sql`update swap_proposals set status = ${input.status}, decided_at = now()
        where proposal_id = ${proposalId} and status = 'pending' returning proposal_id`,
    ),
  );
  if (!row) throw conflict(SWAP_MESSAGES.decided);
  const list = await postProposals(database, actor, found.post_id);
  const data = list.data.find((p) => p.proposal_id === proposalId);
  if (!data) throw notFound(SWAP_MESSAGES.proposalNotFound);
  return { data };
}
