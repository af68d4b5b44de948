import { COMMUNITY_MESSAGES } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DbOrTx } from '../../db/client';
import { notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import type { RateLimits } from '../../kernel/rate-limit';
import { addReachability } from '../messaging';
import { moderated, readable } from './access';
import { sharedCommunity } from './reachability';
import { registerCommunityRoutes } from './routes';

/**
 * Communities, groups and forums (issue 18; docs/community.md): routes, and messaging's "shared
 * community" reachability rule (active members of one community may message each other).
 */
export function registerCommunity(app: FastifyInstance, database: Database, rateLimits: RateLimits): void {
  registerCommunityRoutes(app, database, rateLimits);
  addReachability('shared-community', sharedCommunity);
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
