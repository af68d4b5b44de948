import { NETWORK_MESSAGES, type PostItem } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { posts } from '../../db/schema';
import { inScope } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { assertReadsCommunity, auditSharedPostRemoval, mayModerateCommunity } from '../community';
import { addShares, assertMayShare, removeShare, shareCount } from './community-shares';
import { blockedWithMe } from './post-readers';
import { getPost, ownPost, POST_SQL, type PostRow, timeCursor, timePage, toItems } from './posts';

/** Shares the caller's post to more communities (each one they may post in); sharing twice is a no-op. */
export async function sharePost(
  db: Db,
  actor: Actor,
  postId: number,
  communityIds: number[],
): Promise<PostItem> {
  await ownPost(db, actor.userId, postId);
  for (const communityId of communityIds) await assertMayShare(db, actor, communityId);
  await inScope(db, 'main', (tx) => addShares(tx, actor.userId, postId, communityIds));
  return getPost(db, actor.userId, postId);
}

/**
 * Takes a post out of a community (issue 18): its author, or a moderator of the community for anyone
 * else's. Answers the post as the caller now sees it, and its author (to be told of the change).
 */
export async function unsharePost(
  db: Db,
  actor: Actor,
  postId: number,
  communityId: number,
): Promise<{ item: PostItem; authorId: number }> {
  const [post] = await db
    .select({ author_id: posts.author_id, visibility: posts.visibility })
    .from(posts)
    .where(sql`${posts.post_id} = ${postId} and ${posts.is_deleted} = false`);
  if (post?.author_id === actor.userId) {
    // A post for its communities only keeps at least one (else only its author could read it).
    if (post.visibility === 'community' && (await shareCount(db, postId)) <= 1)
      throw badRequest(NETWORK_MESSAGES.communityNeeded, [
        { in: 'body', path: 'community_id', message: NETWORK_MESSAGES.communityNeeded },
      ]);
    const removed = await inScope(db, 'main', (tx) => removeShare(tx, postId, communityId));
    if (!removed) throw notFound(NETWORK_MESSAGES.shareNotFound);
    return { item: await getPost(db, actor.userId, postId), authorId: actor.userId };
  }
  return removeAsModerator(db, actor, postId, communityId);
}

/**
 * Someone else's post: 404 when the caller may not read the community, 403 when they do not moderate
 * it (checked before the share, so a member learns nothing of what is shared), 404 when the post is
 * not among what the community lists to them (published, no block either way). A moderator may take
 * a `community` post's last community: it is then its author's alone, which is the point. Audited.
 */
async function removeAsModerator(db: Db, actor: Actor, postId: number, communityId: number) {
  if (!(await mayModerateCommunity(db, actor, communityId))) throw forbidden(NETWORK_MESSAGES.notYourShare);
  const me = actor.userId;
  const listed = sql`p.post_id = ${postId} and p.status = 'published' and p.is_deleted = false
    and p.author_id not in ${blockedWithMe(me)}`;
  const rows = await inScope(db, 'main', async (tx) => {
    const [gone] = await queryRows<{ post_id: number }>(
      tx,
      sql`delete from community_posts cp using posts p
        where cp.post_id = p.post_id and cp.community_id = ${communityId} and ${listed}
        returning cp.post_id`,
    );
    if (!gone) return [];
    await auditSharedPostRemoval(tx, actor, communityId, postId);
    // Read in the same transaction: the moderator could read it through the community a moment ago.
    return queryRows<PostRow>(
      tx,
      sql`select ${POST_SQL} from posts p join users u on u.user_id = p.author_id where ${listed}`,
    );
  });
  if (rows.length === 0) throw notFound(NETWORK_MESSAGES.shareNotFound);
  const [item] = await toItems(db, me, rows);
  return { item: item!, authorId: rows[0]!.author_id };
}

/**
 * The published posts shared to a community, newest first (keyset `published_at|post_id` off the
 * community's share index). Only for those who may read the community: a private one is its members'
 * (404 for anyone else, as its topics are). Blocked authors' posts are left out.
 */
export async function listCommunityPosts(
  db: Db,
  actor: Actor,
  query: { community_id: number; cursor?: string; limit: number },
) {
  await assertReadsCommunity(db, actor, query.community_id);
  const after = timeCursor(query.cursor);
  const me = actor.userId;
  const rows = await queryRows<PostRow & { sort_at: string }>(
    db,
    sql`select ${POST_SQL}, to_json(cp.published_at) #>> '{}' as sort_at
      from community_posts cp join posts p on p.post_id = cp.post_id join users u on u.user_id = p.author_id
      where cp.community_id = ${query.community_id} and cp.published_at is not null
        and p.status = 'published' and p.is_deleted = false and p.author_id not in ${blockedWithMe(me)}
        ${after ? sql`and (cp.published_at, cp.post_id) < (${after.at}::timestamptz, ${after.id}::int)` : sql``}
      order by cp.published_at desc nulls last, cp.post_id desc nulls last
      limit ${query.limit + 1}`,
  );
  return timePage(db, me, rows, query.limit);
}
