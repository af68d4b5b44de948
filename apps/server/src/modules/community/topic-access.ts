import { COMMUNITY_MESSAGES } from '@nexus/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { communities, communityMembers, forumPosts, forums, forumTopics } from '../../db/schema';
import { notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { type AccessColumns, mayRead, type Seen, type SeenAccess, seenAccessOf } from './access';

export type TopicRow = typeof forumTopics.$inferSelect;

/** Where a topic lives: its forum, community and (for a group's forum) group. */
export interface ForumPlace {
  forum_id: number;
  community_id: number;
  group_id: number | null;
}

export interface ReadableTopic {
  topic: TopicRow;
  place: ForumPlace;
  seen: Seen;
}

/**
 * A topic the caller may read, with its community and the caller's membership, in one statement (every
 * read of a topic or of its replies starts here). A deleted topic, and one of a community the caller
 * may not read, are the same 404, so a private community's topics reveal nothing.
 */
export async function topicWithCommunity(db: DbOrTx, actor: Actor, topicId: number): Promise<ReadableTopic> {
  const [row] = await db
    .select({
      topic: forumTopics,
      group_id: forums.group_id,
      community: communities,
      role: communityMembers.role,
      status: communityMembers.status,
    })
    .from(forumTopics)
    .innerJoin(forums, eq(forums.forum_id, forumTopics.forum_id))
    .innerJoin(
      communities,
      and(eq(communities.community_id, forumTopics.community_id), eq(communities.is_deleted, false)),
    )
    .leftJoin(
      communityMembers,
      and(
        eq(communityMembers.community_id, forumTopics.community_id),
        eq(communityMembers.user_id, actor.userId),
      ),
    )
    .where(and(eq(forumTopics.topic_id, topicId), eq(forumTopics.is_deleted, false)));
  if (!row) throw notFound(COMMUNITY_MESSAGES.topicNotFound);
  const seen: Seen = {
    community: row.community,
    membership: row.role && row.status ? { role: row.role, status: row.status } : null,
  };
  if (!mayRead(actor, seen)) throw notFound(COMMUNITY_MESSAGES.topicNotFound);
  return {
    topic: row.topic,
    place: { forum_id: row.topic.forum_id, community_id: row.topic.community_id, group_id: row.group_id },
    seen,
  };
}

/**
 * `topicWithCommunity` for a list of the topic's posts: what it checks, read in one prepared statement
 * with only what the check needs, and the list `version` of the caller's kept pages in the same
 * snapshot.
 */
export async function listedTopic(
  database: Database,
  actor: Actor,
  topicId: number,
  version: SQL,
): Promise<{ topic: { topic_id: number; reply_count: number }; seen: SeenAccess; version: string }> {
  const [row] = await database.read<
    AccessColumns & { topic_id: number; reply_count: number; version: string }
  >(
    sql`select t.topic_id, t.reply_count, c.tenant_id, c.visibility, m.role, m.status, ${version} as version
      from forum_topics t
      join communities c on c.community_id = t.community_id and c.is_deleted = false
      left join community_members m on m.community_id = t.community_id and m.user_id = ${actor.userId}
      where t.topic_id = ${topicId} and t.is_deleted = false`,
    true,
  );
  if (!row) throw notFound(COMMUNITY_MESSAGES.topicNotFound);
  const seen = seenAccessOf(row);
  if (!mayRead(actor, seen)) throw notFound(COMMUNITY_MESSAGES.topicNotFound);
  return { topic: { topic_id: row.topic_id, reply_count: row.reply_count }, seen, version: row.version };
}

/** A forum post with its topic, when the caller may read the topic; anything else is the post's 404. */
export async function postWithTopic(db: DbOrTx, actor: Actor, postId: number) {
  const [post] = await db.select().from(forumPosts).where(eq(forumPosts.post_id, postId));
  if (!post) throw notFound(COMMUNITY_MESSAGES.postNotFound);
  try {
    return { post, ...(await topicWithCommunity(db, actor, post.topic_id)) };
  } catch {
    throw notFound(COMMUNITY_MESSAGES.postNotFound);
  }
}
