import { errorBody, listEnvelope, NOTES_API, note, noteListQuery, noteTagCount } from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { registerResource } from '../../http/resource-factory';
import { listNotes, noteTags } from './notes';
import { personalPolicies } from './policy';
import { diaryResource, notesResource } from './resources';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Notes and the diary (issue 22 point 5) under /api/personal/notes and /api/personal/diary. */
export function registerPersonal(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['personal'];

  typed.get(
    `${NOTES_API}/getNotes`,
    {
      config: { policy: personalPolicies.read },
      schema: {
        tags,
        summary: 'List my notes, last changed first; search by word, filter by tag',
        querystring: noteListQuery,
        response: { 200: listEnvelope(note), ...errors },
      },
    },
    async (request) =>
      listNotes(database, actorOf(request), request.query as Parameters<typeof listNotes>[2]),
  );

  typed.get(
    `${NOTES_API}/getNoteTags`,
    {
      config: { policy: personalPolicies.read },
      schema: {
        tags,
        summary: 'The tags of my notes, with how many notes carry each',
        response: { 200: z.object({ data: z.array(noteTagCount) }), ...errors },
      },
    },
    async (request) => ({ data: await noteTags(database, actorOf(request)) }),
  );

  registerResource(app, database, notesResource);
  registerResource(app, database, diaryResource);
}
