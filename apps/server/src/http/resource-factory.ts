import {
  errorBody,
  type GetOneQuery,
  getOneQuery,
  type ListQuery,
  listEnvelope,
  listQuery,
  pathId,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Tx } from '../db/client';
import { forbidden } from './app-error';
import type { Actor, Policy } from './policy';
import { narrowListQuery } from './readable-fields';
import { ResourceStore } from './resource-store';
import type { ResourceDefinition, Verb } from './resource-types';

export type { ResourceDefinition } from './resource-types';

const idParam = pathId;
const BULK_MAX = 1000;

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

function actorOf(request: FastifyRequest): Actor {
  // The onRequest guard has already answered 401 for a route that needs an actor and has none.
  return request.actor as Actor;
}

function sendJson(reply: FastifyReply, json: string) {
  // Built as JSON by PostgreSQL from the whitelisted projection, so it skips a parse and re-serialise.
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Registers the generic verbs of DESIGN section 4 for one resource: list, get one, create, update,
 * soft delete and the three bulk calls, each with its schemas, policy, tenant scope and audit stamps.
 */
export function registerResource(
  app: FastifyInstance,
  database: Database,
  def: ResourceDefinition,
): ResourceStore {
  const store = new ResourceStore(def);
  const { db } = database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const base = def.basePath;
  const name = def.entity;
  const tags = def.tags ?? [base.split('/').filter(Boolean).slice(-1)[0] ?? name];
  const policy = (verb: Verb): Policy =>
    def.policies[verb] ?? (verb === 'list' || verb === 'get' ? def.policies.read : def.policies.write);
  const item = def.schemas.item;
  const partialItem = item.partial();
  const one = z.object({ data: item });
  const many = z.object({ data: z.array(item) });
  const idParams = z.object({ id: idParam });
  // A verb in `ownHandlers` is registered by the resource itself; here it goes to a no-op registrar.
  const skipped = { get() {}, post() {}, put() {}, delete() {} } as unknown as typeof typed;
  const on = (verb: Verb) => (def.ownHandlers?.includes(verb) ? skipped : typed);

  on('list').get(
    `${base}/${def.verbPaths?.list ?? `get${name}`}`,
    {
      config: { policy: policy('list') },
      schema: {
        tags,
        summary: `List ${name} records`,
        querystring: listQuery,
        response: { 200: listEnvelope(partialItem), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const query = narrowListQuery(request.query as ListQuery, def.readableFields?.(actor), def.searchable);
      return sendJson(reply, await store.list(database, actor, query));
    },
  );

  on('get').get(
    `${base}/${def.verbPaths?.get ?? `get${name}`}/:id`,
    {
      config: { policy: policy('get') },
      schema: {
        tags,
        summary: `Get one ${name}`,
        params: idParams,
        querystring: getOneQuery,
        response: { 200: z.object({ data: partialItem }), ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await store.getOne(database, actorOf(request), request.params.id, request.query as GetOneQuery),
      ),
  );

  on('create').post(
    `${base}/${def.verbPaths?.create ?? `create${name}`}`,
    {
      config: { policy: policy('create') },
      schema: {
        tags,
        summary: `Create a ${name}`,
        body: def.schemas.create,
        response: { 201: one, ...errors },
      },
    },
    async (request, reply) => {
      const [created] = await store.create(db, actorOf(request), [request.body as Record<string, unknown>]);
      return reply.status(201).send({ data: created as Record<string, unknown> });
    },
  );

  on('update').put(
    `${base}/${def.verbPaths?.update ?? `update${name}`}/:id`,
    {
      config: { policy: policy('update') },
      schema: {
        tags,
        summary: `Update a ${name}`,
        params: idParams,
        body: def.schemas.update,
        response: { 200: one, ...errors },
      },
    },
    async (request) => ({
      data: await store.update(
        db,
        actorOf(request),
        request.params.id,
        request.body as Record<string, unknown>,
      ),
    }),
  );

  on('delete').delete(
    `${base}/${def.verbPaths?.delete ?? `delete${name}`}/:id/:user_id`,
    {
      config: { policy: policy('delete') },
      schema: {
        tags,
        summary: `Soft-delete a ${name}; user_id must be the caller`,
        params: z.object({ id: idParam, user_id: idParam }),
        response: { 200: one, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (request.params.user_id !== actor.userId)
        throw forbidden('The user_id in the path must be your own.');
      const [deleted] = await store.remove(db, actor, [request.params.id]);
      return { data: deleted as Record<string, unknown> };
    },
  );

  if (def.bulk === false) return store;

  // Bulk calls: the route schema validates every item before anything runs, then one transaction.
  on('createMany').post(
    `${base}/createMany`,
    {
      config: { policy: policy('createMany') },
      schema: {
        tags,
        summary: `Create many ${name} records (all or none)`,
        body: z.array(def.schemas.create).min(1).max(BULK_MAX),
        response: { 201: many, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const rows = await db.transaction((tx) =>
        store.create(tx as Tx, actor, request.body as Record<string, unknown>[]),
      );
      await store.afterWrite(database, rows.length);
      return reply.status(201).send({ data: rows });
    },
  );

  on('updateMany').post(
    `${base}/updateMany`,
    {
      config: { policy: policy('updateMany') },
      schema: {
        tags,
        summary: `Update many ${name} records (all or none)`,
        body: z.array(def.schemas.updateItem).min(1).max(BULK_MAX),
        response: { 200: many, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const items = request.body as Record<string, unknown>[];
      const rows = await db.transaction(async (tx) => {
        const out = [];
        for (const entry of items) {
          const { [def.idColumn]: id, ...changes } = entry;
          out.push(await store.update(tx as Tx, actor, id as number, changes));
        }
        return out;
      });
      await store.afterWrite(database, rows.length);
      return { data: rows };
    },
  );

  on('deleteMany').put(
    `${base}/deleteMany`,
    {
      config: { policy: policy('deleteMany') },
      schema: {
        tags,
        summary: `Soft-delete many ${name} records (all or none)`,
        body: def.schemas.bulkDelete,
        response: { 200: many, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const ids = (request.body as Record<string, number[]>)[def.bulkIdsKey] ?? [];
      const rows = await db.transaction((tx) => store.remove(tx as Tx, actor, ids));
      await store.afterWrite(database, rows.length);
      return { data: rows };
    },
  );

  return store;
}
