import { addAuthorBody, authoredIdParams, authorParams, authorSearchQuery } from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
 * `{base}/authors/{getAuthors/{id}, searchPeople/{id}, addAuthor/{id}, removeAuthor/{id}/{userId}}`:
 * a program's or an assessment's co-authors (docs/learning.md "Authors"). The routes admit authors
 * only; the row decides the rest (authorship.ts).
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
  typed.get(
    `${base}/authors/getAuthors/:id`,
    { config, schema: { tags, params: authoredIdParams } },
    async (request) => ({ data: await getAuthors(db, actorOf(request), def, request.params.id) }),
  );
  typed.get(
    `${base}/authors/searchPeople/:id`,
    { config, schema: { tags, params: authoredIdParams, querystring: authorSearchQuery } },
    async (request) => ({
      data: await searchPeople(db, actorOf(request), def, request.params.id, request.query.search),
    }),
  );
  typed.post(
    `${base}/authors/addAuthor/:id`,
    { config, schema: { tags, params: authoredIdParams, body: addAuthorBody } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await addAuthor(db, actorOf(request), def, request.params.id, request.body.user_id) }),
  );
  typed.delete(
    `${base}/authors/removeAuthor/:id/:userId`,
    { config, schema: { tags, params: authorParams } },
    async (request) => ({
      data: await removeAuthor(db, actorOf(request), def, request.params.id, request.params.userId),
    }),
  );
}
