/**
 * Notices of the forums (issue 18): mentions and replies to followed topics. One file per area
 * (index.ts).
 */
import { and, eq, ne, or } from 'drizzle-orm';
import { communities, communityMembers, forumTopics, topicFollows } from '../../../db/schema';
import type { EventDispatcher } from '../../../kernel/events';
import { type NotifyContext, notify } from '../deliver';
import { personName } from './names';

/** Forum posts. */
export function registerCommunityNotices(events: EventDispatcher, context: NotifyContext): void {
  // Issue 18: a forum post names people (@username) and its topic's followers hear of replies. Each
  // person is notified once per post: a mention wins over following.
  events.on('community.post.created', 'notifications.community-post', async (event, tx) => {
    const { post_id: postId, topic_id: topicId, tenant_id: tenantId, author_id: authorId } = event.payload;
    const [topic] = await tx
      .select({ title: forumTopics.title })
      .from(forumTopics)
      .where(eq(forumTopics.topic_id, topicId));
    const title = topic?.title ?? 'a topic';
    const author = await personName(tx, authorId);
    const link = `/forum/${topicId}#post-${postId}`;
    const mentioned = new Set(event.payload.mentioned_user_ids.filter((userId) => userId !== authorId));
    for (const userId of mentioned) {
      await notify(tx, context, {
        userId,
        tenantId,
        category: 'community',
        title: `${author} mentioned you in ${title}`,
        body: 'Open the topic to read and reply.',
        link,
        eventId: event.id,
        handler: 'notifications.community-post',
      });
    }
    if (event.payload.opening) return;
    // A private community's replies reach only its active members (as mentions do): a follower who
    // left, was removed or was banned may no longer read the topic (docs/community.md).
    const followers = await tx
      .select({ userId: topicFollows.user_id })
      .from(topicFollows)
      .innerJoin(communities, eq(communities.community_id, event.payload.community_id))
      .leftJoin(
        communityMembers,
        and(
          eq(communityMembers.community_id, communities.community_id),
          eq(communityMembers.user_id, topicFollows.user_id),
        ),
      )
      .where(
        and(
          eq(topicFollows.topic_id, topicId),
          ne(topicFollows.user_id, authorId),
          or(eq(communities.visibility, 'public'), eq(communityMembers.status, 'active')),
        ),
      );
    for (const { userId } of followers) {
      if (mentioned.has(userId)) continue;
      await notify(tx, context, {
        userId,
        tenantId,
        category: 'community',
        title: `${author} replied in ${title}`,
        body: 'A topic you follow has a new reply.',
        link,
        eventId: event.id,
        handler: 'notifications.community-post',
      });
    }
  });
}
