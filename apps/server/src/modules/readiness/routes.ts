import {
  createEvidenceBody,
  createReadinessResultBody,
  createReviewBody,
  dataEnvelope,
  errorBody,
  listMeta,
  READINESS_PATHS,
  READINESS_TAGS,
  readinessIdParams,
  readinessJourneyDetail,
  readinessJourneyParams,
  readinessOverview,
  readinessResult,
  readinessReview,
  reviewsQuery,
  statModule,
  updateReviewBody,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { createEvidence, deleteEvidence } from './evidence';
import { createResult, getJourney, getOverview, getResult } from './results';
import { answerReview, createReview, listReviews } from './reviews';
import { getStats } from './stats';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Readiness journeys and statistics under /api/readiness (issue 19 points 4 and 5;
 * docs/readiness.md). Every route needs a session; results are personal, so who may see one is its
 * owner and the reviewers the owner asked (anyone else gets a 404), whatever their role or tenant.
 */
export function registerReadinessRoutes(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const config = { policy: 'signedIn' } as const;
  const tags = ['readiness'];
  const P = READINESS_PATHS;
  const T = READINESS_TAGS;
  const emit = (userIds: number[], type: string, ids: number[], tagList: string[]) =>
    app.realtime.toUsers([...new Set(userIds)]).emit({ type, ids, tags: tagList });

  typed.get(
    `${P.journeys}/getJourneys`,
    {
      config,
      schema: {
        tags,
        summary: 'Every journey with my latest levels and history',
        response: { 200: dataEnvelope(readinessOverview), ...errors },
      },
    },
    async (request) => ({ data: await getOverview(db, actorOf(request)) }),
  );

  typed.get(
    `${P.journeys}/getJourney/:journey`,
    {
      config,
      schema: {
        tags,
        summary: "A journey's questions, my latest result, history and next steps",
        params: readinessJourneyParams,
        response: { 200: dataEnvelope(readinessJourneyDetail), ...errors },
      },
    },
    async (request) => ({ data: await getJourney(db, actorOf(request), request.params.journey) }),
  );

  typed.post(
    `${P.results}/createResult`,
    {
      config,
      schema: {
        tags,
        summary: 'Submit a self-assessment: scored into levels and kept in the history',
        body: createReadinessResultBody,
        response: { 201: dataEnvelope(readinessResult), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await createResult(db, actor, request.body.journey, request.body.answers);
      emit([actor.userId], 'readiness.result.created', [result.result_id], [T.journey, T.stats]);
      return reply.status(201).send({ data: result });
    },
  );

  typed.get(
    `${P.results}/getResult/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'One result: mine, or one I was asked to review',
        params: readinessIdParams,
        response: { 200: dataEnvelope(readinessResult), ...errors },
      },
    },
    async (request) => ({ data: await getResult(db, actorOf(request), request.params.id) }),
  );

  typed.post(
    `${P.evidence}/createEvidence`,
    {
      config,
      schema: {
        tags,
        summary: 'Attach an uploaded file as evidence of a level of my result',
        body: createEvidenceBody,
        response: { 201: dataEnvelope(readinessResult), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await createEvidence(db, actor, request.body);
      const result = await getResult(db, actor, request.body.result_id);
      return reply.status(201).send({ data: result });
    },
  );

  typed.delete(
    `${P.evidence}/deleteEvidence/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Detach evidence from my result (the file stays)',
        params: readinessIdParams,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await deleteEvidence(db, actorOf(request), request.params.id);
      return { message: 'Evidence removed.' };
    },
  );

  typed.post(
    `${P.reviews}/createReview`,
    {
      config,
      schema: {
        tags,
        summary: 'Ask a center manager or an expert to confirm or adjust a level',
        body: createReviewBody,
        response: { 201: dataEnvelope(readinessReview), ...errors },
      },
    },
    async (request, reply) => {
      const review = await createReview(db, actorOf(request), request.body);
      emit(
        [review.reviewer.user_id, review.owner.user_id],
        'readiness.review.requested',
        [review.review_id],
        [T.review, T.journey],
      );
      return reply.status(201).send({ data: review });
    },
  );

  typed.get(
    `${P.reviews}/getReviews`,
    {
      config,
      schema: {
        tags,
        summary: 'My review queue as a reviewer: waiting (default) or answered',
        querystring: reviewsQuery,
        response: { 200: z.object({ data: z.array(readinessReview), meta: listMeta }), ...errors },
      },
    },
    async (request) => listReviews(db, actorOf(request), request.query),
  );

  typed.put(
    `${P.reviews}/updateReview/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Confirm or adjust the level, with a comment',
        params: readinessIdParams,
        body: updateReviewBody,
        response: { 200: dataEnvelope(readinessReview), ...errors },
      },
    },
    async (request) => {
      const review = await answerReview(db, actorOf(request), request.params.id, request.body);
      emit(
        [review.reviewer.user_id, review.owner.user_id],
        'readiness.review.answered',
        [review.review_id],
        [T.review, T.journey, T.stats],
      );
      return { data: review };
    },
  );

  typed.get(
    `${P.stats}/getStats`,
    {
      config,
      schema: {
        tags,
        summary: 'My statistics (spec section 3): modules, stats and scores per period',
        response: { 200: dataEnvelope(z.array(statModule)), ...errors },
      },
    },
    async (request) => ({ data: await getStats(db, actorOf(request)) }),
  );
}
