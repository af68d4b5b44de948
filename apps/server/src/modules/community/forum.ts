import {
  COMMUNITY_MESSAGES,
  type ForumPostItem,
  type ReactionToggle,
  type ReplyCreate,
  type TopicItem,
  type TopicUpdate,
  type topicCreate,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { Database, DbOrTx, Tx } from '../../db/client';
import {
  forumPostEdits,
  forumPosts,
  forumReactions,
  forums,
  forumTopics,
  groupMembers,
  topicFollows,
  users,
} from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { assertMayPost, mayModerate, readable, type Seen } from './access';
import { audit } from './audit-log';
import { displayName } from './listing';
import { mentionedIds } from './mentions';
import { readPost } from './post-items';
import { type ForumPlace, postWithTopic, type TopicRow, topicWithCommunity } from './topic-access';

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
