import {
  CSR_API,
  csrInterestCreate,
  csrInterestItem,
  csrProjectCreate,
  csrProjectItem,
  csrProjectList,
  csrSearchQuery,
  dataEnvelope,
  errorBody,
  hoursBody,
  myShiftsAnswer,
  opportunityCreate,
  opportunityDetail,
  opportunityListAnswer,
  opportunitySearchQuery,
  pathId,
  rosterAnswer,
  SCHEMES_API,
  schemeCreate,
  schemeItem,
  schemeList,
  schemeSearchQuery,
  schemeUpdate,
  signUpBody,
  signupItem,
  VOLUNTEERING_API,
  volunteerHours,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { createProject, expressInterest, projectInterests, searchProjects } from './csr';
import { servicesPolicies } from './policy';
import { createScheme, getScheme, searchSchemes, updateScheme } from './schemes';
import {
  cancelSignup,
  createOpportunity,
  getOpportunity,
  myShifts,
  recordHours,
  roster,
  searchOpportunities,
  signUp,
  volunteerHoursOf,
} from './volunteering';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: pathId }).strict();
const userParams = z.object({ userId: pathId }).strict();

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Volunteering (issue 22 point 4; docs/services.md). */
export function registerServices(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const V = VOLUNTEERING_API;
  const tags = ['services'];
  const signedIn = { policy: servicesPolicies.signedIn };
  const organise = { policy: servicesPolicies.organise };

  typed.get(
    `${V}/getOpportunities`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Search volunteering opportunities of every organisation, soonest shift first',
        querystring: opportunitySearchQuery,
        response: { 200: opportunityListAnswer, ...errors },
      },
    },
    async (request) => searchOpportunities(database, request.query),
  );

  typed.get(
    `${V}/getOpportunity/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'One opportunity with its shifts, places taken and my sign-ups',
        params: idParams,
        response: { 200: dataEnvelope(opportunityDetail), ...errors },
      },
    },
    async (request) => ({ data: await getOpportunity(database, actorOf(request), request.params.id) }),
  );

  typed.post(
    `${V}/createOpportunity`,
    {
      config: organise,
      schema: {
        tags,
        summary: 'Publish an opportunity with its shifts in my organisation',
        body: opportunityCreate,
        response: { 201: dataEnvelope(opportunityDetail), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createOpportunity(database, actorOf(request), request.body) }),
  );

  typed.get(
    `${V}/getRoster/:id`,
    {
      config: organise,
      schema: {
        tags,
        summary: "The volunteers of each shift of my organisation's opportunity",
        params: idParams,
        response: { 200: rosterAnswer, ...errors },
      },
    },
    async (request) => roster(database, actorOf(request), request.params.id),
  );

  typed.post(
    `${V}/signUp`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Take a place on a shift (refused when it is full)',
        body: signUpBody,
        response: { 201: z.object({ data: signupItem, message: z.string() }), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await signUp(database, actorOf(request), request.body.shift_id)),
  );

  typed.post(
    `${V}/cancelSignup/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Cancel my sign-up before the shift starts',
        params: idParams,
        response: { 200: dataEnvelope(signupItem), ...errors },
      },
    },
    async (request) => cancelSignup(database, actorOf(request), request.params.id),
  );

  typed.put(
    `${V}/recordHours/:id`,
    {
      config: organise,
      schema: {
        tags,
        summary: 'Record whether a volunteer came, and their hours',
        params: idParams,
        body: hoursBody,
        response: { 200: dataEnvelope(signupItem), ...errors },
      },
    },
    async (request) => recordHours(database, actorOf(request), request.params.id, request.body),
  );

  typed.get(
    `${V}/getMyShifts`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'My shifts, newest first, and my volunteering hours',
        response: { 200: myShiftsAnswer, ...errors },
      },
    },
    async (request) => myShifts(database, actorOf(request)),
  );

  typed.get(
    `${V}/getHours/:userId`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "A volunteer's hours and recent shifts, as their profile's privacy allows",
        params: userParams,
        response: { 200: dataEnvelope(volunteerHours), ...errors },
      },
    },
    async (request) => volunteerHoursOf(database, actorOf(request), request.params.userId),
  );

  /* ---------- CSR projects ---------- */
  const C = CSR_API;
  const publishCsr = { policy: servicesPolicies.publishCsr };

  typed.get(
    `${C}/getProjects`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Search CSR projects of every organisation, open ones first',
        querystring: csrSearchQuery,
        response: { 200: csrProjectList, ...errors },
      },
    },
    async (request) => searchProjects(database, actorOf(request), request.query),
  );

  typed.post(
    `${C}/createProject`,
    {
      config: publishCsr,
      schema: {
        tags,
        summary: 'Publish a CSR project in my organisation',
        body: csrProjectCreate,
        response: { 201: dataEnvelope(csrProjectItem), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createProject(database, actorOf(request), request.body) }),
  );

  typed.post(
    `${C}/expressInterest`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Express interest in an open project with a message (once per person and project)',
        body: csrInterestCreate,
        response: { 201: z.object({ data: csrProjectItem, message: z.string() }), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await expressInterest(database, actorOf(request), request.body)),
  );

  typed.get(
    `${C}/getInterests/:id`,
    {
      config: publishCsr,
      schema: {
        tags,
        summary: "The interests in my organisation's project",
        params: idParams,
        response: { 200: z.object({ data: z.array(csrInterestItem) }), ...errors },
      },
    },
    async (request) => projectInterests(database, actorOf(request), request.params.id),
  );

  /* ---------- government schemes ---------- */
  const S = SCHEMES_API;

  typed.get(
    `${S}/getSchemes`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Search government schemes by word and sector',
        querystring: schemeSearchQuery,
        response: { 200: schemeList, ...errors },
      },
    },
    async (request) => searchSchemes(database, actorOf(request), request.query),
  );

  typed.get(
    `${S}/getScheme/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'One government scheme',
        params: idParams,
        response: { 200: dataEnvelope(schemeItem), ...errors },
      },
    },
    async (request) => ({ data: await getScheme(database, actorOf(request), request.params.id) }),
  );

  // Government bodies are a role, not a privilege: the service checks it (publishesSchemes).
  typed.post(
    `${S}/createScheme`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Publish a scheme (government bodies and platform admins)',
        body: schemeCreate,
        response: { 201: dataEnvelope(schemeItem), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createScheme(database, actorOf(request), request.body) }),
  );

  typed.put(
    `${S}/updateScheme/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Edit a scheme (its author or a platform admin)',
        params: idParams,
        body: schemeUpdate,
        response: { 200: dataEnvelope(schemeItem), ...errors },
      },
    },
    async (request) => ({
      data: await updateScheme(database, actorOf(request), request.params.id, request.body),
    }),
  );
}
