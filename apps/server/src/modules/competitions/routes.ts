import {
  advanceInput,
  announceInput,
  COMPETITIONS_API,
  competition,
  competitionCreate,
  competitionListQuery,
  competitionUpdate,
  conflictInput,
  entry,
  entryRegister,
  errorBody,
  invite,
  inviteInput,
  judge,
  judgesInput,
  judgingView,
  listEnvelope,
  pathId,
  ranking,
  roundQuery,
  scoreInput,
  submission,
  submissionInput,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { addCalendarSource } from '../calendar';
import { grantFileReads } from '../files';
import { competitionDeadlines } from './calendar';
import { findPeople, getJudges, setJudges } from './judge-panel';
import {
  advance,
  announceWinners,
  declareConflict,
  getJudging,
  getLeaderboard,
  getResults,
  getSubmissions,
  scoreSubmission,
} from './judging';
import {
  acceptInvite,
  declineInvite,
  inviteMember,
  myEntry,
  myInvites,
  register,
  saveSubmission,
  submissionFileReadable,
} from './participation';
import { competitionPolicies as policies } from './policy';
import { getCompetition, getCompetitionBySlug, listCompetitions } from './read';
import { createCompetition, deleteCompetition, updateCompetition } from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: pathId });
const slugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/, 'must be a competition address') });

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Competitions (issue 17 point 4; docs/competitions.md) under /api/competitions/competitions/: the
 * generic verbs for competitions, then participation, judging and results.
 */
export function registerCompetitions(app: FastifyInstance, database: Database, publicOrigin: string): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['competitions'];
  const base = COMPETITIONS_API;
  const one = <T extends z.ZodType>(schema: T) => ({ 200: z.object({ data: schema }), ...errors });

  grantFileReads('competitions', submissionFileReadable);
  addCalendarSource('competitions', competitionDeadlines);

  typed.get(
    `${base}/getCompetitions`,
    {
      config: { policy: policies.read },
      schema: {
        tags,
        summary: 'List competitions: discover (published, visible), manage (organised by the caller) or mine',
        querystring: competitionListQuery,
        response: { 200: listEnvelope(competition), ...errors },
      },
    },
    async (request) => listCompetitions(database, request.actor, request.query),
  );

  typed.get(
    `${base}/getCompetition/:id`,
    {
      config: { policy: policies.read },
      schema: {
        tags,
        summary: 'One competition with its rounds and criteria',
        params: idParams,
        response: one(competition),
      },
    },
    async (request) => ({ data: await getCompetition(database, request.actor, request.params.id) }),
  );

  typed.get(
    `${base}/getCompetitionBySlug/:slug`,
    {
      config: { policy: policies.read },
      schema: {
        tags,
        summary: 'One competition by its address (the public landing page, /competition/blockchain)',
        params: slugParams,
        response: one(competition),
      },
    },
    async (request) => ({ data: await getCompetitionBySlug(database, request.actor, request.params.slug) }),
  );

  typed.post(
    `${base}/createCompetition`,
    {
      config: { policy: policies.organise },
      schema: {
        tags,
        summary: 'Create a competition of the platform or of the caller’s tenant, with its rounds',
        body: competitionCreate,
        response: { 201: z.object({ data: competition }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createCompetition(database, actorOf(request), request.body) }),
  );

  typed.put(
    `${base}/updateCompetition/:id`,
    {
      config: { policy: policies.organise },
      schema: {
        tags,
        summary: 'Update a competition; rounds, when given, replace the rounds as a whole',
        params: idParams,
        body: competitionUpdate,
        response: one(competition),
      },
    },
    async (request) => ({
      data: await updateCompetition(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    `${base}/deleteCompetition/:id`,
    {
      config: { policy: policies.organise },
      schema: {
        tags,
        summary: 'Delete (soft) a competition',
        params: idParams,
        response: one(z.object({ competition_id: z.number().int() })),
      },
    },
    async (request) => ({ data: await deleteCompetition(database, actorOf(request), request.params.id) }),
  );

  typed.get(
    `${base}/getJudges/:id`,
    {
      config: { policy: policies.organise },
      schema: {
        tags,
        summary: 'The judges of a competition',
        params: idParams,
        response: one(z.array(judge)),
      },
    },
    async (request) => ({ data: await getJudges(database, actorOf(request), request.params.id) }),
  );

  typed.get(
    `${base}/getPeople/:id`,
    {
      config: { policy: policies.participate },
      schema: {
        tags,
        summary: 'People the organiser may make judges, or the captain may invite, searched by name',
        params: idParams,
        querystring: z.object({ search: z.string().trim().max(100).default('') }).strict(),
        response: one(z.array(judge)),
      },
    },
    async (request) => ({
      data: await findPeople(database, actorOf(request), request.params.id, request.query.search),
    }),
  );

  typed.put(
    `${base}/setJudges/:id`,
    {
      config: { policy: policies.organise },
      schema: {
        tags,
        summary: 'Replace the judges of a competition',
        params: idParams,
        body: judgesInput,
        response: one(z.array(judge)),
      },
    },
    async (request) => ({
      data: await setJudges(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.post(
    `${base}/register/:id`,
    {
      config: { policy: policies.participate },
      schema: {
        tags,
        summary: 'Enter a competition alone or as a new team',
        params: idParams,
        body: entryRegister,
        response: { 201: z.object({ data: entry }), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await register(database, actorOf(request), request.params.id, request.body) }),
  );

  typed.get(
    `${base}/getMyEntry/:id`,
    {
      config: { policy: policies.participate },
      schema: {
        tags,
        summary: 'The caller’s entry in a competition (null: not entered)',
        params: idParams,
        response: one(entry.nullable()),
      },
    },
    async (request) => ({ data: await myEntry(database, actorOf(request), request.params.id) }),
  );

  typed.get(
    `${base}/getMyInvites`,
    {
      config: { policy: policies.participate },
      schema: { tags, summary: 'Team invitations waiting for the caller', response: one(z.array(invite)) },
    },
    async (request) => ({ data: await myInvites(database, actorOf(request)) }),
  );

  typed.post(
    `${base}/inviteMember/:id`,
    {
      config: { policy: policies.participate },
      schema: {
        tags,
        summary: 'The team’s captain invites a person (id: the entry)',
        params: idParams,
        body: inviteInput,
        response: one(entry),
      },
    },
    async (request) => ({
      data: await inviteMember(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.post(
    `${base}/acceptInvite/:id`,
    {
      config: { policy: policies.participate },
      schema: {
        tags,
        summary: 'Join the team that invited the caller (id: the entry)',
        params: idParams,
        response: one(entry),
      },
    },
    async (request) => ({ data: await acceptInvite(database, actorOf(request), request.params.id) }),
  );

  typed.post(
    `${base}/declineInvite/:id`,
    {
      config: { policy: policies.participate },
      schema: {
        tags,
        summary: 'Decline a team invitation (id: the entry)',
        params: idParams,
        response: one(z.object({ entry_id: z.number().int() })),
      },
    },
    async (request) => ({ data: await declineInvite(database, actorOf(request), request.params.id) }),
  );

  typed.put(
    `${base}/saveSubmission/:id`,
    {
      config: { policy: policies.participate },
      schema: {
        tags,
        summary:
          'Create or replace the caller’s entry’s submission for a round (id: the round), until its deadline',
        params: idParams,
        body: submissionInput,
        response: one(submission),
      },
    },
    async (request) => ({
      data: await saveSubmission(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.get(
    `${base}/getJudging/:id`,
    {
      config: { policy: policies.participate },
      schema: {
        tags,
        summary: 'A judge’s view of a round: submissions with the judge’s own scores and conflicts only',
        params: idParams,
        querystring: roundQuery,
        response: one(judgingView),
      },
    },
    async (request) => ({
      data: await getJudging(database, actorOf(request), request.params.id, request.query.round_id),
    }),
  );

  typed.post(
    `${base}/declareConflict/:id`,
    {
      config: { policy: policies.participate },
      schema: {
        tags,
        summary: 'A judge declares a conflict of interest with a submission (id: the submission)',
        params: idParams,
        body: conflictInput,
        response: one(z.object({ submission_id: z.number().int(), conflict: z.boolean() })),
      },
    },
    async (request) => ({
      data: await declareConflict(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.put(
    `${base}/scoreSubmission/:id`,
    {
      config: { policy: policies.participate },
      schema: {
        tags,
        summary: 'A judge scores every criterion of a submission 1..5 (id: the submission)',
        params: idParams,
        body: scoreInput,
        response: one(
          z.object({
            submission_id: z.number().int(),
            my_scores: z.array(z.object({ criterion_id: z.number().int(), score: z.number().int() })),
          }),
        ),
      },
    },
    async (request) => ({
      data: await scoreSubmission(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.get(
    `${base}/getSubmissions/:id`,
    {
      config: { policy: policies.organise },
      schema: {
        tags,
        summary: 'Every submission of a round, for the organiser',
        params: idParams,
        querystring: roundQuery,
        response: one(z.array(submission)),
      },
    },
    async (request) => ({
      data: await getSubmissions(database, actorOf(request), request.params.id, request.query.round_id),
    }),
  );

  typed.get(
    `${base}/getResults/:id`,
    {
      config: { policy: policies.organise },
      schema: {
        tags,
        summary: 'A round’s ranking with normalised scores, for the organiser',
        params: idParams,
        querystring: roundQuery,
        response: one(ranking),
      },
    },
    async (request) => ({
      data: await getResults(database, actorOf(request), request.params.id, request.query.round_id),
    }),
  );

  typed.get(
    `${base}/getLeaderboard/:id`,
    {
      config: { policy: policies.read },
      schema: {
        tags,
        summary: 'The leaderboard, when the organiser made it public (organisers always)',
        params: idParams,
        response: one(ranking),
      },
    },
    async (request) => ({ data: await getLeaderboard(database, request.actor, request.params.id) }),
  );

  typed.post(
    `${base}/advance/:id`,
    {
      config: { policy: policies.organise },
      schema: {
        tags,
        summary: 'Carry the top N submissions of a closed round to the next round',
        params: idParams,
        body: advanceInput,
        response: one(ranking),
      },
    },
    async (request) => ({ data: await advance(database, actorOf(request), request.params.id, request.body) }),
  );

  typed.post(
    `${base}/announceWinners/:id`,
    {
      config: { policy: policies.organise },
      schema: {
        tags,
        summary: 'Announce the winners (first place first): certificates and notifications',
        params: idParams,
        body: announceInput,
        response: one(ranking),
      },
    },
    async (request) => ({
      data: await announceWinners(
        database,
        actorOf(request),
        request.params.id,
        request.body.submission_ids,
        publicOrigin,
      ),
    }),
  );
}
