import {
  addAuthorBody,
  authorPerson,
  authorSearchQuery,
  authorsAnswer,
  dataEnvelope,
  pathId,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { type AuthoredTable, addAuthor, getAuthors, removeAuthor, searchPeople } from './authorship';
import { authoringPolicies } from './resources';

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * `{base}/authors/{getAuthors, searchPeople, addAuthor}/{programId|assessmentId}` and
 * `removeAuthor/{programId|assessmentId}/{userId}`: a program's or an assessment's co-authors
 * (docs/learning.md "Authors"). The routes admit authors only; the row decides the rest (authorship.ts).
 */
export function registerAuthorship(
  app: FastifyInstance,
  database: Database,
  base: string,
  def: AuthoredTable,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { policy: authoringPolicies.write };
  const tags = ['authors'];
  const db = database.db;
  const key = def.param;
  const params = z.object({ [key]: pathId });
  const withUser = z.object({ [key]: pathId, userId: pathId });
  const rootOf = (request: FastifyRequest) => (request.params as Record<string, number>)[key] as number;

  const authors = { 200: dataEnvelope(authorsAnswer) };
  typed.get(
    `${base}/authors/getAuthors/:${key}`,
    { config, schema: { tags, params, response: authors } },
    async (request) => ({ data: await getAuthors(db, actorOf(request), def, rootOf(request)) }),
  );
  typed.get(
    `${base}/authors/searchPeople/:${key}`,
    {
      config,
      schema: {
        tags,
        params,
        querystring: authorSearchQuery,
        response: { 200: dataEnvelope(z.array(authorPerson)) },
      },
    },
    async (request) => ({
      data: await searchPeople(db, actorOf(request), def, rootOf(request), request.query.search),
    }),
  );
  typed.post(
    `${base}/authors/addAuthor/:${key}`,
    { config, schema: { tags, params, body: addAuthorBody, response: { 201: dataEnvelope(authorsAnswer) } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await addAuthor(db, actorOf(request), def, rootOf(request), request.body.user_id) }),
  );
  typed.delete(
    `${base}/authors/removeAuthor/:${key}/:userId`,
    { config, schema: { tags, params: withUser, response: authors } },
    async (request) => ({
      data: await removeAuthor(
        db,
        actorOf(request),
        def,
        rootOf(request),
        (request.params as { userId: number }).userId,
      ),
    }),
  );
}
