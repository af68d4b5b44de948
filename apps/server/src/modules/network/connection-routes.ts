import {
  CONNECTIONS_API,
  connectionItem,
  connectionList,
  connectionListQuery,
  connectionRequestsQuery,
  connectionSummary,
  createConnectionBody,
  dataEnvelope,
  NETWORK_MESSAGES,
  NETWORK_TAGS,
  networkIdParams,
  networkNotice,
  networkPersonCard,
  networkUserParams,
  peopleSearchQuery,
  personCardList,
  suggestionsQuery,
} from '@nexus/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../http/app-error';
import {
  acceptRequest,
  dropConnection,
  listConnections,
  listRequests,
  sendRequest,
  summary,
} from './connections';
import { personCard, searchPeople, suggestPeople } from './people';
import { actorOf, config, errors, type NetworkRouteContext, tags } from './route-kit';

/**
 * Finding people and connecting with them (issue 18 point 5): the requests' lifecycle, the counts,
 * suggestions and search. Its own file because the connection lifecycle is one resource of the
 * network's several (posts, comments, follows), each registered from routes.ts.
 */
export function registerConnectionRoutes({ app, database, rateLimits, emit }: NetworkRouteContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const C = CONNECTIONS_API;
  const connectionTags = [NETWORK_TAGS.connection, NETWORK_TAGS.feed];

  typed.get(
    `${C}/getConnections`,
    {
      config,
      schema: {
        tags,
        summary: 'My connections, newest first',
        querystring: connectionListQuery,
        response: { 200: connectionList, ...errors },
      },
    },
    async (request) => listConnections(db, actorOf(request).userId, request.query),
  );

  typed.get(
    `${C}/getConnectionRequests`,
    {
      config,
      schema: {
        tags,
        summary: 'Pending requests received (default) or sent',
        querystring: connectionRequestsQuery,
        response: { 200: connectionList, ...errors },
      },
    },
    async (request) => listRequests(db, actorOf(request).userId, request.query),
  );

  typed.get(
    `${C}/getSummary`,
    {
      config,
      schema: {
        tags,
        summary: 'Counts of connections, requests and follows',
        response: { 200: dataEnvelope(connectionSummary), ...errors },
      },
    },
    async (request) => ({ data: await summary(db, actorOf(request).userId) }),
  );

  typed.get(
    `${C}/getSuggestions`,
    {
      config,
      schema: {
        tags,
        summary: 'People you may know',
        querystring: suggestionsQuery,
        response: { 200: personCardList, ...errors },
      },
    },
    async (request) => suggestPeople(db, actorOf(request), request.query),
  );

  typed.get(
    `${C}/searchPeople`,
    {
      config,
      schema: {
        tags,
        summary: 'Search people by name, role, organisation and interests',
        querystring: peopleSearchQuery,
        response: { 200: personCardList, ...errors },
      },
    },
    async (request) => searchPeople(db, actorOf(request), request.query),
  );

  typed.get(
    `${C}/getPerson/:userId`,
    {
      config,
      schema: {
        tags,
        summary: 'One person and where the caller stands with them',
        params: networkUserParams,
        response: { 200: dataEnvelope(networkPersonCard), ...errors },
      },
    },
    async (request) => {
      const card = await personCard(db, actorOf(request), request.params.userId);
      if (!card) throw notFound(NETWORK_MESSAGES.userNotFound);
      return { data: card };
    },
  );

  typed.post(
    `${C}/createConnection`,
    {
      config,
      schema: {
        tags,
        summary: 'Send a connection request (accepts theirs if they asked first)',
        body: createConnectionBody,
        response: { 201: dataEnvelope(connectionItem), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await rateLimits.hit(`connections:${actor.userId}`, 30, 60, NETWORK_MESSAGES.tooManyPosts);
      const { item, userIds } = await sendRequest(db, actor, request.body);
      emit(userIds, 'connection.changed', [item.connection_id], connectionTags);
      return reply.status(201).send({ data: item });
    },
  );

  typed.post(
    `${C}/acceptConnection/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Accept a request I received',
        params: networkIdParams,
        response: { 200: dataEnvelope(connectionItem), ...errors },
      },
    },
    async (request) => {
      const { item, userIds } = await acceptRequest(db, actorOf(request).userId, request.params.id);
      emit(userIds, 'connection.changed', [item.connection_id], connectionTags);
      return { data: item };
    },
  );

  for (const [verb, kind, what] of [
    ['declineConnection', 'decline', 'Decline a request I received'],
    ['withdrawConnection', 'withdraw', 'Withdraw a request I sent'],
    ['deleteConnection', 'remove', 'Remove a connection'],
  ] as const) {
    typed.post(
      `${C}/${verb}/:id`,
      {
        config,
        schema: { tags, summary: what, params: networkIdParams, response: { 200: networkNotice, ...errors } },
      },
      async (request) => {
        const userIds = await dropConnection(db, actorOf(request).userId, request.params.id, kind);
        emit(userIds, 'connection.changed', [request.params.id], connectionTags);
        return { message: 'Done.' };
      },
    );
  }
}
