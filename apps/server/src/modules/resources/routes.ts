import {
  collectionCreate,
  collectionListQuery,
  collectionUpdate,
  dataEnvelope,
  errorBody,
  RESOURCE_COLLECTIONS_API,
  RESOURCE_ITEMS_API,
  resourceCollection,
  resourceDeleteParams,
  resourceItem,
  resourceItemCreate,
  resourceItemParams,
  resourceItemUpdate,
  resourceReviewBody,
  resourceSearchAnswer,
  resourceSearchQuery,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import {
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  updateCollection,
} from './collections';
import { createItem, deleteItem, getItem, reviewItem, updateItem } from './items';
import { resourcePolicies } from './policy';
import { searchItems } from './search';

export const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
export const deleted = z.object({ data: z.object({ id: z.number().int(), deleted: z.literal(true) }) });

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Items, search and collections (issue 21 points 1 to 3). */
export function registerItemRoutes(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['resources'];
  const item = dataEnvelope(resourceItem);

  typed.get(
    `${RESOURCE_ITEMS_API}/getItems`,
    {
      config: { policy: resourcePolicies.read },
      schema: {
        tags,
        summary:
          'Search the library: filters, full text with highlights, facet counts (signed out: public items)',
        querystring: resourceSearchQuery,
        response: { 200: resourceSearchAnswer, ...errors },
      },
    },
    async (request) => searchItems(database, request.actor, request.query),
  );

  typed.get(
    `${RESOURCE_ITEMS_API}/getItem/:id`,
    {
      config: { policy: resourcePolicies.read },
      schema: {
        tags,
        summary: 'One item with its files',
        params: resourceItemParams,
        response: { 200: item, ...errors },
      },
    },
    async (request) => ({ data: await getItem(database, request.actor, request.params.id) }),
  );

  typed.post(
    `${RESOURCE_ITEMS_API}/createItem`,
    {
      config: { policy: resourcePolicies.signedIn },
      schema: {
        tags,
        summary: 'Create an item (draft, review or published)',
        body: resourceItemCreate,
        response: { 201: item, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createItem(database, actorOf(request), request.body) }),
  );

  typed.put(
    `${RESOURCE_ITEMS_API}/updateItem/:id`,
    {
      config: { policy: resourcePolicies.signedIn },
      schema: {
        tags,
        summary: 'Change an item (author, collection manager or administrator)',
        params: resourceItemParams,
        body: resourceItemUpdate,
        response: { 200: item, ...errors },
      },
    },
    async (request) => ({
      data: await updateItem(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.put(
    `${RESOURCE_ITEMS_API}/reviewItem/:id`,
    {
      config: { policy: resourcePolicies.signedIn },
      schema: {
        tags,
        summary: 'A manager approves (publishes) or returns an item waiting for review',
        params: resourceItemParams,
        body: resourceReviewBody,
        response: { 200: item, ...errors },
      },
    },
    async (request) => ({
      data: await reviewItem(database, actorOf(request), request.params.id, request.body.decision),
    }),
  );

  typed.delete(
    `${RESOURCE_ITEMS_API}/deleteItem/:id/:user_id`,
    {
      config: { policy: resourcePolicies.signedIn },
      schema: {
        tags,
        summary: 'Delete an item (soft)',
        params: resourceDeleteParams,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      await deleteItem(database, app.jobs, actorOf(request), request.params.id, request.params.user_id);
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );

  const collection = dataEnvelope(resourceCollection);
  typed.get(
    `${RESOURCE_COLLECTIONS_API}/getCollections`,
    {
      config: { policy: resourcePolicies.read },
      schema: {
        tags,
        summary: 'Collections and documents portals the caller may see',
        querystring: collectionListQuery,
        response: {
          200: z.object({
            data: z.array(resourceCollection),
            meta: z.object({
              page: z.number(),
              limit: z.number(),
              total: z.number(),
              totalPages: z.number(),
              totalExact: z.boolean(),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request) => listCollections(database, request.actor, request.query),
  );

  typed.get(
    `${RESOURCE_COLLECTIONS_API}/getCollection/:id`,
    {
      config: { policy: resourcePolicies.read },
      schema: {
        tags,
        summary: 'One collection or portal',
        params: resourceItemParams,
        response: { 200: collection, ...errors },
      },
    },
    async (request) => ({ data: await getCollection(database, request.actor, request.params.id) }),
  );

  typed.post(
    `${RESOURCE_COLLECTIONS_API}/createCollection`,
    {
      config: { policy: resourcePolicies.curate },
      schema: {
        tags,
        summary: 'Create a collection or documents portal',
        body: collectionCreate,
        response: { 201: collection, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createCollection(database, actorOf(request), request.body) }),
  );

  typed.put(
    `${RESOURCE_COLLECTIONS_API}/updateCollection/:id`,
    {
      config: { policy: resourcePolicies.signedIn },
      schema: {
        tags,
        summary: 'Change a collection (managers; administrators change its managers)',
        params: resourceItemParams,
        body: collectionUpdate,
        response: { 200: collection, ...errors },
      },
    },
    async (request) => ({
      data: await updateCollection(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    `${RESOURCE_COLLECTIONS_API}/deleteCollection/:id/:user_id`,
    {
      config: { policy: resourcePolicies.curate },
      schema: {
        tags,
        summary: 'Delete a collection (soft)',
        params: resourceDeleteParams,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      await deleteCollection(database, actorOf(request), request.params.id, request.params.user_id);
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );
}
