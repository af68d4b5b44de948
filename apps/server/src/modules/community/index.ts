import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { RateLimits } from '../../kernel/rate-limit';
import { addReachability } from '../messaging';
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
