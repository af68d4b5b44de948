import {
  type AnswersBody,
  ASSESSMENT_MESSAGES,
  type Assessment,
  type AssessmentAttempt,
  type AssessmentResponse,
  type AttemptRecord,
  ERROR_CODES,
  type MyAssessment,
  nextAttemptOpensMessage,
  type QuestionReview,
  type RetakeState,
} from '@nexus/contracts';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { assessmentQuestions, assessmentResponses, assessments } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { AppError, badRequest, notFound, tooManyRequests } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { authors } from '../learning';
import { answerProblem, isAnswered, isCorrect, isScored, type ScoredQuestion, scoreAnswers } from './scoring';

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
    max_attempts: row.max_attempts,
    retake_wait_minutes: row.retake_wait_minutes,
    scoring: row.scoring,
    show_correct_answers: row.show_correct_answers,
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
    attempt: row.attempt,
    modified_at: row.modified_at.toISOString(),
  };
}

type ResponseRow = typeof assessmentResponses.$inferSelect;
type AssessmentRow = typeof assessments.$inferSelect;

/** The submitted attempts of a response, oldest first. */
export function historyOf(row: ResponseRow): AttemptRecord[] {
  const kept = row.attempt_history as AttemptRecord[];
  if (kept.length > 0 || !row.submitted_at) return kept;
  // Submitted before attempts were kept (migration 0014): the row itself is its only attempt.
  return [
    {
      attempt: row.attempt,
      score: row.score,
      max_score: row.max_score,
      percent: row.percent,
      passed: row.passed,
      submitted_at: row.submitted_at.toISOString(),
    },
  ];
}

/** The attempt that counts under "best": a pass before a fail, then the higher percent, then the later. */
export function bestAttempt(history: AttemptRecord[]): AttemptRecord | undefined {
  const rank = (a: AttemptRecord) => [a.passed ? 1 : 0, a.percent ?? -1, a.attempt];
  return history.reduce<AttemptRecord | undefined>((best, next) => {
    if (!best) return next;
    const [x, y] = [rank(next), rank(best)];
    for (let i = 0; i < x.length; i++) {
      if ((x[i] as number) !== (y[i] as number)) return (x[i] as number) > (y[i] as number) ? next : best;
    }
    return best;
  }, undefined);
}

/**
 * Where the learner stands with the retake policy at `now`. Only a submitted, failed quiz is retaken:
 * a pass is final, so the score that counts never takes a pass back.
 */
export function retakeState(found: AssessmentRow, row: ResponseRow | undefined, now: Date): RetakeState {
  const allowed = found.max_attempts + (row?.extra_attempts ?? 0);
  const history = row ? historyOf(row) : [];
  const state = { allowed, used: history.length, can_retake: false, opens_at: null };
  if (!row?.is_completed) return { ...state, blocked: 'open' };
  if (found.kind === 'survey') return { ...state, blocked: 'survey' };
  if (row.passed === true) return { ...state, blocked: 'passed' };
  if (row.attempt >= allowed) return { ...state, blocked: 'no_attempts_left' };
  const last = row.submitted_at ?? now;
  const opens = new Date(last.getTime() + found.retake_wait_minutes * 60_000);
  if (opens > now) return { ...state, blocked: 'waiting', opens_at: opens.toISOString() };
  return { ...state, can_retake: true, blocked: null };
}

/** The correct answers, once the author shows them and the learner's attempts are over. */
function reviewOf(
  found: AssessmentRow,
  row: ResponseRow | undefined,
  questions: ScoredQuestion[],
  retake: RetakeState,
): QuestionReview[] | null {
  if (!found.show_correct_answers || found.kind !== 'quiz' || !row?.is_completed) return null;
  if (retake.blocked !== 'passed' && retake.blocked !== 'no_attempts_left') return null;
  const answers = row.answers as AnswersBody['answers'];
  return questions.filter(isScored).map((q) => ({
    question_id: q.question_id,
    correct: isCorrect(q, answers[String(q.question_id)]),
    correct_options: q.correct_options,
  }));
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
    const retake = retakeState(found, response, new Date());
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
      attempts: response ? historyOf(response) : [],
      retake,
      review: reviewOf(found, response, questions, retake),
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
    const now = new Date();
    const record: AttemptRecord =
      found.kind === 'survey'
        ? {
            attempt: existing?.attempt ?? 1,
            score: null,
            max_score: null,
            percent: null,
            passed: null,
            submitted_at: now.toISOString(),
          }
        : { attempt: existing?.attempt ?? 1, ...score, submitted_at: now.toISOString() };
    const history = [...(existing ? historyOf(existing) : []), record];
    // The row carries the score that counts, as the author chose; the history keeps every attempt's.
    const counts = found.scoring === 'best' ? (bestAttempt(history) ?? record) : record;
    scored = {
      ...(found.kind === 'survey'
        ? { passed: null }
        : {
            score: counts.score,
            max_score: counts.max_score,
            percent: counts.percent,
            passed: counts.passed,
          }),
      is_completed: true,
      submitted_at: now,
      attempt_history: history,
    };
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

/**
 * retake/{assessmentId}: starts the learner's next attempt within the policy: a fresh, empty response
 * numbered one more. Asking again while that attempt is open answers it unchanged, so a double click or
 * a reload starts one attempt only.
 */
export function startRetake(db: Db, actor: Actor, assessmentId: number): Promise<AssessmentResponse> {
  return inScope(db, scopeOf(actor), async (tx) => {
    const found = await findAssessment(tx, actor, assessmentId);
    if (found.status !== 'published') throw badRequest(ASSESSMENT_MESSAGES.notOpen);
    const row = await myResponse(tx, actor, assessmentId);
    if (!row) throw new AppError(ERROR_CODES.conflict, 409, ASSESSMENT_MESSAGES.retakeNotSubmitted);
    if (!row.is_completed) return responseOut(row);
    const now = new Date();
    const state = retakeState(found, row, now);
    switch (state.blocked) {
      case 'survey':
        throw new AppError(ERROR_CODES.conflict, 409, ASSESSMENT_MESSAGES.retakeSurvey);
      case 'passed':
        throw new AppError(ERROR_CODES.conflict, 409, ASSESSMENT_MESSAGES.retakePassed);
      case 'no_attempts_left':
        throw new AppError(ERROR_CODES.conflict, 409, ASSESSMENT_MESSAGES.noAttemptsLeft);
      case 'waiting': {
        const opensAt = state.opens_at as string;
        throw tooManyRequests(nextAttemptOpensMessage(opensAt), (Date.parse(opensAt) - now.getTime()) / 1000);
      }
    }
    // The attempt number in the condition makes a concurrent second start update nothing.
    const [updated] = await tx
      .update(assessmentResponses)
      .set({
        answers: {},
        is_completed: false,
        submitted_at: null,
        score: null,
        max_score: null,
        percent: null,
        passed: null,
        attempt: row.attempt + 1,
        modified_by: actor.userId,
        modified_at: now,
      })
      .where(
        and(
          eq(assessmentResponses.response_id, row.response_id),
          eq(assessmentResponses.is_completed, true),
          eq(assessmentResponses.attempt, row.attempt),
        ),
      )
      .returning();
    if (updated) return responseOut(updated);
    const again = await myResponse(tx, actor, assessmentId);
    if (again && !again.is_completed) return responseOut(again);
    throw new AppError(ERROR_CODES.conflict, 409, ASSESSMENT_MESSAGES.retakeNotSubmitted);
  });
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
