import {
  dataEnvelope,
  ENROLLMENT_MESSAGES,
  editableProgramPage,
  editableProgramsQuery,
  PROGRAM_API,
  pathId,
  programProgress,
  programSearchPage,
  programTreeEnvelope,
  searchProgramsQuery,
  unitSelected,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { courses, modules, programs } from '../../db/schema';
import { forbidden, unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { registerResource } from '../../http/resource-factory';
import { constrain } from '../access';
import { assertAuthors, type ChildLevel, editablePrograms, PROGRAM_AUTHORSHIP } from './authorship';
import { registerAuthorship } from './authorship-routes';
import { prepareEnrolment, recordEnrolments } from './enrolment';
import { registerLearningHandlers } from './event-handlers';
import { assertOwnParent, invalid } from './own-parent';
import { completeUnit, getProgress, selectUnit } from './progress';
import {
  authoringPolicies,
  authors,
  coursesResource,
  enrollmentsResource,
  modulesResource,
  programsResource,
  unitsResource,
} from './resources';
import { type SearchAnswer, searchProgramsCached } from './search';
import { addProgramSuggestions } from './suggestions';
import { encodedBody, type LoadedTree, loadProgramTree } from './tree';
import { VersionedCache } from './versioned-cache';

type Row = Record<string, unknown>;

/** Rich text keeps formatting and links, never scripts, handlers or styles (issue 5, part 3). */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title'] },
  allowedSchemes: ['https', 'http', 'mailto'],
};

function cleanContent(input: Row): Row {
  const content = input.content as Row | undefined;
  if (!content || typeof content.html !== 'string') return input;
  return { ...input, content: { ...content, html: sanitizeHtml(content.html, RICH_TEXT) } };
}

/**
 * A response schema for the OpenAPI document only: these bodies are built from column lists, cached
 * and sent as bytes, past the serialiser (a whitelist by construction, which
 * response-schemas.test.ts checks against these schemas).
 */
const documentedOnly = (schema: z.ZodType): Record<number, z.ZodType<unknown>> => ({ 200: schema });

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Learning (issue 5; docs/learning.md): /api/program/{programs,courses,modules,units,programs-enrolled}. */
export function registerLearning(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['programs'];
  const trees = new VersionedCache<LoadedTree>();
  registerLearningHandlers(app.events);
  addProgramSuggestions();
  // Search answers are a few kilobytes: a thousand popular searches per process at most.
  const searches = new VersionedCache<SearchAnswer>(16 * 1024 * 1024, 1000);

  // Registered before the generic verbs, so `searchPrograms` is never read as an id.
  typed.get(
    `${PROGRAM_API}/programs/searchPrograms`,
    {
      config: { policy: 'signedIn' },
      schema: { tags, querystring: searchProgramsQuery, response: documentedOnly(programSearchPage) },
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await searchProgramsCached(database, actorOf(request), request.query, searches)),
  );
  typed.get(
    `${PROGRAM_API}/programs/getCompleteProgram/:id`,
    {
      config: { policy: 'signedIn' },
      schema: { tags, params: z.object({ id: pathId }), response: documentedOnly(programTreeEnvelope) },
    },
    async (request, reply) => {
      const tree = await loadProgramTree(database, actorOf(request), request.params.id, trees);
      // Revalidated on every use: a repeat reader sends the ETag back and gets a 304 without the body.
      reply.header('etag', tree.etag).header('cache-control', 'private, no-cache');
      reply.header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === tree.etag) return reply.code(304).send();
      // Serialised (and gzipped) once per content version: sent as is, past Fastify's serialiser.
      reply.type('application/json; charset=utf-8');
      const gzipped = encodedBody(tree, request.headers['accept-encoding']);
      if (gzipped) return reply.header('content-encoding', 'gzip').send(gzipped);
      return reply.send(tree.body);
    },
  );

  const unitParams = z.object({ unitId: pathId });
  const progressTags = ['progress'];
  typed.get(
    `${PROGRAM_API}/progress/getProgress/:programId`,
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: progressTags,
        params: z.object({ programId: pathId }),
        response: { 200: dataEnvelope(programProgress) },
      },
    },
    async (request) => ({ data: await getProgress(database.db, actorOf(request), request.params.programId) }),
  );
  typed.post(
    `${PROGRAM_API}/progress/completeUnit/:unitId`,
    {
      config: { policy: 'signedIn' },
      schema: { tags: progressTags, params: unitParams, response: { 200: dataEnvelope(programProgress) } },
    },
    async (request) => {
      const actor = actorOf(request);
      const done = await completeUnit(database.db, actor, request.params.unitId);
      // The last unit's certificate is issued by its event's handler: answer with it in place.
      await app.events.settle();
      return { data: await getProgress(database.db, actor, done.program_id) };
    },
  );
  typed.put(
    `${PROGRAM_API}/progress/selectUnit/:unitId`,
    {
      config: { policy: 'signedIn' },
      schema: { tags: progressTags, params: unitParams, response: { 200: dataEnvelope(unitSelected) } },
    },
    async (request) => ({ data: await selectUnit(database.db, actorOf(request), request.params.unitId) }),
  );

  const programAuthors = (level?: ChildLevel) => async (db: DbOrTx, actor: Actor, ids: number[] | null) => {
    if (ids) await assertAuthors(db, actor, PROGRAM_AUTHORSHIP, ids, level);
  };
  constrain(registerResource(app, database, programsResource), { authorize: programAuthors() });
  constrain(registerResource(app, database, coursesResource), {
    authorize: programAuthors('courses'),
    prepare: async (db, actor, input, creating) => {
      if (creating) {
        await assertAuthors(db, actor, PROGRAM_AUTHORSHIP, [input.program_id as number]);
        await assertOwnParent(
          db,
          actor,
          programs,
          programs.program_id,
          programs.tenant_id,
          programs.is_deleted,
          input.program_id as number,
          'program_id',
        );
      }
      return input;
    },
  });
  constrain(registerResource(app, database, modulesResource), {
    authorize: programAuthors('modules'),
    prepare: async (db, actor, input, creating) => {
      if (creating) {
        await assertAuthors(db, actor, PROGRAM_AUTHORSHIP, [input.course_id as number], 'courses');
        await assertOwnParent(
          db,
          actor,
          courses,
          courses.course_id,
          courses.tenant_id,
          courses.is_deleted,
          input.course_id as number,
          'course_id',
        );
      }
      return input;
    },
  });
  constrain(registerResource(app, database, unitsResource), {
    authorize: programAuthors('units'),
    prepare: async (db, actor, input, creating) => {
      if (creating) {
        await assertAuthors(db, actor, PROGRAM_AUTHORSHIP, [input.module_id as number], 'modules');
        await assertOwnParent(
          db,
          actor,
          modules,
          modules.module_id,
          modules.tenant_id,
          modules.is_deleted,
          input.module_id as number,
          'module_id',
        );
      }
      return cleanContent(input);
    },
  });
  registerAuthorship(app, database, PROGRAM_API, PROGRAM_AUTHORSHIP);
  typed.get(
    `${PROGRAM_API}/authors/getEditablePrograms`,
    {
      config: { policy: authoringPolicies.write },
      schema: { tags, querystring: editableProgramsQuery, response: { 200: editableProgramPage } },
    },
    async (request) => editablePrograms(database.db, actorOf(request), request.query),
  );

  recordEnrolments(
    constrain(registerResource(app, database, enrollmentsResource), {
      prepare: async (db, actor, input, creating) =>
        creating ? prepareEnrolment(db, actor, input) : enrolmentChange(actor, input),
    }),
  );
}

/**
 * What an update may do to an enrolment (issue 14 part 5). Completion and its certificate follow the
 * learner's progress (progress.ts), so no one writes `completed` by hand; a learner cannot change the
 * status at all; an author or administrator may withdraw someone, and the factory writes the change to
 * audit_events in the same transaction. Refused on the body alone, so it says nothing about the row.
 */
function enrolmentChange(actor: Actor, input: Record<string, unknown>): Record<string, unknown> {
  if (input.status === undefined) return input;
  if (!authors(actor)) throw forbidden(ENROLLMENT_MESSAGES.statusAuthorsOnly);
  if (input.status !== 'withdrawn') throw invalid('status', ENROLLMENT_MESSAGES.statusOnlyWithdrawn);
  return input;
}
