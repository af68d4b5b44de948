import {
  fileContentPath,
  NETWORK_MESSAGES,
  type PostItem,
  type PostReaction,
  type PostStatus,
  type PostVisibility,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db, DbOrTx } from '../../db/client';
import { queryRows, type Tx } from '../../db/client';
import { files, posts } from '../../db/schema';
import { inScope } from '../../db/scope';
import { badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { cleanHtml, textOf } from '../../http/rich-text';
import type { Jobs } from '../../kernel/jobs';
import { addShares, assertMayShare, shareCount, sharesOf } from './community-shares';
import { offsetOf, PERSON_SQL, type PersonRow, toPerson } from './people';
import { readable } from './post-readers';

const invalid = (path: string, message: string) => badRequest(message, [{ in: 'body', path, message }]);
const postNotFound = () => notFound(NETWORK_MESSAGES.postNotFound);

export interface PostRow extends PersonRow {
  post_id: number;
  author_id: number;
  title: string | null;
  body: string;
  body_text: string;
  visibility: PostVisibility;
  status: PostStatus;
  publish_at: string | null;
  published_at: string | null;
  image_ids: string[];
  comment_count: number;
  reaction_count: number;
  created_at: string;
  modified_at: string;
}

export const POST_SQL = sql`p.post_id, p.author_id, p.title, p.body, p.body_text, p.visibility, p.status,
  to_json(p.publish_at) #>> '{}' as publish_at, to_json(p.published_at) #>> '{}' as published_at,
  p.image_ids, p.comment_count, p.reaction_count,
  to_json(p.created_at) #>> '{}' as created_at, to_json(p.modified_at) #>> '{}' as modified_at, ${PERSON_SQL}`;
const FROM = sql`from posts p join users u on u.user_id = p.author_id`;

const EXCERPT = 280;

export async function toItems(db: DbOrTx, me: number, rows: PostRow[]): Promise<PostItem[]> {
  if (rows.length === 0) return [];
  const ids = sql.join(
    rows.map((row) => sql`${row.post_id}::int`),
    sql`, `,
  );
  const [counts, shares] = await Promise.all([
    queryRows<{ post_id: number; reaction: string; n: number; mine: boolean }>(
      db,
      sql`select post_id, reaction, count(*)::int as n, bool_or(user_id = ${me}) as mine
        from post_reactions where post_id in (${ids}) group by post_id, reaction`,
    ),
    sharesOf(db, me, ids),
  ]);
  return rows.map((row) => {
    const own = counts.filter((count) => count.post_id === row.post_id);
    const excerpt =
      row.body_text.length > EXCERPT ? `${row.body_text.slice(0, EXCERPT - 1)}…` : row.body_text;
    return {
      post_id: row.post_id,
      author: toPerson(row),
      title: row.title,
      body: row.body,
      excerpt,
      visibility: row.visibility,
      status: row.status,
      publish_at: row.publish_at,
      published_at: row.published_at,
      images: (row.image_ids ?? []).map((fileId) => ({ file_id: fileId, url: fileContentPath(fileId) })),
      communities: shares.get(row.post_id) ?? [],
      comment_count: row.comment_count,
      reaction_count: row.reaction_count,
      reactions: Object.fromEntries(own.map((count) => [count.reaction, count.n])),
      my_reaction: (own.find((count) => count.mine)?.reaction as PostReaction | undefined) ?? null,
      created_at: row.created_at,
      modified_at: row.modified_at,
      mine: row.author_id === me,
    };
  });
}

/** One post the caller may open (another's draft, a hidden or missing one: the same 404). */
export async function getPost(db: DbOrTx, me: number, postId: number): Promise<PostItem> {
  const rows = await queryRows<PostRow>(
    db,
    sql`select ${POST_SQL} ${FROM} where p.post_id = ${postId} and ${readable(me)}`,
  );
  if (rows.length === 0) throw postNotFound();
  return (await toItems(db, me, rows))[0]!;
}

/** Keyset cursor "<iso time>|<id>" for lists ordered by a time then the id, newest first. */
export function timeCursor(cursor: string | undefined): { at: string; id: number } | null {
  if (cursor === undefined || cursor === '') return null;
  const match = /^([0-9T:.+\-Z ]{10,40})\|([1-9][0-9]{0,9})$/.exec(cursor);
  if (!match || Number.isNaN(Date.parse(match[1]!)))
    throw badRequest(NETWORK_MESSAGES.badCursor, [
      { in: 'query', path: 'cursor', message: NETWORK_MESSAGES.badCursor },
    ]);
  return { at: match[1]!, id: Number(match[2]) };
}

/** A keyset page read with limit + 1 rows: the first `limit` as items, and the next page's cursor if more. */
export async function timePage(
  db: DbOrTx,
  me: number,
  rows: (PostRow & { sort_at: string })[],
  limit: number,
): Promise<{ data: PostItem[]; meta: { limit: number; next_cursor: string | null } }> {
  const more = rows.length > limit;
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    data: await toItems(db, me, kept),
    meta: { limit, next_cursor: more && last ? `${last.sort_at}|${last.post_id}` : null },
  };
}

async function pageBy(
  db: DbOrTx,
  me: number,
  where: SQL,
  column: 'published_at' | 'modified_at',
  query: { cursor?: string | undefined; limit: number },
) {
  const after = timeCursor(query.cursor);
  const col = column === 'published_at' ? sql`p.published_at` : sql`p.modified_at`;
  // Each order as its index keeps it: (published_at desc nulls last, post_id desc nulls last) is the
  // partial feed index; (author_id, modified_at) is read backwards.
  const order =
    column === 'published_at'
      ? sql`p.published_at desc nulls last, p.post_id desc nulls last`
      : sql`p.modified_at desc, p.post_id desc`;
  const rows = await queryRows<PostRow & { sort_at: string }>(
    db,
    sql`select ${POST_SQL}, to_json(${col}) #>> '{}' as sort_at ${FROM}
        where ${where} ${after ? sql`and (${col}, p.post_id) < (${after.at}::timestamptz, ${after.id}::int)` : sql``}
        order by ${order} limit ${query.limit + 1}`,
  );
  return timePage(db, me, rows, query.limit);
}

/** The caller's own posts: every state, or one (drafts, scheduled, published); last changed first. */
export async function myPosts(
  db: Db,
  me: number,
  query: { status?: PostStatus; cursor?: string; limit: number },
) {
  const state = query.status ? sql`and p.status = ${query.status}` : sql``;
  return pageBy(db, me, sql`p.author_id = ${me} and p.is_deleted = false ${state}`, 'modified_at', query);
}

/**
 * Full-text search over the posts the caller may read (title weighted above the body, GIN index,
 * `websearch_to_tsquery`: quotes, `or`, `-word`). No words: the newest readable posts.
 */
export async function searchPosts(
  db: Db,
  me: number,
  query: { search: string; cursor?: string; limit: number },
) {
  if (!query.search) {
    return pageBy(db, me, sql`p.status = 'published' and ${readable(me)}`, 'published_at', query);
  }
  const offset = offsetOf(query.cursor);
  const rows = await queryRows<PostRow>(
    db,
    sql`select ${POST_SQL} ${FROM}, websearch_to_tsquery('english', ${query.search}) q
        where p.search_vector @@ q and p.status = 'published' and ${readable(me)}
        order by ts_rank(p.search_vector, q) desc, p.published_at desc, p.post_id desc
        limit ${query.limit + 1} offset ${offset}`,
  );
  const more = rows.length > query.limit;
  return {
    data: await toItems(db, me, rows.slice(0, query.limit)),
    meta: { limit: query.limit, next_cursor: more ? String(offset + query.limit) : null },
  };
}

export interface PostInput {
  title?: string | null | undefined;
  body?: string | undefined;
  visibility?: PostVisibility | undefined;
  status?: PostStatus | undefined;
  publish_at?: string | null | undefined;
  image_ids?: string[] | undefined;
  community_ids?: number[] | undefined;
}

async function assertImages(db: DbOrTx, me: number, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const owned = await inScope(db, 'all', (tx) =>
    tx
      .select({ file_id: files.file_id })
      .from(files)
      .where(
        sql`${files.file_id} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and ${files.owner_id} = ${me} and ${files.deleted_at} is null and ${files.content_type} like 'image/%'`,
      ),
  );
  if (owned.length !== ids.length) throw invalid('image_ids', NETWORK_MESSAGES.imageNotYours);
}

interface Next {
  title: string | null;
  body: string;
  visibility: PostVisibility;
  status: PostStatus;
  publish_at: Date | null;
  image_ids: string[];
}

function checkNext(
  next: Next,
  actor: Actor,
  tenantId: number | null,
  timingChanged: boolean,
  shared: number,
) {
  if (next.visibility === 'community' && shared === 0)
    throw invalid('visibility', NETWORK_MESSAGES.communityNeeded);
  if (next.status !== 'draft' && textOf(next.body) === '' && next.image_ids.length === 0)
    throw invalid('body', NETWORK_MESSAGES.bodyEmpty);
  if (next.visibility === 'tenant' && tenantId === null)
    throw invalid('visibility', NETWORK_MESSAGES.tenantNeeded);
  if (next.status === 'scheduled') {
    if (!next.publish_at) throw invalid('publish_at', NETWORK_MESSAGES.publishAtNeeded);
    if (timingChanged && next.publish_at.getTime() <= Date.now())
      throw invalid('publish_at', NETWORK_MESSAGES.publishAtPast);
  }
  void actor;
}

async function schedule(tx: Tx, jobs: Jobs, postId: number, at: Date) {
  await jobs.enqueue(tx, 'posts.publish', { post_id: postId }, { startAfter: at });
}

/** Writes a post: a draft (kept as typed), scheduled for `publish_at` (a job publishes it), or published. */
export async function createPost(
  database: Database,
  jobs: Jobs,
  actor: Actor,
  input: PostInput,
): Promise<PostItem> {
  const db = database.db;
  const status = input.status ?? 'draft';
  const next: Next = {
    title: input.title?.trim() || null,
    body: cleanHtml(input.body ?? ''),
    visibility: input.visibility ?? 'public',
    status,
    publish_at: status === 'scheduled' && input.publish_at ? new Date(input.publish_at) : null,
    image_ids: input.image_ids ?? [],
  };
  const communityIds = input.community_ids ?? [];
  checkNext(next, actor, actor.tenantId, true, communityIds.length);
  await assertImages(db, actor.userId, next.image_ids);
  for (const communityId of communityIds) await assertMayShare(db, actor, communityId);
  const id = await inScope(db, 'main', async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({
        author_id: actor.userId,
        tenant_id: actor.tenantId,
        title: next.title,
        body: next.body,
        body_text: textOf(next.body),
        visibility: next.visibility,
        status: next.status,
        publish_at: next.publish_at,
        published_at: next.status === 'published' ? new Date() : null,
        image_ids: next.image_ids,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .returning({ id: posts.post_id });
    if (next.status === 'scheduled') await schedule(tx, jobs, row!.id, next.publish_at!);
    await addShares(tx, actor.userId, row!.id, communityIds);
    return row!.id;
  });
  return getPost(db, actor.userId, id);
}

export async function ownPost(db: DbOrTx, me: number, postId: number) {
  const [row] = await db
    .select()
    .from(posts)
    .where(sql`${posts.post_id} = ${postId} and ${posts.author_id} = ${me} and ${posts.is_deleted} = false`);
  if (!row) throw postNotFound();
  return row;
}

/** Edits the caller's post; a published one stays published (its publish time is kept). */
export async function updatePost(
  database: Database,
  jobs: Jobs,
  actor: Actor,
  postId: number,
  input: PostInput,
): Promise<PostItem> {
  const db = database.db;
  const current = await ownPost(db, actor.userId, postId);
  const status = input.status ?? current.status;
  if (current.status === 'published' && status !== 'published')
    throw invalid('status', NETWORK_MESSAGES.publishedCannotBeDraft);
  const publishAt =
    status === 'scheduled'
      ? input.publish_at !== undefined
        ? input.publish_at
          ? new Date(input.publish_at)
          : null
        : current.publish_at
      : null;
  const next: Next = {
    title: input.title !== undefined ? input.title?.trim() || null : current.title,
    body: input.body !== undefined ? cleanHtml(input.body) : current.body,
    visibility: input.visibility ?? current.visibility,
    status,
    publish_at: publishAt,
    image_ids: input.image_ids ?? current.image_ids,
  };
  const timingChanged = status !== current.status || input.publish_at !== undefined;
  const shared = next.visibility === 'community' ? await shareCount(db, postId) : 1;
  checkNext(next, actor, current.tenant_id, timingChanged, shared);
  if (input.image_ids) await assertImages(db, actor.userId, next.image_ids);
  await inScope(db, 'main', async (tx) => {
    await tx
      .update(posts)
      .set({
        title: next.title,
        body: next.body,
        body_text: textOf(next.body),
        visibility: next.visibility,
        status: next.status,
        publish_at: next.publish_at,
        published_at:
          current.status === 'published' ? current.published_at : status === 'published' ? new Date() : null,
        image_ids: next.image_ids,
        modified_by: actor.userId,
        modified_at: new Date(),
      })
      .where(sql`${posts.post_id} = ${postId}`);
    if (status === 'scheduled' && timingChanged) await schedule(tx, jobs, postId, next.publish_at!);
  });
  return getPost(db, actor.userId, postId);
}

export async function deletePost(db: Db, me: number, postId: number): Promise<void> {
  const gone = await db
    .update(posts)
    .set({ is_deleted: true, deleted_at: new Date(), deleted_by: me })
    .where(sql`${posts.post_id} = ${postId} and ${posts.author_id} = ${me} and ${posts.is_deleted} = false`)
    .returning({ id: posts.post_id });
  if (gone.length === 0) throw postNotFound();
}

/** The job's part: publishes a post still scheduled and due; anything else is left as it is. */
export async function publishDue(db: Db, postId: number): Promise<{ author_id: number } | null> {
  const [row] = await db
    .update(posts)
    .set({ status: 'published', published_at: new Date() })
    .where(
      sql`${posts.post_id} = ${postId} and ${posts.status} = 'scheduled' and ${posts.is_deleted} = false
        and ${posts.publish_at} <= now() + interval '5 seconds'`,
    )
    .returning({ author_id: posts.author_id });
  return row ?? null;
}

/** The sweep's part: publishes every scheduled post that is due; answers their authors. */
export async function publishAllDue(db: Db): Promise<{ post_id: number; author_id: number }[]> {
  return db
    .update(posts)
    .set({ status: 'published', published_at: new Date() })
    .where(
      sql`${posts.status} = 'scheduled' and ${posts.is_deleted} = false and ${posts.publish_at} <= now() + interval '5 seconds'`,
    )
    .returning({ post_id: posts.post_id, author_id: posts.author_id });
}
