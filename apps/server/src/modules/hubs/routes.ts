import {
  childProgress,
  errorBody,
  HUB_CHILDREN_API,
  HUB_PAGES_API,
  hubByPathQuery,
  hubCreate,
  hubListQuery,
  hubPage,
  hubPageSummary,
  hubUpdate,
  listEnvelope,
  pathId,
  publishedHub,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { hubPolicies } from './policy';
import {
  createHub,
  deleteHub,
  getHub,
  hubByPath,
  listHubs,
  myChildren,
  publishHub,
  updateHub,
} from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: pathId });

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Hub pages (issue 22; docs/hubs.md): the published read, the editor's verbs, a parent's children. */
export function registerHubs(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['hubs'];
  const base = HUB_PAGES_API;

  typed.get(
    `${base}/byPath`,
    {
      config: { policy: hubPolicies.read },
      schema: {
        tags,
        summary:
          "The published definition of a hub: a platform hub by its route, a tenant's page by tenant and slug",
        querystring: hubByPathQuery,
        response: { 200: z.object({ data: publishedHub }), ...errors },
      },
    },
    async (request) => ({ data: await hubByPath(database, request.actor, request.query) }),
  );

  typed.get(
    `${base}/getHubs`,
    {
      config: { policy: hubPolicies.list },
      schema: {
        tags,
        summary: "The hubs the caller edits (view manage), or its tenant's published hub pages (view tenant)",
        querystring: hubListQuery,
        response: { 200: listEnvelope(hubPageSummary), ...errors },
      },
    },
    async (request) => listHubs(database, actorOf(request), request.query),
  );

  typed.get(
    `${base}/getHub/:id`,
    {
      config: { policy: hubPolicies.write },
      schema: {
        tags,
        summary: 'One hub the caller edits, with its draft and its published version',
        params: idParams,
        response: { 200: z.object({ data: hubPage }), ...errors },
      },
    },
    async (request) => ({ data: await getHub(database, actorOf(request), request.params.id) }),
  );

  typed.post(
    `${base}/createHub`,
    {
      config: { policy: hubPolicies.write },
      schema: {
        tags,
        summary: "A new hub page of the caller's current tenant, as a draft",
        body: hubCreate,
        response: { 201: z.object({ data: hubPage }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createHub(database, actorOf(request), request.body) }),
  );

  typed.put(
    `${base}/updateHub/:id`,
    {
      config: { policy: hubPolicies.write },
      schema: {
        tags,
        summary: "Save a hub's draft (visitors see the published version until it is published)",
        params: idParams,
        body: hubUpdate,
        response: { 200: z.object({ data: hubPage }), ...errors },
      },
    },
    async (request) => ({
      data: await updateHub(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.post(
    `${base}/publishHub/:id`,
    {
      config: { policy: hubPolicies.write },
      schema: {
        tags,
        summary: "Publish a hub's draft",
        params: idParams,
        response: { 200: z.object({ data: hubPage }), ...errors },
      },
    },
    async (request) => ({ data: await publishHub(database, actorOf(request), request.params.id) }),
  );

  typed.delete(
    `${base}/deleteHub/:id/:user_id`,
    {
      config: { policy: hubPolicies.write },
      schema: {
        tags,
        summary: "Delete a tenant's own hub page; user_id must be the caller",
        params: z.object({ id: pathId, user_id: pathId }),
        response: { 200: z.object({ data: z.object({ hub_id: z.number().int() }) }), ...errors },
      },
    },
    async (request) => ({
      data: await deleteHub(database, actorOf(request), request.params.id, request.params.user_id),
    }),
  );

  typed.get(
    `${HUB_CHILDREN_API}/getChildren`,
    {
      config: { policy: hubPolicies.children },
      schema: {
        tags,
        summary: "The caller's children (registered with the caller's verified email) and their programs",
        response: { 200: z.object({ data: z.array(childProgress) }), ...errors },
      },
    },
    async (request) => ({ data: await myChildren(database, actorOf(request)) }),
  );
}
