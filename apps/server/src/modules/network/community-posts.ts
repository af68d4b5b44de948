import { NETWORK_MESSAGES, type PostItem } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { inScope } from '../../db/scope';
import { badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { assertReadsCommunity } from '../community';
import { addShares, assertMayShare, removeShare, shareCount } from './community-shares';
import { blockedWithMe, getPost, ownPost, POST_SQL, type PostRow, timeCursor, toItems } from './posts';

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
 * The author takes a post back from a community. A post for its communities only keeps at least one
 * (else only its author could read it).
 */
export async function unsharePost(db: Db, actor: Actor, postId: number, communityId: number) {
  const post = await ownPost(db, actor.userId, postId);
  if (post.visibility === 'community' && (await shareCount(db, postId)) <= 1)
    throw badRequest(NETWORK_MESSAGES.communityNeeded, [
      { in: 'body', path: 'community_id', message: NETWORK_MESSAGES.communityNeeded },
    ]);
  const removed = await inScope(db, 'main', (tx) => removeShare(tx, postId, communityId));
  if (!removed) throw notFound(NETWORK_MESSAGES.shareNotFound);
  return getPost(db, actor.userId, postId);
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
  const more = rows.length > query.limit;
  const kept = rows.slice(0, query.limit);
  const last = kept.at(-1);
  return {
    data: await toItems(db, me, kept),
    meta: { limit: query.limit, next_cursor: more && last ? `${last.sort_at}|${last.post_id}` : null },
  };
}
