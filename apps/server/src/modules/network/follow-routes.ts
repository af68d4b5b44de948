import {
  connectionList,
  createFollowBody,
  dataEnvelope,
  FOLLOWS_API,
  feedQuery,
  NETWORK_TAGS,
  networkNotice,
  networkPersonCard,
  networkUserParams,
} from '@nexus/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { follow, listFollowing, unfollow } from './connections';
import { actorOf, config, errors, type NetworkRouteContext, tags } from './route-kit';

/**
 * Following a person without connecting (issue 18 point 5): one-sided, so it has its own resource and
 * file beside the connections; a follow changes the feed and the person's card, hence the tags.
 */
export function registerFollowRoutes({ app, database, emit }: NetworkRouteContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const F = FOLLOWS_API;

  typed.get(
    `${F}/getFollowing`,
    {
      config,
      schema: {
        tags,
        summary: 'People I follow',
        querystring: feedQuery,
        response: {
          200: z.object({
            data: z.array(
              networkPersonCard.pick({
                user_id: true,
                name: true,
                username: true,
                profile_image: true,
                headline: true,
              }),
            ),
            meta: connectionList.shape.meta,
          }),
          ...errors,
        },
      },
    },
    async (request) => listFollowing(db, actorOf(request).userId, request.query),
  );

  typed.post(
    `${F}/createFollow`,
    {
      config,
      schema: {
        tags,
        summary: 'Follow a person without connecting',
        body: createFollowBody,
        response: { 201: dataEnvelope(networkPersonCard), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const card = await follow(db, actor, request.body.user_id);
      emit(
        [actor.userId],
        'follow.changed',
        [card.user_id],
        [NETWORK_TAGS.follow, NETWORK_TAGS.feed, NETWORK_TAGS.connection],
      );
      return reply.status(201).send({ data: card });
    },
  );

  typed.delete(
    `${F}/deleteFollow/:userId`,
    {
      config,
      schema: {
        tags,
        summary: 'Stop following a person',
        params: networkUserParams,
        response: { 200: networkNotice, ...errors },
      },
    },
    async (request) => {
      const me = actorOf(request).userId;
      await unfollow(db, me, request.params.userId);
      emit(
        [me],
        'follow.changed',
        [request.params.userId],
        [NETWORK_TAGS.follow, NETWORK_TAGS.feed, NETWORK_TAGS.connection],
      );
      return { message: 'Done.' };
    },
  );
}
