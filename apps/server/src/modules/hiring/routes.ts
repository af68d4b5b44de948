import {
  applicationCreate,
  applicationDetail as applicationDetailSchema,
  dataEnvelope,
  declineManyAnswer,
  declineManyBody,
  errorBody,
  JOB_APPLICATIONS_API,
  JOB_POSTINGS_API,
  managedPostingList,
  matchedAnswer,
  moveApplicationBody,
  myApplicationList,
  noteBody,
  organisationList,
  pathId,
  pipelineAnswer,
  postingCreate,
  postingDetail,
  postingListAnswer,
  postingSearchQuery,
  postingUpdate,
  scorecardBody,
} from '@nexus/contracts';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import {
  addNote,
  applicationDetail,
  apply,
  declineMany,
  moveApplication,
  myApplications,
  pipeline,
  saveScorecard,
} from './applications';
import { matchedPostings } from './match';
import { hiringPolicies } from './policy';
import {
  closeExpired,
  closePosting,
  createPosting,
  getPosting,
  listOrganisations,
  managedPostings,
  searchPostings,
  updatePosting,
} from './postings';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: pathId }).strict();

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Jobs and internships (issue 20 point 2; docs/hiring.md). */
export function registerHiringRoutes(app: FastifyInstance, database: Database, origin: string): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const P = JOB_POSTINGS_API;
  const A = JOB_APPLICATIONS_API;
  const tags = ['hiring'];
  const read = { policy: hiringPolicies.read };
  const signedIn = { policy: hiringPolicies.signedIn };
  const employ = { policy: hiringPolicies.employ };

  app.jobs.register('jobs.close-expired', async () => {
    await closeExpired(database.db);
  });

  /* ---------- postings ---------- */

  typed.get(
    `${P}/getAll`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Search open jobs and internships (public), newest first',
        querystring: postingSearchQuery,
        response: { 200: postingListAnswer, ...errors },
      },
    },
    async (request) => searchPostings(database, request.query),
  );

  typed.get(
    `${P}/getOrganisations`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Organisations with open postings',
        response: { 200: organisationList, ...errors },
      },
    },
    async () => listOrganisations(database),
  );

  typed.get(
    `${P}/getById/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: 'One posting with its schema.org JobPosting JSON-LD (public)',
        params: idParams,
        response: { 200: dataEnvelope(postingDetail), ...errors },
      },
    },
    async (request) => ({ data: await getPosting(database, request.actor, request.params.id, origin) }),
  );

  typed.get(
    `${P}/getMatched`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Open postings matched to my profile, then the rest',
        response: { 200: matchedAnswer, ...errors },
      },
    },
    async (request) => matchedPostings(database, actorOf(request)),
  );

  typed.get(
    `${P}/getManaged`,
    {
      config: employ,
      schema: {
        tags,
        summary: "My organisation's postings with application counts",
        response: { 200: managedPostingList, ...errors },
      },
    },
    async (request) => managedPostings(database, actorOf(request)),
  );

  typed.post(
    `${P}/create`,
    {
      config: employ,
      schema: {
        tags,
        summary: 'Post a job or internship in my organisation',
        body: postingCreate,
        response: { 201: dataEnvelope(postingDetail), ...errors },
      },
    },
    async (request, reply) => {
      const data = await createPosting(database, actorOf(request), request.body, origin);
      return reply.code(201).send({ data });
    },
  );

  typed.put(
    `${P}/update/:id`,
    {
      config: employ,
      schema: {
        tags,
        summary: 'Change a posting (a new closing date reopens it)',
        params: idParams,
        body: postingUpdate,
        response: { 200: dataEnvelope(postingDetail), ...errors },
      },
    },
    async (request) => ({
      data: await updatePosting(database, actorOf(request), request.params.id, request.body, origin),
    }),
  );

  typed.post(
    `${P}/close/:id`,
    {
      config: employ,
      schema: {
        tags,
        summary: 'Close a posting now',
        params: idParams,
        response: { 200: dataEnvelope(postingDetail), ...errors },
      },
    },
    async (request) => ({ data: await closePosting(database, actorOf(request), request.params.id, origin) }),
  );

  typed.get(
    `${P}/getPipeline/:id`,
    {
      config: employ,
      schema: {
        tags,
        summary: "A posting's applications by stage (the employer's board)",
        params: idParams,
        response: { 200: pipelineAnswer, ...errors },
      },
    },
    async (request) => pipeline(database, actorOf(request), request.params.id),
  );

  /* ---------- applications ---------- */

  typed.post(
    `${A}/create`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Apply to an open posting with a CV and answers (one per person and posting)',
        body: applicationCreate,
        response: {
          201: z.object({
            data: z.object({ application_id: z.number().int(), stage: z.literal('applied') }),
            message: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await apply(database, actorOf(request), request.body)),
  );

  typed.get(
    `${A}/getMine`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'My applications and their stages',
        response: { 200: myApplicationList, ...errors },
      },
    },
    async (request) => myApplications(database, actorOf(request)),
  );

  typed.get(
    `${A}/getById/:id`,
    {
      config: employ,
      schema: {
        tags,
        summary: 'One application: answers, CV, notes and scorecards (the employer only)',
        params: idParams,
        response: { 200: dataEnvelope(applicationDetailSchema), ...errors },
      },
    },
    async (request) => ({ data: await applicationDetail(database, actorOf(request), request.params.id) }),
  );

  typed.put(
    `${A}/move/:id`,
    {
      config: employ,
      schema: {
        tags,
        summary: 'Move an application to another stage (notifies the applicant)',
        params: idParams,
        body: moveApplicationBody,
        response: { 200: dataEnvelope(applicationDetailSchema), ...errors },
      },
    },
    async (request) => moveApplication(database, actorOf(request), request.params.id, request.body.stage),
  );

  typed.post(
    `${A}/addNote/:id`,
    {
      config: employ,
      schema: {
        tags,
        summary: 'Add a private note to an application',
        params: idParams,
        body: noteBody,
        response: { 200: dataEnvelope(applicationDetailSchema), ...errors },
      },
    },
    async (request) => addNote(database, actorOf(request), request.params.id, request.body.body),
  );

  typed.put(
    `${A}/saveScorecard/:id`,
    {
      config: employ,
      schema: {
        tags,
        summary: 'Save or submit my scorecard of an application',
        params: idParams,
        body: scorecardBody,
        response: { 200: dataEnvelope(applicationDetailSchema), ...errors },
      },
    },
    async (request) => saveScorecard(database, actorOf(request), request.params.id, request.body),
  );

  typed.post(
    `${A}/declineMany`,
    {
      config: employ,
      schema: {
        tags,
        summary: 'Decline several applications with one message (all or none)',
        body: declineManyBody,
        response: { 200: declineManyAnswer, ...errors },
      },
    },
    async (request) => declineMany(database, actorOf(request), request.body),
  );
}
