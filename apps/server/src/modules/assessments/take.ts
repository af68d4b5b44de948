import {
  type AnswersBody,
  ASSESSMENT_MESSAGES,
  type Assessment,
  type AssessmentAttempt,
  type AssessmentResponse,
  ERROR_CODES,
  type MyAssessment,
} from '@nexus/contracts';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { assessmentQuestions, assessmentResponses, assessments } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { authors } from '../learning/resources';
import { answerProblem, isAnswered, type ScoredQuestion, scoreAnswers } from './scoring';

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** Assessments the actor may take or read: live, and published unless the actor authors. */
export function visibleAssessments(actor: Actor): SQL {
  const live = eq(assessments.is_deleted, false);
  return (authors(actor) ? live : and(live, eq(assessments.status, 'published'))) as SQL;
}

export function assessmentOut(row: typeof assessments.$inferSelect): Assessment {
  return {
    assessment_id: row.assessment_id,
    tenant_id: row.tenant_id,
    title: row.title,
    description: row.description,
    kind: row.kind,
    status: row.status,
    pass_mark: row.pass_mark,
    institute_name: row.institute_name,
    created_by: row.created_by,
    modified_by: row.modified_by,
    created_at: row.created_at.toISOString(),
    modified_at: row.modified_at.toISOString(),
    is_deleted: row.is_deleted,
  };
}

export function responseOut(row: typeof assessmentResponses.$inferSelect): AssessmentResponse {
  return {
    response_id: row.response_id,
    assessment_id: row.assessment_id,
    user_id: row.user_id,
    response_for_type: row.response_for_type,
    institute_name: row.institute_name,
    answers: row.answers as AssessmentResponse['answers'],
    is_completed: row.is_completed,
    score: row.score,
    max_score: row.max_score,
    percent: row.percent,
    passed: row.passed,
    submitted_at: iso(row.submitted_at),
    reopened_at: iso(row.reopened_at),
    reopened_by: row.reopened_by,
    modified_at: row.modified_at.toISOString(),
  };
}

export async function findAssessment(tx: Tx, actor: Actor, assessmentId: number) {
  const [row] = await tx
    .select()
    .from(assessments)
    .where(and(eq(assessments.assessment_id, assessmentId), visibleAssessments(actor)) as SQL);
  if (!row) throw notFound(ASSESSMENT_MESSAGES.notFound);
  return row;
}

export async function questionsOf(tx: Tx, assessmentId: number) {
  const rows = await tx
    .select()
    .from(assessmentQuestions)
    .where(
      and(eq(assessmentQuestions.assessment_id, assessmentId), eq(assessmentQuestions.is_deleted, false)),
    )
    .orderBy(asc(assessmentQuestions.position), asc(assessmentQuestions.question_id));
  return rows.map((row) => ({
    ...row,
    options: row.options as ScoredQuestion['options'],
    correct_options: row.correct_options as string[],
  }));
}

async function myResponse(tx: Tx, actor: Actor, assessmentId: number) {
  const [row] = await tx
    .select()
    .from(assessmentResponses)
    .where(
      and(
        eq(assessmentResponses.assessment_id, assessmentId),
        eq(assessmentResponses.user_id, actor.userId),
        eq(assessmentResponses.is_deleted, false),
      ),
    );
  return row;
}

/** getAttempt/{assessmentId}: the assessment, its questions without their answers, and my response. */
export function getAttempt(db: Db, actor: Actor, assessmentId: number): Promise<AssessmentAttempt> {
  return inScope(db, scopeOf(actor), async (tx) => {
    const found = await findAssessment(tx, actor, assessmentId);
    const questions = await questionsOf(tx, assessmentId);
    const response = await myResponse(tx, actor, assessmentId);
    return {
      assessment: assessmentOut(found),
      questions: questions.map((q) => ({
        question_id: q.question_id,
        assessment_id: q.assessment_id,
        question_type: q.question_type,
        prompt: q.prompt,
        options: q.options,
        rating_max: q.rating_max,
        points: q.points,
        is_required: q.is_required,
        position: q.position,
      })),
      response: response ? responseOut(response) : null,
    };
  });
}

function checkAnswers(questions: ScoredQuestion[], body: AnswersBody) {
  const byId = new Map(questions.map((q) => [String(q.question_id), q]));
  const issues: { in: string; path: string; message: string }[] = [];
  for (const [id, value] of Object.entries(body.answers)) {
    const question = byId.get(id);
    const problem = question ? answerProblem(question, value) : 'No such question in this assessment.';
    if (problem) issues.push({ in: 'body', path: `answers.${id}`, message: problem });
  }
  if (issues.length > 0)
    throw badRequest(`answers.${issues[0]?.path.slice(8)}: ${issues[0]?.message}`, issues);
}

const alreadySubmitted = () => new AppError(ERROR_CODES.conflict, 409, ASSESSMENT_MESSAGES.alreadySubmitted);

/**
 * Writes the learner's answers: an autosave (`submit` false) or the submission, scored. A submitted
 * response never changes until an author reopens it (responses.ts).
 */
export function saveAnswers(
  db: Db,
  actor: Actor,
  assessmentId: number,
  body: AnswersBody,
  submit: boolean,
): Promise<AssessmentResponse> {
  return inScope(db, scopeOf(actor), (tx) => writeAnswers(tx, actor, assessmentId, body, submit));
}

/** saveAnswers inside the caller's transaction. */
export async function writeAnswers(
  tx: Tx,
  actor: Actor,
  assessmentId: number,
  body: AnswersBody,
  submit: boolean,
): Promise<AssessmentResponse> {
  const found = await findAssessment(tx, actor, assessmentId);
  if (found.status !== 'published') throw badRequest(ASSESSMENT_MESSAGES.notOpen);
  const questions = await questionsOf(tx, assessmentId);
  checkAnswers(questions, body);
  const existing = await myResponse(tx, actor, assessmentId);
  if (existing?.is_completed) throw alreadySubmitted();
  const answers = { ...((existing?.answers as AnswersBody['answers'] | undefined) ?? {}), ...body.answers };
  let scored = {};
  if (submit) {
    const missing = questions.filter((q) => q.is_required && !isAnswered(answers[String(q.question_id)]));
    if (missing.length > 0) {
      throw badRequest(
        ASSESSMENT_MESSAGES.unanswered,
        missing.map((q) => ({ in: 'body', path: `answers.${q.question_id}`, message: 'Required.' })),
      );
    }
    const score = scoreAnswers(questions, answers, found.kind, found.pass_mark);
    scored = found.kind === 'survey' ? { passed: null } : score;
    scored = { ...scored, is_completed: true, submitted_at: new Date() };
  }
  const values = {
    answers,
    response_for_type: body.response_for_type ?? existing?.response_for_type ?? 'self',
    institute_name: body.institute_name ?? existing?.institute_name ?? found.institute_name,
    modified_by: actor.userId,
    modified_at: new Date(),
    ...scored,
  };
  if (existing) {
    // The condition makes a concurrent second submit update nothing.
    const [row] = await tx
      .update(assessmentResponses)
      .set(values)
      .where(
        and(
          eq(assessmentResponses.response_id, existing.response_id),
          eq(assessmentResponses.is_completed, false),
        ),
      )
      .returning();
    if (!row) throw alreadySubmitted();
    return responseOut(row);
  }
  const [row] = await tx
    .insert(assessmentResponses)
    .values({
      ...values,
      assessment_id: assessmentId,
      user_id: actor.userId,
      tenant_id: actor.tenantId,
      created_by: actor.userId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw alreadySubmitted();
  return responseOut(row);
}

/** getMyResponses: /assessments (mine), newest first. */
export function myResponses(db: Db, actor: Actor): Promise<MyAssessment[]> {
  return inScope(db, scopeOf(actor), async (tx) => {
    const rows = await tx
      .select({ response: assessmentResponses, assessment: assessments })
      .from(assessmentResponses)
      .innerJoin(assessments, eq(assessments.assessment_id, assessmentResponses.assessment_id))
      .where(and(eq(assessmentResponses.user_id, actor.userId), eq(assessmentResponses.is_deleted, false)))
      .orderBy(desc(assessmentResponses.modified_at))
      .limit(200);
    return rows.map(({ response, assessment }) => ({
      ...responseOut(response),
      title: assessment.title,
      kind: assessment.kind,
      pass_mark: assessment.pass_mark,
    }));
  });
}

/** Whether the learner has passed a quiz (or submitted a survey): the completion rule of assessment units. */
export async function hasPassed(tx: Tx, userId: number, assessmentId: number): Promise<boolean> {
  const [row] = await tx
    .select({ passed: assessmentResponses.passed, done: assessmentResponses.is_completed })
    .from(assessmentResponses)
    .where(and(eq(assessmentResponses.assessment_id, assessmentId), eq(assessmentResponses.user_id, userId)));
  return Boolean(row?.done && row.passed !== false);
}
