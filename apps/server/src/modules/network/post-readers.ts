import { NETWORK_MESSAGES } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { badRequest, notFound } from '../../http/app-error';
import { sharedWithMe } from './community-shares';

/*
 * Who reads a post (docs/network.md, visibility): the SQL conditions every list and lookup of posts
 * applies, on the alias `p` for posts.
 */

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

/** A published post the caller may read, for commenting and reacting. */
export async function openPublished(db: DbOrTx, me: number, postId: number) {
  const [row] = await queryRows<{ post_id: number; author_id: number; status: string }>(
    db,
    sql`select p.post_id, p.author_id, p.status from posts p where p.post_id = ${postId} and ${readable(me)}`,
  );
  if (!row) throw notFound(NETWORK_MESSAGES.postNotFound);
  if (row.status !== 'published')
    throw badRequest(NETWORK_MESSAGES.notPublished, [
      { in: 'body', path: 'post_id', message: NETWORK_MESSAGES.notPublished },
    ]);
  return row;
}

/** A post image is readable by whoever may read a post carrying it (files' read grant). */
export async function imageVisibleTo(db: DbOrTx, me: number, fileId: string): Promise<boolean> {
  const rows = await queryRows<{ post_id: number }>(
    db,
    sql`select p.post_id from posts p where p.image_ids @> ${JSON.stringify([fileId])}::jsonb and ${readable(me)} limit 1`,
  );
  return rows.length > 0;
}
