import { COMMUNITY_MESSAGES } from '@nexus/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DbOrTx } from '../../db/client';
import { communities } from '../../db/schema';
import { inScope } from '../../db/scope';
import { notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import type { RateLimits } from '../../kernel/rate-limit';
import { grantFileReads } from '../files';
import { addReachability } from '../messaging';
import { assertMayPost, loadSeen, mayModerate, mayRead, moderated, readable } from './access';
import { audit } from './audit-log';
import { registerTopicRoom } from './live';
import { sharedCommunity } from './reachability';
import { registerCommunityRoutes } from './routes';

/**
 * Communities, groups and forums (issue 18; docs/community.md): routes, and messaging's "shared
 * community" reachability rule (active members of one community may message each other).
 */
export function registerCommunity(app: FastifyInstance, database: Database, rateLimits: RateLimits): void {
  registerCommunityRoutes(app, database, rateLimits);
  addReachability('shared-community', sharedCommunity);
  grantFileReads('community.cover', coverReadable);
  registerTopicRoom(app, database);
}

/**
 * A community's cover image is readable by whoever may read the community (its card shows the cover
 * then; a private community's cover stays with its members). The files are the uploader's, counted
 * against their own tenant, so the communities naming one are looked up across tenants.
 */
async function coverReadable(db: DbOrTx, actor: Actor, fileId: string): Promise<boolean> {
  const naming = await inScope(db, 'all', (tx) =>
    tx
      .select({ id: communities.community_id })
      .from(communities)
      .where(and(eq(communities.cover_file_id, fileId), eq(communities.is_deleted, false)))
      .limit(20),
  );
  for (const { id } of naming) {
    const seen = await inScope(db, 'all', (tx) => loadSeen(tx, actor, id));
    if (seen && mayRead(actor, seen)) return true;
  }
  return false;
}

/**
 * For the events and competitions areas, which link their rows to a community: the caller must
 * moderate it (403), and a community they may not read answers 404 as everywhere else.
 */
export async function assertModeratesCommunity(db: DbOrTx, actor: Actor, communityId: number) {
  await moderated(db, actor, communityId);
}

/** A community's events and competitions are listed only to those who may read the community. */
export async function assertReadsCommunity(db: DbOrTx, actor: Actor | null, communityId: number) {
  if (!actor) throw notFound(COMMUNITY_MESSAGES.notFound);
  await readable(db, actor, communityId);
}

/** SQL: the ids of the communities the user is an active member of. */
export const myCommunityIdsSql = (userId: number): SQL =>
  sql`(select m.community_id from community_members m where m.user_id = ${userId} and m.status = 'active')`;

/**
 * For the network's posts: sharing a post to a community is posting in it. A community the caller may
 * not read answers 404 (a private one reveals nothing); a reader who is not an active member, or is
 * banned, gets 403.
 */
export async function assertMaySharePostTo(db: DbOrTx, actor: Actor, communityId: number): Promise<void> {
  const seen = await readable(db, actor, communityId);
  assertMayPost(actor, seen);
}

/**
 * For the network's posts: whether the caller moderates a community (its owner and moderators, the
 * admins of its tenant, platform admins: `mayModerate`), who may take another person's post out of
 * it. A community the caller may not read answers 404, as everywhere else.
 */
export async function mayModerateCommunity(db: DbOrTx, actor: Actor, communityId: number): Promise<boolean> {
  return mayModerate(actor, await readable(db, actor, communityId));
}

/** Audits a moderator taking another person's post out of a community, in the removal's transaction. */
export async function auditSharedPostRemoval(tx: DbOrTx, actor: Actor, communityId: number, postId: number) {
  await audit(tx, actor, communityId, 'shared_post.removed', { kind: 'post', id: postId });
}

/**
 * SQL: the communities (`community_id`, `name`) whose content the user may read, as access.ts's
 * `mayRead` decides it: a public one of the platform or of a tenant the user holds a role in, or any
 * one where the user is an active member.
 */
export const readableCommunitiesSql = (userId: number): SQL =>
  sql`(select c.community_id, c.name from communities c where c.is_deleted = false and (
    (c.visibility = 'public' and (c.tenant_id is null or c.tenant_id in (select r.tenant_id from user_roles r
      where r.user_id = ${userId} and r.is_deleted = false and r.tenant_id is not null)))
    or c.community_id in ${myCommunityIdsSql(userId)}))`;
