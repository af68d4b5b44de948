import {
  type CommentItem,
  fileContentPath,
  NETWORK_MESSAGES,
  type PostItem,
  type PostReaction,
  type PostStatus,
  type PostVisibility,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Database, Db, DbOrTx } from '../../db/client';
import { queryRows, type Tx } from '../../db/client';
import { files, postComments, postReactions, posts } from '../../db/schema';
import { inScope } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import type { Jobs } from '../../kernel/jobs';
import { addShares, assertMayShare, shareCount, sharedWithMe, sharesOf } from './community-shares';
import { blockedSql, offsetOf, PERSON_SQL, type PersonRow, toPerson } from './people';

/** The rich text of the editor keeps formatting and links, never scripts, handlers, styles or images. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};

export function cleanBody(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** The text of sanitised HTML: for search and excerpts. */
export function textOf(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h1|h2|h3|li|blockquote|pre)>|<br\s*\/?>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const invalid = (path: string, message: string) => badRequest(message, [{ in: 'body', path, message }]);
const postNotFound = () => notFound(NETWORK_MESSAGES.postNotFound);

/** The tenants the caller is a member of: who reads a post shared with an organisation. */
export const myTenants = (me: number) =>
  sql`(select tr.tenant_id from user_roles tr where tr.user_id = ${me} and tr.is_deleted = false and tr.tenant_id is not null)`;

/** The caller's accepted connections. */
export const myConnections = (me: number) =>
  sql`(select case when cn.user_low = ${me} then cn.user_high else cn.user_low end from connections cn
    where cn.status = 'accepted' and (cn.user_low = ${me} or cn.user_high = ${me}))`;

/** Everyone the caller has blocked or is blocked by. */
export const blockedWithMe = (me: number) =>
  sql`(select bl.blocked_id from user_blocks bl where bl.blocker_id = ${me}
    union select bl.blocker_id from user_blocks bl where bl.blocked_id = ${me})`;

/**
 * Published posts of others the caller may read (visibility, or shared to a community the caller may
 * read; and no block either way). The sets it consults do not depend on the post, so the database
 * reads each once per statement (hashed); the share is probed last, per post, on its primary key.
 */
export function readableOthers(me: number): SQL {
  return sql`(p.status = 'published' and p.is_deleted = false and p.author_id <> ${me}
    and (p.visibility = 'public'
      or (p.visibility = 'connections' and p.author_id in ${myConnections(me)})
      or (p.visibility = 'tenant' and p.tenant_id in ${myTenants(me)})
      or ${sharedWithMe(me, sql`p.post_id`)})
    and p.author_id not in ${blockedWithMe(me)})`;
}

/** Any post the caller may open: their own in any state, or a published one they may read. */
export function readable(me: number): SQL {
  return sql`((p.author_id = ${me} and p.is_deleted = false) or ${readableOthers(me)})`;
}

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
  const more = rows.length > query.limit;
  const kept = rows.slice(0, query.limit);
  const last = kept.at(-1);
  return {
    data: await toItems(db, me, kept),
    meta: { limit: query.limit, next_cursor: more && last ? `${last.sort_at}|${last.post_id}` : null },
  };
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
    body: cleanBody(input.body ?? ''),
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
    body: input.body !== undefined ? cleanBody(input.body) : current.body,
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

/** A published post the caller may read, for commenting and reacting. */
async function openPublished(db: DbOrTx, me: number, postId: number) {
  const [row] = await queryRows<{ post_id: number; author_id: number; status: string }>(
    db,
    sql`select p.post_id, p.author_id, p.status from posts p where p.post_id = ${postId} and ${readable(me)}`,
  );
  if (!row) throw postNotFound();
  if (row.status !== 'published') throw invalid('post_id', NETWORK_MESSAGES.notPublished);
  return row;
}

/** Sets (or with null clears) the caller's reaction; a first reaction by someone else notifies the author. */
export async function reactToPost(
  db: Db,
  me: number,
  postId: number,
  reaction: PostReaction | null,
): Promise<{ item: PostItem; authorId: number }> {
  const post = await openPublished(db, me, postId);
  await inScope(db, 'main', async (tx) => {
    const [before] = await tx
      .select({ reaction: postReactions.reaction })
      .from(postReactions)
      .where(sql`${postReactions.post_id} = ${postId} and ${postReactions.user_id} = ${me}`)
      .for('update');
    if (reaction === null) {
      if (!before) return;
      await tx
        .delete(postReactions)
        .where(sql`${postReactions.post_id} = ${postId} and ${postReactions.user_id} = ${me}`);
      await tx.execute(sql`update posts set reaction_count = reaction_count - 1 where post_id = ${postId}`);
      return;
    }
    if (before) {
      await tx
        .update(postReactions)
        .set({ reaction })
        .where(sql`${postReactions.post_id} = ${postId} and ${postReactions.user_id} = ${me}`);
      return;
    }
    const inserted = await tx
      .insert(postReactions)
      .values({ post_id: postId, user_id: me, reaction })
      .onConflictDoNothing()
      .returning({ id: postReactions.post_id });
    if (inserted.length === 0) return;
    await tx.execute(sql`update posts set reaction_count = reaction_count + 1 where post_id = ${postId}`);
    if (post.author_id !== me)
      await recordEvent(tx, 'post.reacted', {
        post_id: postId,
        author_id: post.author_id,
        reactor_id: me,
        reaction,
        tenant_id: null,
      });
  });
  return { item: await getPost(db, me, postId), authorId: post.author_id };
}

/* ---------- comments ---------- */

interface CommentRow extends PersonRow {
  comment_id: number;
  post_id: number;
  author_id: number;
  post_author_id: number;
  body: string;
  created_at: string;
}

const COMMENT_SQL = sql`select c.comment_id, c.post_id, c.author_id, p.author_id as post_author_id, c.body,
    to_json(c.created_at) #>> '{}' as created_at, ${PERSON_SQL}
  from post_comments c join posts p on p.post_id = c.post_id join users u on u.user_id = c.author_id`;

const toComment = (me: number, row: CommentRow): CommentItem => ({
  comment_id: row.comment_id,
  post_id: row.post_id,
  author: toPerson(row),
  body: row.body,
  created_at: row.created_at,
  deletable: row.author_id === me || row.post_author_id === me,
});

/** The comments of a post the caller may read, oldest first (keyset on the comment id). */
export async function listComments(
  db: Db,
  me: number,
  query: { post_id: number; cursor?: string; limit: number },
) {
  const [post] = await queryRows<{ post_id: number }>(
    db,
    sql`select p.post_id from posts p where p.post_id = ${query.post_id} and ${readable(me)}`,
  );
  if (!post) throw postNotFound();
  const after = query.cursor && /^[1-9][0-9]{0,9}$/.test(query.cursor) ? Number(query.cursor) : 0;
  const rows = await queryRows<CommentRow>(
    db,
    sql`${COMMENT_SQL} where c.post_id = ${query.post_id} and c.is_deleted = false and c.comment_id > ${after}
        and not ${blockedSql(sql`c.author_id`, me)}
        order by c.comment_id limit ${query.limit + 1}`,
  );
  const more = rows.length > query.limit;
  const data = rows.slice(0, query.limit).map((row) => toComment(me, row));
  return { data, meta: { limit: query.limit, next_cursor: more ? String(data.at(-1)?.comment_id) : null } };
}

export async function createComment(
  db: Db,
  me: number,
  input: { post_id: number; body: string },
): Promise<{ item: CommentItem; authorId: number }> {
  const post = await openPublished(db, me, input.post_id);
  const id = await inScope(db, 'main', async (tx) => {
    const [row] = await tx
      .insert(postComments)
      .values({ post_id: input.post_id, author_id: me, body: input.body, created_by: me, modified_by: me })
      .returning({ id: postComments.comment_id });
    await tx.execute(
      sql`update posts set comment_count = comment_count + 1 where post_id = ${input.post_id}`,
    );
    if (post.author_id !== me)
      await recordEvent(tx, 'post.commented', {
        post_id: input.post_id,
        comment_id: row!.id,
        author_id: post.author_id,
        commenter_id: me,
        tenant_id: null,
      });
    return row!.id;
  });
  const [row] = await queryRows<CommentRow>(db, sql`${COMMENT_SQL} where c.comment_id = ${id}`);
  return { item: toComment(me, row!), authorId: post.author_id };
}

/** Deletes a comment: its author's, or any on the caller's post. */
export async function deleteComment(db: Db, me: number, commentId: number): Promise<number> {
  const [row] = await queryRows<CommentRow>(
    db,
    sql`${COMMENT_SQL} where c.comment_id = ${commentId} and c.is_deleted = false and ${readable(me)}`,
  );
  if (!row) throw notFound(NETWORK_MESSAGES.commentNotFound);
  if (row.author_id !== me && row.post_author_id !== me) throw forbidden(NETWORK_MESSAGES.notYourComment);
  await inScope(db, 'main', async (tx) => {
    await tx
      .update(postComments)
      .set({ is_deleted: true, deleted_at: new Date(), deleted_by: me })
      .where(sql`${postComments.comment_id} = ${commentId}`);
    await tx.execute(sql`update posts set comment_count = comment_count - 1 where post_id = ${row.post_id}`);
  });
  return row.post_id;
}

/** A post image is readable by whoever may read a post carrying it (files' read grant). */
export async function imageVisibleTo(db: DbOrTx, me: number, fileId: string): Promise<boolean> {
  const rows = await queryRows<{ post_id: number }>(
    db,
    sql`select p.post_id from posts p where p.image_ids @> ${JSON.stringify([fileId])}::jsonb and ${readable(me)} limit 1`,
  );
  return rows.length > 0;
}
