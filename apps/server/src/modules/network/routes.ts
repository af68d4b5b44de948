import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { RateLimits } from '../../kernel/rate-limit';
import { registerCommentRoutes } from './comment-routes';
import { registerCommunityPostRoutes } from './community-post-routes';
import { registerConnectionRoutes } from './connection-routes';
import { registerFeedRoutes } from './feed-routes';
import { registerFollowRoutes } from './follow-routes';
import { registerPostPublishJobs, registerPostRoutes } from './post-routes';

/**
 * The network and posts under /api/community (issue 18 points 4 and 5; docs/network.md). Every route
 * needs a session; what one may see is decided per person (another's request, draft or hidden post is
 * a 404), never by a tenant. Each resource registers its routes from its own file, in this order.
 */
export function registerNetworkRoutes(
  app: FastifyInstance,
  database: Database,
  rateLimits: RateLimits,
): void {
  const emit = (userIds: number[], type: string, ids: number[], tagList: string[]) =>
    app.realtime.toUsers([...new Set(userIds)]).emit({ type, ids, tags: tagList });
  const context = { app, database, rateLimits, emit };
  registerCommunityPostRoutes(context);
  registerPostPublishJobs(context);
  registerConnectionRoutes(context);
  registerFollowRoutes(context);
  registerPostRoutes(context);
  registerCommentRoutes(context);
  registerFeedRoutes(context);
}
