import { FEED_API, feedQuery, postList } from '@nexus/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feed } from './feed';
import { actorOf, config, errors, type NetworkRouteContext, tags } from './route-kit';

/** The home feed (issue 18 point 4): read-only, drawn from follows, connections and communities alike. */
export function registerFeedRoutes({ app, database }: NetworkRouteContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    `${FEED_API}/getFeed`,
    {
      config,
      schema: {
        tags,
        summary: 'Home feed: posts of people I follow or am connected to and of my communities, newest first',
        querystring: feedQuery,
        response: { 200: postList, ...errors },
      },
    },
    async (request) => feed(database, actorOf(request).userId, request.query),
  );
}
