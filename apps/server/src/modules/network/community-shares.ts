import type { PostCommunity } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import type { Actor } from '../../http/policy';
import { assertMaySharePostTo, readableCommunitiesSql } from '../community';

/*
 * The link between a post and the communities it is shared to (`community_posts`, migration 0043).
 * Who may share and who may read a community are the community area's rules, taken from its index.
 */

/** SQL: true when the post (`postId`, a column) is shared to a community the caller may read. */
export function sharedWithMe(me: number, postId: SQL): SQL {
  return sql`exists (select 1 from community_posts cp where cp.post_id = ${postId}
    and cp.community_id in (select rc.community_id from ${readableCommunitiesSql(me)} rc))`;
}

/** Sharing is posting in the community: 404 when the caller may not read it, 403 when not a member. */
export async function assertMayShare(db: DbOrTx, actor: Actor, communityId: number): Promise<void> {
  await assertMaySharePostTo(db, actor, communityId);
}

/** Links a post to communities (already linked ones stay as they are), with the post's publish time. */
export async function addShares(db: DbOrTx, me: number, postId: number, communityIds: number[]) {
  if (communityIds.length === 0) return;
  const ids = sql.join(
    communityIds.map((id) => sql`(${id}::int)`),
    sql`, `,
  );
  await db.execute(sql`insert into community_posts (post_id, community_id, shared_by, published_at)
    select p.post_id, c.id, ${me}::int, p.published_at from posts p cross join (values ${ids}) as c(id)
    where p.post_id = ${postId}
    on conflict do nothing`);
}

/** How many communities a post is shared to. */
export async function shareCount(db: DbOrTx, postId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from community_posts where post_id = ${postId}`,
  );
  return row?.n ?? 0;
}

/** Unlinks a post from a community; false when it was not shared there. */
export async function removeShare(db: DbOrTx, postId: number, communityId: number): Promise<boolean> {
  const rows = await queryRows<{ post_id: number }>(
    db,
    sql`delete from community_posts where post_id = ${postId} and community_id = ${communityId}
      returning post_id`,
  );
  return rows.length > 0;
}

/** The communities each post is shared to, of those the caller may read, by name. */
export async function sharesOf(db: DbOrTx, me: number, postIds: SQL): Promise<Map<number, PostCommunity[]>> {
  const rows = await queryRows<{ post_id: number; community_id: number; name: string }>(
    db,
    sql`select cp.post_id, rc.community_id, rc.name from community_posts cp
      join ${readableCommunitiesSql(me)} rc on rc.community_id = cp.community_id
      where cp.post_id in (${postIds}) order by rc.name, rc.community_id`,
  );
  const byPost = new Map<number, PostCommunity[]>();
  for (const row of rows) {
    const list = byPost.get(row.post_id) ?? [];
    list.push({ community_id: row.community_id, name: row.name });
    byPost.set(row.post_id, list);
  }
  return byPost;
}
