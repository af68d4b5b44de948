import {
  availabilityUpdate,
  EXPERT_PROGRAMS_API,
  EXPERT_SESSIONS_API,
  EXPERTS_API,
  errorBody,
  expertDetail,
  expertFeedbackCreate,
  expertFileAdd,
  expertNoteCreate,
  expertProfileUpdate,
  expertProgramCreate,
  expertProgramItem,
  expertProgramListAnswer,
  expertProgramListQuery,
  expertProgramUpdate,
  expertSearchAnswer,
  expertSearchQuery,
  expertSessionCreate,
  expertSessionItem,
  interactionAnswer,
  interactionQuery,
  myProgramsAnswer,
  myProgramsQuery,
  mySessionsAnswer,
  mySessionsQuery,
  pathId,
  slotsAnswer,
  slotsQuery,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http/app-error';
import type { Actor, Policy } from '../../http/policy';
import { bookSession, cancelSession, type ExpertsContext, mySessions, rateSession } from './booking';
import { addFile, addNote, downloadSession, getInteraction } from './interaction';
import { getExpert, getMyProfile, saveAvailability, saveProfile, searchExperts, slotsOf } from './profiles';
import { createProgram, deleteProgram, getProgram, getPrograms, myPrograms, updateProgram } from './programs';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: pathId });
const signedIn: { policy: Policy } = { policy: 'signedIn' };

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Experts (issue 20 point 1): profiles and hours under /api/experts/experts, programs and the
 * interaction room under /api/experts/programs, bookings under /api/experts/sessions. Every route is
 * for signed-in people; what each may see or change is decided row by row (docs/experts.md).
 */
export function registerExpertRoutes(app: FastifyInstance, context: ExpertsContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['experts'];
  const { database } = context;

  typed.get(
    `${EXPERTS_API}/findExperts`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Experts the caller may book: by words, expertise, language and a free slot before a time',
        querystring: expertSearchQuery,
        response: { 200: expertSearchAnswer, ...errors },
      },
    },
    async (request) => searchExperts(database, actorOf(request), request.query),
  );

  typed.get(
    `${EXPERTS_API}/getExpert/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'One expert with weekly hours, exceptions and programs',
        params: idParams,
        response: { 200: z.object({ data: expertDetail }), ...errors },
      },
    },
    async (request) => ({ data: await getExpert(database, actorOf(request), request.params.id) }),
  );

  typed.get(
    `${EXPERTS_API}/getSlots/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'An expert’s free slots (hours less bookings and their buffers)',
        params: idParams,
        querystring: slotsQuery,
        response: { 200: slotsAnswer, ...errors },
      },
    },
    async (request) => slotsOf(database, actorOf(request), request.params.id, request.query),
  );

  typed.get(
    `${EXPERTS_API}/getMyProfile`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The caller’s own expert profile, or null',
        response: { 200: z.object({ data: expertDetail.nullable() }), ...errors },
      },
    },
    async (request) => ({ data: await getMyProfile(database, actorOf(request)) }),
  );

  typed.put(
    `${EXPERTS_API}/updateMyProfile`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Create or change the caller’s expert profile',
        body: expertProfileUpdate,
        response: { 200: z.object({ data: expertDetail }), ...errors },
      },
    },
    async (request) => ({ data: await saveProfile(database, actorOf(request), request.body) }),
  );

  typed.put(
    `${EXPERTS_API}/updateMyAvailability`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Replace the caller’s weekly hours and exceptions at once',
        body: availabilityUpdate,
        response: { 200: z.object({ data: expertDetail }), ...errors },
      },
    },
    async (request) => ({ data: await saveAvailability(database, actorOf(request), request.body) }),
  );

  typed.get(
    `${EXPERT_PROGRAMS_API}/getPrograms`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Expert programs the caller may see',
        querystring: expertProgramListQuery,
        response: { 200: expertProgramListAnswer, ...errors },
      },
    },
    async (request) => getPrograms(database, actorOf(request), request.query),
  );

  typed.get(
    `${EXPERT_PROGRAMS_API}/getProgram/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'One expert program',
        params: idParams,
        response: { 200: z.object({ data: expertProgramItem }), ...errors },
      },
    },
    async (request) => ({ data: await getProgram(database, actorOf(request), request.params.id) }),
  );

  typed.post(
    `${EXPERT_PROGRAMS_API}/createProgram`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Offer a mentoring program (experts only)',
        body: expertProgramCreate,
        response: { 201: z.object({ data: expertProgramItem }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createProgram(database, actorOf(request), request.body) }),
  );

  typed.put(
    `${EXPERT_PROGRAMS_API}/updateProgram/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Change one of the caller’s programs',
        params: idParams,
        body: expertProgramUpdate,
        response: { 200: z.object({ data: expertProgramItem }), ...errors },
      },
    },
    async (request) => ({
      data: await updateProgram(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    `${EXPERT_PROGRAMS_API}/deleteProgram/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Withdraw one of the caller’s programs (sessions booked stay)',
        params: idParams,
        response: { 200: z.object({ data: z.object({ expert_program_id: z.number().int() }) }), ...errors },
      },
    },
    async (request) => {
      await deleteProgram(database, actorOf(request), request.params.id);
      return { data: { expert_program_id: request.params.id } };
    },
  );

  typed.get(
    `${EXPERT_PROGRAMS_API}/getMyPrograms`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The programs the caller takes part in or runs, one row per mentee',
        querystring: myProgramsQuery,
        response: { 200: myProgramsAnswer, ...errors },
      },
    },
    async (request) => myPrograms(database, actorOf(request), request.query),
  );

  typed.get(
    `${EXPERT_PROGRAMS_API}/getInteraction/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'A program’s room: sessions, shared notes and files of one engagement',
        params: idParams,
        querystring: interactionQuery,
        response: { 200: z.object({ data: interactionAnswer }), ...errors },
      },
    },
    async (request) => ({
      data: await getInteraction(database, actorOf(request), request.params.id, request.query.engagement_id),
    }),
  );

  typed.post(
    `${EXPERT_PROGRAMS_API}/createNote/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Add a shared note to an engagement (the id is the engagement’s)',
        params: idParams,
        body: expertNoteCreate,
        response: { 201: z.object({ data: z.object({ note_id: z.number().int() }) }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await addNote(database, actorOf(request), request.params.id, request.body.body) }),
  );

  typed.post(
    `${EXPERT_PROGRAMS_API}/addFile/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Share one of the caller’s uploads in an engagement (the id is the engagement’s)',
        params: idParams,
        body: expertFileAdd,
        response: { 201: z.object({ data: z.object({ file_id: z.string() }) }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await addFile(database, actorOf(request), request.params.id, request.body.file_id) }),
  );

  typed.get(
    `${EXPERT_SESSIONS_API}/getMySessions`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The caller’s sessions on either side, upcoming (default) or past',
        querystring: mySessionsQuery,
        response: { 200: mySessionsAnswer, ...errors },
      },
    },
    async (request) => ({ data: await mySessions(database, actorOf(request), request.query.when) }),
  );

  typed.post(
    `${EXPERT_SESSIONS_API}/createSession`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Book a free slot of an expert (alone or as a session of one of its programs)',
        body: expertSessionCreate,
        response: { 201: z.object({ data: expertSessionItem }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await bookSession(context, actorOf(request), request.body) }),
  );

  typed.post(
    `${EXPERT_SESSIONS_API}/cancelSession/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Cancel a session (either side)',
        params: idParams,
        response: { 200: z.object({ data: expertSessionItem }), ...errors },
      },
    },
    async (request) => ({ data: await cancelSession(context, actorOf(request), request.params.id) }),
  );

  typed.post(
    `${EXPERT_SESSIONS_API}/rateSession/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Rate a session that has ended (1 to 5, each side once)',
        params: idParams,
        body: expertFeedbackCreate,
        response: { 200: z.object({ data: expertSessionItem }), ...errors },
      },
    },
    async (request) => ({
      data: await rateSession(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.get(
    `${EXPERT_SESSIONS_API}/downloadSession/:id`,
    {
      config: signedIn,
      schema: { tags, summary: 'One session as an .ics invite', params: idParams },
    },
    async (request, reply) => {
      const text = await downloadSession(context, actorOf(request), request.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="expert-session-${request.params.id}.ics"`)
        .send(text);
    },
  );
}
