import {
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  type ForumPostItem,
  type ListMeta,
  type ModerationAction,
  type PostEdit,
  type ReactionToggle,
  type ReplyCreate,
  type ReportCreate,
  type ReportItem,
  type reportListQuery,
  type TopicItem,
  type TopicUpdate,
  type topicCreate,
} from '@nexus/contracts';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import {
  communityMembers,
  forumPostEdits,
  forumPosts,
  forumReactions,
  forumReports,
  forums,
  forumTopics,
  groupMembers,
  topicFollows,
  userBlocks,
  users,
} from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { assertMayPost, mayModerate, moderated, readable, type Seen } from './access';
import { audit, communityOrDefault, displayName, meta } from './communities';
import { iso, readPost } from './post-items';
import { type ForumPlace, type TopicRow, topicWithCommunity } from './topic-access';

/** Tiptap's rich text keeps formatting and links, never a script, an event handler, a style or javascript:. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'img'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
};

export function cleanRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

function cleanBody(html: string): string {
  const body = cleanRichText(html);
  const text = sanitizeHtml(body, { allowedTags: [], allowedAttributes: {} }).trim();
  if (text.length === 0 && !body.includes('<img')) {
    throw badRequest(COMMUNITY_MESSAGES.bodyEmpty, [
      { in: 'body', path: 'body', message: COMMUNITY_MESSAGES.bodyEmpty },
    ]);
  }
  return body;
}

/** The @usernames a text names, once each (at most 50). */
export function mentionsOf(html: string): string[] {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  const names = new Set<string>();
  for (const match of text.matchAll(
    /(^|[^\w@.])@([A-Za-z0-9][A-Za-z0-9_.-]{0,48}[A-Za-z0-9_]|[A-Za-z0-9])/g,
  )) {
    names.add(match[2]!.toLowerCase());
    if (names.size >= 50) break;
  }
  return [...names];
}

async function forumById(db: DbOrTx, forumId: number): Promise<ForumPlace | null> {
  const [row] = await db.select().from(forums).where(eq(forums.forum_id, forumId));
  return row ?? null;
}

/** Posting in a group's forum asks for the group's membership too (moderators of the community aside). */
async function assertMayPostIn(db: DbOrTx, actor: Actor, seen: Seen, place: ForumPlace): Promise<void> {
  assertMayPost(actor, seen);
  if (place.group_id === null || mayModerate(actor, seen)) return;
  const [row] = await db
    .select({ id: groupMembers.user_id })
    .from(groupMembers)
    .where(and(eq(groupMembers.group_id, place.group_id), eq(groupMembers.user_id, actor.userId)));
  if (!row) throw forbidden(COMMUNITY_MESSAGES.groupMembersOnly);
}

/** People the post names who may read it and have no block with its author. */
async function mentionedIds(tx: Tx, actor: Actor, seen: Seen, html: string): Promise<number[]> {
  const names = mentionsOf(html);
  if (names.length === 0) return [];
  const found = await tx
    .select({ id: users.user_id })
    .from(users)
    .where(
      and(
        inArray(sql`lower(${users.username})`, names),
        eq(users.enabled, true),
        eq(users.is_deleted, false),
      ),
    );
  const ids = found.map((row) => row.id).filter((id) => id !== actor.userId);
  if (ids.length === 0) return [];
  const blocked = await tx
    .select({ a: userBlocks.blocker_id, b: userBlocks.blocked_id })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blocker_id, actor.userId), inArray(userBlocks.blocked_id, ids)),
        and(eq(userBlocks.blocked_id, actor.userId), inArray(userBlocks.blocker_id, ids)),
      ),
    );
  const cut = new Set(blocked.map((row) => (row.a === actor.userId ? row.b : row.a)));
  let readers = ids.filter((id) => !cut.has(id));
  if (seen.community.visibility === 'private' && readers.length > 0) {
    const members = await tx
      .select({ id: communityMembers.user_id })
      .from(communityMembers)
      .where(
        and(
          eq(communityMembers.community_id, seen.community.community_id),
          eq(communityMembers.status, 'active'),
          inArray(communityMembers.user_id, readers),
        ),
      );
    const allowed = new Set(members.map((row) => row.id));
    readers = readers.filter((id) => allowed.has(id));
  }
  return readers;
}

async function presentTopic(db: DbOrTx, actor: Actor, topic: TopicRow, groupId: number | null, seen?: Seen) {
  const [author] = await db
    .select({ username: users.username, display_name: displayName })
    .from(users)
    .where(eq(users.user_id, topic.author_id));
  const item: TopicItem = {
    topic_id: topic.topic_id,
    forum_id: topic.forum_id,
    community_id: topic.community_id,
    group_id: groupId,
    title: topic.title,
    author: {
      user_id: topic.author_id,
      username: author?.username ?? '',
      display_name: author?.display_name ?? '',
    },
    opening_post_id: topic.opening_post_id,
    pinned: topic.pinned,
    locked: topic.locked,
    accepted_post_id: topic.accepted_post_id,
    reply_count: topic.reply_count,
    last_activity_at: topic.last_activity_at.toISOString(),
    created_at: topic.created_at.toISOString(),
  };
  if (seen) {
    const [follow] = await db
      .select({ id: topicFollows.user_id })
      .from(topicFollows)
      .where(and(eq(topicFollows.topic_id, topic.topic_id), eq(topicFollows.user_id, actor.userId)));
    item.following = Boolean(follow);
    item.can_moderate = mayModerate(actor, seen);
  }
  return item;
}

export async function getTopic(db: DbOrTx, actor: Actor, topicId: number): Promise<TopicItem> {
  const { topic, place, seen } = await topicWithCommunity(db, actor, topicId);
  return presentTopic(db, actor, topic, place.group_id, seen);
}

async function recordPost(
  tx: Tx,
  seen: Seen,
  post: typeof forumPosts.$inferSelect,
  opening: boolean,
  mentioned: number[],
) {
  await recordEvent(tx, 'community.post.created', {
    post_id: post.post_id,
    topic_id: post.topic_id,
    community_id: seen.community.community_id,
    tenant_id: seen.community.tenant_id,
    author_id: post.author_id,
    opening,
    mentioned_user_ids: mentioned,
  });
}

export async function createTopic(
  database: Database,
  actor: Actor,
  input: z.infer<typeof topicCreate>,
): Promise<TopicItem> {
  const body = cleanBody(input.body);
  return database.db.transaction(async (tx) => {
    let place: ForumPlace | null;
    if (input.forum_id !== undefined) place = await forumById(tx, input.forum_id);
    else {
      const seen = await readable(tx, actor, input.community_id!);
      place = seen.community.activity_forum_id ? await forumById(tx, seen.community.activity_forum_id) : null;
    }
    if (!place || (input.community_id !== undefined && place.community_id !== input.community_id))
      throw notFound(COMMUNITY_MESSAGES.notFound);
    const seen = await readable(tx, actor, place.community_id);
    await assertMayPostIn(tx, actor, seen, place);
    const [topic] = await tx
      .insert(forumTopics)
      .values({
        forum_id: place.forum_id,
        community_id: place.community_id,
        title: input.title,
        author_id: actor.userId,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .returning();
    const [post] = await tx
      .insert(forumPosts)
      .values({ topic_id: topic!.topic_id, community_id: place.community_id, author_id: actor.userId, body })
      .returning();
    const [updated] = await tx
      .update(forumTopics)
      .set({ opening_post_id: post!.post_id })
      .where(eq(forumTopics.topic_id, topic!.topic_id))
      .returning();
    // The author follows their own topic: replies reach them.
    await tx
      .insert(topicFollows)
      .values({ topic_id: topic!.topic_id, user_id: actor.userId })
      .onConflictDoNothing();
    await recordPost(tx, seen, post!, true, await mentionedIds(tx, actor, seen, body));
    return presentTopic(tx, actor, updated!, place.group_id, seen);
  });
}

export async function updateTopic(
  database: Database,
  actor: Actor,
  topicId: number,
  input: TopicUpdate,
): Promise<TopicItem> {
  return database.db.transaction(async (tx) => {
    const { topic, place, seen } = await topicWithCommunity(tx, actor, topicId);
    const moderator = mayModerate(actor, seen);
    const author = topic.author_id === actor.userId;
    const changes: Partial<TopicRow> = {};
    if (input.pinned !== undefined || input.locked !== undefined) {
      if (!moderator) throw forbidden(COMMUNITY_MESSAGES.moderatorsOnly);
      if (input.pinned !== undefined && input.pinned !== topic.pinned) {
        changes.pinned = input.pinned;
        await audit(tx, actor, topic.community_id, input.pinned ? 'topic.pinned' : 'topic.unpinned', {
          kind: 'topic',
          id: topicId,
        });
      }
      if (input.locked !== undefined && input.locked !== topic.locked) {
        changes.locked = input.locked;
        await audit(tx, actor, topic.community_id, input.locked ? 'topic.locked' : 'topic.unlocked', {
          kind: 'topic',
          id: topicId,
        });
      }
    }
    if (input.accepted_post_id !== undefined) {
      if (!moderator && !author) throw forbidden(COMMUNITY_MESSAGES.authorOnly);
      if (input.accepted_post_id !== null) {
        const [post] = await tx
          .select({ topic_id: forumPosts.topic_id })
          .from(forumPosts)
          .where(eq(forumPosts.post_id, input.accepted_post_id));
        if (!post || post.topic_id !== topicId || input.accepted_post_id === topic.opening_post_id)
          throw badRequest(COMMUNITY_MESSAGES.acceptedElsewhere, [
            { in: 'body', path: 'accepted_post_id', message: COMMUNITY_MESSAGES.acceptedElsewhere },
          ]);
      }
      changes.accepted_post_id = input.accepted_post_id;
    }
    if (input.title !== undefined || input.body !== undefined) {
      if (!author) throw forbidden(COMMUNITY_MESSAGES.authorOnly);
      assertMayPost(actor, seen);
      const [opening] = await tx
        .select()
        .from(forumPosts)
        .where(eq(forumPosts.post_id, topic.opening_post_id!));
      await tx.insert(forumPostEdits).values({
        post_id: opening!.post_id,
        previous_body: opening!.body,
        previous_title: topic.title,
        edited_by: actor.userId,
      });
      if (input.body !== undefined)
        await tx
          .update(forumPosts)
          .set({ body: cleanBody(input.body), edited_at: new Date() })
          .where(eq(forumPosts.post_id, opening!.post_id));
      if (input.title !== undefined) changes.title = input.title;
    }
    if (Object.keys(changes).length === 0 && input.body === undefined)
      return presentTopic(tx, actor, topic, place.group_id, seen);
    const [updated] = await tx
      .update(forumTopics)
      .set({ ...changes, modified_by: actor.userId, modified_at: new Date() })
      .where(eq(forumTopics.topic_id, topicId))
      .returning();
    return presentTopic(tx, actor, updated!, place.group_id, seen);
  });
}

export async function follow(database: Database, actor: Actor, topicId: number, on: boolean) {
  await topicWithCommunity(database.db, actor, topicId);
  if (on)
    await database.db
      .insert(topicFollows)
      .values({ topic_id: topicId, user_id: actor.userId })
      .onConflictDoNothing();
  else
    await database.db
      .delete(topicFollows)
      .where(and(eq(topicFollows.topic_id, topicId), eq(topicFollows.user_id, actor.userId)));
  return { topic_id: topicId, following: on };
}

async function postWithTopic(db: DbOrTx, actor: Actor, postId: number) {
  const [post] = await db.select().from(forumPosts).where(eq(forumPosts.post_id, postId));
  if (!post) throw notFound(COMMUNITY_MESSAGES.postNotFound);
  try {
    return { post, ...(await topicWithCommunity(db, actor, post.topic_id)) };
  } catch {
    throw notFound(COMMUNITY_MESSAGES.postNotFound);
  }
}

export async function createReply(
  database: Database,
  actor: Actor,
  input: ReplyCreate,
): Promise<ForumPostItem> {
  const body = cleanBody(input.body);
  return database.db.transaction(async (tx) => {
    const { topic, place, seen } = await topicWithCommunity(tx, actor, input.topic_id);
    await assertMayPostIn(tx, actor, seen, place);
    if (topic.locked && !mayModerate(actor, seen)) throw forbidden(COMMUNITY_MESSAGES.locked);
    for (const [key, ref] of [
      ['parent_post_id', input.parent_post_id],
      ['quote_post_id', input.quote_post_id],
    ] as const) {
      if (ref === null || ref === undefined) continue;
      const [other] = await tx
        .select({ topic_id: forumPosts.topic_id })
        .from(forumPosts)
        .where(eq(forumPosts.post_id, ref));
      if (other?.topic_id !== topic.topic_id)
        throw badRequest(COMMUNITY_MESSAGES.parentElsewhere, [
          { in: 'body', path: key, message: COMMUNITY_MESSAGES.parentElsewhere },
        ]);
    }
    const [post] = await tx
      .insert(forumPosts)
      .values({
        topic_id: topic.topic_id,
        community_id: topic.community_id,
        author_id: actor.userId,
        parent_post_id: input.parent_post_id ?? null,
        quote_post_id: input.quote_post_id ?? null,
        body,
      })
      .returning();
    await tx
      .update(forumTopics)
      .set({ reply_count: sql`${forumTopics.reply_count} + 1`, last_activity_at: new Date() })
      .where(eq(forumTopics.topic_id, topic.topic_id));
    await recordPost(tx, seen, post!, false, await mentionedIds(tx, actor, seen, body));
    return readPost(tx, actor, post!.post_id, false);
  });
}

/** The author edits a reply; the previous text is kept for moderators. */
export async function updateReply(
  database: Database,
  actor: Actor,
  postId: number,
  html: string,
): Promise<ForumPostItem> {
  const body = cleanBody(html);
  return database.db.transaction(async (tx) => {
    const { post, seen } = await postWithTopic(tx, actor, postId);
    if (post.author_id !== actor.userId) throw forbidden(COMMUNITY_MESSAGES.authorOnly);
    assertMayPost(actor, seen);
    if (post.status === 'removed') throw forbidden('A removed post cannot be edited.');
    await tx
      .insert(forumPostEdits)
      .values({ post_id: postId, previous_body: post.body, edited_by: actor.userId });
    await tx.update(forumPosts).set({ body, edited_at: new Date() }).where(eq(forumPosts.post_id, postId));
    return readPost(tx, actor, postId, mayModerate(actor, seen));
  });
}

export async function listEdits(db: DbOrTx, actor: Actor, postId: number): Promise<PostEdit[]> {
  const { seen } = await postWithTopic(db, actor, postId);
  if (!mayModerate(actor, seen)) throw forbidden(COMMUNITY_MESSAGES.moderatorsOnly);
  const rows = await db
    .select()
    .from(forumPostEdits)
    .where(eq(forumPostEdits.post_id, postId))
    .orderBy(forumPostEdits.edit_id);
  return rows.map((row) => ({ ...row, edited_at: row.edited_at.toISOString() }));
}

/** Adds the caller's reaction, or takes it back when it is there. */
export async function toggleReaction(database: Database, actor: Actor, input: ReactionToggle) {
  return database.db.transaction(async (tx) => {
    const { post, seen } = await postWithTopic(tx, actor, input.post_id);
    assertMayPost(actor, seen);
    if (post.status !== 'visible') throw notFound(COMMUNITY_MESSAGES.postNotFound);
    const where = and(
      eq(forumReactions.post_id, input.post_id),
      eq(forumReactions.user_id, actor.userId),
      eq(forumReactions.emoji, input.emoji),
    );
    const removed = await tx.delete(forumReactions).where(where).returning();
    if (removed.length === 0)
      await tx
        .insert(forumReactions)
        .values({ post_id: input.post_id, user_id: actor.userId, emoji: input.emoji });
    return { post_id: input.post_id, emoji: input.emoji, reacted: removed.length === 0 };
  });
}

/** Reports a post; the third report from a third person hides it until a moderator decides. */
export async function report(database: Database, actor: Actor, input: ReportCreate) {
  return database.db.transaction(async (tx) => {
    const { post, seen } = await postWithTopic(tx, actor, input.post_id);
    if (seen.membership?.status === 'banned') throw forbidden(COMMUNITY_MESSAGES.banned);
    if (post.author_id === actor.userId) throw badRequest(COMMUNITY_MESSAGES.ownReport);
    const inserted = await tx
      .insert(forumReports)
      .values({
        post_id: post.post_id,
        community_id: post.community_id,
        reporter_id: actor.userId,
        reason: input.reason,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw badRequest(COMMUNITY_MESSAGES.alreadyReported);
    const [count] = await tx
      .select({ n: sql<number>`count(distinct ${forumReports.reporter_id})::int` })
      .from(forumReports)
      .where(and(eq(forumReports.post_id, post.post_id), eq(forumReports.status, 'open')));
    let status = post.status;
    if (post.status === 'visible' && (count?.n ?? 0) >= COMMUNITY_LIMITS.reportsToHide) {
      await tx.update(forumPosts).set({ status: 'hidden' }).where(eq(forumPosts.post_id, post.post_id));
      status = 'hidden';
    }
    return { post_id: post.post_id, status };
  });
}

/** A moderator removes or restores a post; its open reports are resolved and the action is audited. */
export async function moderatePost(
  database: Database,
  actor: Actor,
  postId: number,
  action: ModerationAction,
) {
  return database.db.transaction(async (tx) => {
    const { post } = await postWithTopic(tx, actor, postId);
    await moderated(tx, actor, post.community_id);
    const status = action === 'remove' ? ('removed' as const) : ('visible' as const);
    await tx.update(forumPosts).set({ status }).where(eq(forumPosts.post_id, postId));
    await tx
      .update(forumReports)
      .set({ status: 'resolved' })
      .where(and(eq(forumReports.post_id, postId), eq(forumReports.status, 'open')));
    await audit(tx, actor, post.community_id, `post.${action}`, { kind: 'post', id: postId });
    return { post_id: postId, status };
  });
}

/** The moderation queue of one community (the caller's first by default): reported or hidden posts. */
export async function listReports(
  db: DbOrTx,
  actor: Actor,
  query: z.infer<typeof reportListQuery>,
): Promise<{ data: ReportItem[]; meta: ListMeta }> {
  const communityId = await communityOrDefault(db, actor, query.community_id);
  if (communityId === null) return { data: [], meta: meta(query.page, query.limit, 0) };
  await moderated(db, actor, communityId);
  const rows = await queryRows<
    typeof forumPosts.$inferSelect & {
      username: string;
      display_name: string;
      topic_title: string;
      report_count: number;
      reasons: string[];
      last_reported_at: string;
      total: number;
    }
  >(
    db,
    sql`select p.*, ${users.username} as username, ${displayName} as display_name, t.title as topic_title,
        count(r.report_id) filter (where r.status = 'open')::int as report_count,
        coalesce(array_agg(r.reason order by r.report_id) filter (where r.status = 'open'), '{}') as reasons,
        max(r.created_at) as last_reported_at, count(*) over ()::int as total
      from ${forumPosts} p join ${users} on ${users.user_id} = p.author_id
      join ${forumTopics} t on t.topic_id = p.topic_id
      left join ${forumReports} r on r.post_id = p.post_id
      where p.community_id = ${communityId}
        and (p.status = 'hidden' or exists (select 1 from ${forumReports} o where o.post_id = p.post_id and o.status = 'open'))
      group by p.post_id, ${users.user_id}, t.title
      order by (p.status = 'hidden') desc, max(r.created_at) desc nulls last
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    data: rows.map((row) => ({
      post_id: row.post_id,
      topic_id: row.topic_id,
      topic_title: row.topic_title,
      community_id: row.community_id,
      author: { user_id: row.author_id, username: row.username, display_name: row.display_name },
      body: row.body,
      status: row.status,
      report_count: row.report_count,
      reasons: row.reasons,
      last_reported_at: iso(row.last_reported_at) ?? iso(row.created_at)!,
    })),
    meta: meta(query.page, query.limit, rows[0]?.total ?? 0),
  };
}
