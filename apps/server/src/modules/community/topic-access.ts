import { COMMUNITY_MESSAGES } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { communities, communityMembers, forumPosts, forums, forumTopics } from '../../db/schema';
import { notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { mayRead, type Seen } from './access';

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
