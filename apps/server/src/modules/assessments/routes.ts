import {
  ASSESSMENT_API,
  answersBody,
  assessmentAttempt,
  assessmentIdParams,
  assessmentReport as assessmentReportSchema,
  assessmentResponse,
  assessmentResponsesQuery,
  dataEnvelope,
  myAssessment,
  reopenedResponse,
  responseIdParams,
  responseSummaryPage,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { assessments } from '../../db/schema';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { registerResource } from '../../http/resource-factory';
import { constrain } from '../access';
import {
  ASSESSMENT_AUTHORSHIP,
  assertAuthors,
  assertOwnParent,
  authoringPolicies,
  PROGRESS_MESSAGES,
  registerAuthorship,
  setCompletionRule,
} from '../learning';
import { assessmentCsv, assessmentReport } from './report';
import { assessmentsResource, questionsResource } from './resources';
import { listResponses, reopenResponse } from './responses';
import { submitAssessment } from './submit';
import { getAttempt, hasPassed, myResponses, saveAnswers, startRetake } from './take';

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

const params = assessmentIdParams;

/** Assessments and surveys (issue 5, part 6; docs/assessments.md). */
export function registerAssessments(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['assessments'];
  const db = database.db;
  // An assessment unit is ticked by hand only once its assessment is passed.
  setCompletionRule('assessment', async (tx, userId, unit) => {
    const content = (unit.content ?? {}) as { assessment_id?: number };
    if (!content.assessment_id) return null;
    return (await hasPassed(tx, userId, content.assessment_id)) ? null : PROGRESS_MESSAGES.passFirst;
  });
  const responseAnswer = { 200: dataEnvelope(assessmentResponse) };

  typed.get(
    `${ASSESSMENT_API}/take/getMyResponses`,
    {
      config: { policy: 'signedIn' },
      schema: { tags, response: { 200: dataEnvelope(z.array(myAssessment)) } },
    },
    async (request) => ({ data: await myResponses(db, actorOf(request)) }),
  );
  typed.get(
    `${ASSESSMENT_API}/take/getAttempt/:assessmentId`,
    {
      config: { policy: 'signedIn' },
      schema: { tags, params, response: { 200: dataEnvelope(assessmentAttempt) } },
    },
    async (request) => ({ data: await getAttempt(db, actorOf(request), request.params.assessmentId) }),
  );
  typed.put(
    `${ASSESSMENT_API}/take/saveAnswers/:assessmentId`,
    { config: { policy: 'signedIn' }, schema: { tags, params, body: answersBody, response: responseAnswer } },
    async (request) => ({
      data: await saveAnswers(db, actorOf(request), request.params.assessmentId, request.body, false),
    }),
  );
  typed.post(
    `${ASSESSMENT_API}/take/submit/:assessmentId`,
    { config: { policy: 'signedIn' }, schema: { tags, params, body: answersBody, response: responseAnswer } },
    async (request) => ({
      data: await submitAssessment(db, actorOf(request), request.params.assessmentId, request.body),
    }),
  );
  typed.post(
    `${ASSESSMENT_API}/take/retake/:assessmentId`,
    { config: { policy: 'signedIn' }, schema: { tags, params, response: responseAnswer } },
    async (request) => ({ data: await startRetake(db, actorOf(request), request.params.assessmentId) }),
  );
  typed.get(
    `${ASSESSMENT_API}/reports/getReport/:assessmentId`,
    {
      config: { policy: authoringPolicies.write },
      schema: { tags, params, response: { 200: dataEnvelope(assessmentReportSchema) } },
    },
    async (request) => ({ data: await assessmentReport(db, actorOf(request), request.params.assessmentId) }),
  );
  typed.get(
    `${ASSESSMENT_API}/reports/exportCsv/:assessmentId`,
    { config: { policy: authoringPolicies.write }, schema: { tags, params } },
    async (request, reply) => {
      const csv = await assessmentCsv(db, actorOf(request), request.params.assessmentId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="assessment-${request.params.assessmentId}.csv"`)
        .send(csv);
    },
  );

  typed.get(
    `${ASSESSMENT_API}/reports/getResponses/:assessmentId`,
    {
      config: { policy: authoringPolicies.write },
      schema: { tags, params, querystring: assessmentResponsesQuery, response: { 200: responseSummaryPage } },
    },
    async (request) => listResponses(db, actorOf(request), request.params.assessmentId, request.query),
  );
  typed.post(
    `${ASSESSMENT_API}/reports/reopenResponse/:responseId`,
    {
      config: { policy: authoringPolicies.write },
      schema: { tags, params: responseIdParams, response: { 200: reopenedResponse } },
    },
    async (request) => ({ data: await reopenResponse(db, actorOf(request), request.params.responseId) }),
  );

  constrain(registerResource(app, database, assessmentsResource), {
    authorize: async (tx, actor, ids) => {
      if (ids) await assertAuthors(tx, actor, ASSESSMENT_AUTHORSHIP, ids);
    },
  });
  constrain(registerResource(app, database, questionsResource), {
    authorize: async (tx, actor, ids) => {
      if (ids) await assertAuthors(tx, actor, ASSESSMENT_AUTHORSHIP, ids, 'questions');
    },
    prepare: async (tx, actor, input, creating) => {
      if (creating) {
        await assertAuthors(tx, actor, ASSESSMENT_AUTHORSHIP, [input.assessment_id as number]);
        await assertOwnParent(
          tx,
          actor,
          assessments,
          assessments.assessment_id,
          assessments.tenant_id,
          assessments.is_deleted,
          input.assessment_id as number,
          'assessment_id',
        );
      }
      return input;
    },
  });
  registerAuthorship(app, database, ASSESSMENT_API, ASSESSMENT_AUTHORSHIP);
}
