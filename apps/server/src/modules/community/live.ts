import { FORUM_REALTIME } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DbOrTx } from '../../db/client';
import { forumPosts, forumTopics } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { loadSeen, mayRead } from './access';

/** True when the caller may read the topic: its community is readable to them (access.ts). */
export async function mayReadTopic(db: DbOrTx, actor: Actor, topicId: number): Promise<boolean> {
  const [topic] = await db
    .select({ community_id: forumTopics.community_id })
    .from(forumTopics)
    .where(and(eq(forumTopics.topic_id, topicId), eq(forumTopics.is_deleted, false)));
  if (!topic) return false;
  const seen = await loadSeen(db, actor, topic.community_id);
  return seen !== null && mayRead(actor, seen);
}

/** The topic a forum post belongs to (null: no such post). */
export async function topicOfPost(db: DbOrTx, postId: number): Promise<number | null> {
  const [row] = await db
    .select({ topic_id: forumPosts.topic_id })
    .from(forumPosts)
    .where(eq(forumPosts.post_id, postId));
  return row?.topic_id ?? null;
}

/**
 * The socket room of an open topic page (docs/realtime.md, area rooms): only people who may read the
 * topic join it, and the room is told of every reply, edit, reaction or moderation, so open pages
 * refetch with their own rights (a message carries ids, never text).
 */
export function registerTopicRoom(app: FastifyInstance, database: Database): void {
  app.realtime.rooms.register(FORUM_REALTIME.room, (actor, id) =>
    /^[1-9][0-9]{0,9}$/.test(id) ? mayReadTopic(database.db, actor, Number(id)) : false,
  );
}

/** Tells the readers viewing a topic that it changed. */
export function topicChanged(app: FastifyInstance, topicId: number | null, postIds: number[] = []): void {
  if (topicId === null) return;
  app.realtime
    .toRoom(FORUM_REALTIME.room, topicId)
    .emit({ type: FORUM_REALTIME.changed, ids: [topicId, ...postIds], tags: [...FORUM_REALTIME.tags] });
}
