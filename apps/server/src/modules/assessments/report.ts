import type { Answers, AnswerValue, AssessmentReport, QuestionReport } from '@nexus/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assessmentResponses, users } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { isAnswered, isCorrect, isScored, type ScoredQuestion } from './scoring';
import { assessmentOut, findAssessment, questionsOf } from './take';

type Question = ScoredQuestion & { prompt: string };
const TEXTS_SHOWN = 20;

const mean = (values: number[]) =>
  values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Per-question statistics over the given answer sets (pure, so the rules are tested on their own). */
export function questionReport(question: Question, answerSets: Answers[]): QuestionReport {
  const values = answerSets
    .map((answers) => answers[String(question.question_id)])
    .filter((value): value is AnswerValue => isAnswered(value));
  const picked = (id: string) =>
    values.filter((value) => value === id || (Array.isArray(value) && value.includes(id))).length;
  const ratings = values.filter((value): value is number => typeof value === 'number');
  return {
    question_id: question.question_id,
    prompt: question.prompt,
    question_type: question.question_type,
    answered: values.length,
    options: question.options.map((option) => ({
      ...option,
      count: picked(option.id),
      correct: question.correct_options.includes(option.id),
    })),
    ratings:
      question.question_type === 'rating'
        ? Array.from({ length: question.rating_max }, (_, i) => ({
            value: i + 1,
            count: ratings.filter((rating) => rating === i + 1).length,
          }))
        : [],
    mean: question.question_type === 'rating' ? mean(ratings) : null,
    median: question.question_type === 'rating' ? median(ratings) : null,
    texts:
      question.question_type === 'short_text'
        ? values.filter((value): value is string => typeof value === 'string').slice(-TEXTS_SHOWN)
        : [],
    correct_rate:
      isScored(question) && values.length > 0
        ? Math.round((values.filter((value) => isCorrect(question, value)).length / values.length) * 100)
        : null,
  };
}

async function responsesOf(db: Db, actor: Actor, assessmentId: number) {
  return inScope(db, scopeOf(actor), async (tx) => {
    const found = await findAssessment(tx, actor, assessmentId);
    const questions = await questionsOf(tx, assessmentId);
    const rows = await tx
      .select({
        response: assessmentResponses,
        username: users.username,
        first_name: users.first_name,
        last_name: users.last_name,
      })
      .from(assessmentResponses)
      .innerJoin(users, eq(users.user_id, assessmentResponses.user_id))
      .where(
        and(eq(assessmentResponses.assessment_id, assessmentId), eq(assessmentResponses.is_deleted, false)),
      )
      .orderBy(asc(assessmentResponses.response_id));
    return { found, questions, rows };
  });
}

/** getReport/{assessmentId}: /survey-report's charts and statistics over submitted responses. */
export async function assessmentReport(
  db: Db,
  actor: Actor,
  assessmentId: number,
): Promise<AssessmentReport> {
  const { found, questions, rows } = await responsesOf(db, actor, assessmentId);
  const submitted = rows.filter((row) => row.response.is_completed);
  const answerSets = submitted.map((row) => row.response.answers as Answers);
  const percents = submitted.map((row) => row.response.percent).filter((p): p is number => p !== null);
  const passed = submitted.filter((row) => row.response.passed === true).length;
  return {
    assessment: assessmentOut(found),
    responses: rows.length,
    submitted: submitted.length,
    average_percent: found.kind === 'quiz' ? mean(percents) : null,
    pass_rate:
      found.kind === 'quiz' && submitted.length > 0 ? Math.round((passed / submitted.length) * 100) : null,
    questions: questions.map((question) => questionReport(question, answerSets)),
  };
}

/** A CSV cell: quoted, and never read as a formula by a spreadsheet. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** exportCsv/{assessmentId}: one line per response, one column per question (option labels, not ids). */
export async function assessmentCsv(db: Db, actor: Actor, assessmentId: number): Promise<string> {
  const { questions, rows } = await responsesOf(db, actor, assessmentId);
  const label = (question: Question, value: AnswerValue | undefined) => {
    if (value === undefined) return '';
    const name = (id: string) => question.options.find((option) => option.id === id)?.label ?? id;
    if (Array.isArray(value)) return value.map(name).join('; ');
    return question.options.length > 0 && typeof value === 'string' ? name(value) : String(value);
  };
  const head = [
    'response_id',
    'user_id',
    'name',
    'username',
    'response_for_type',
    'institute_name',
    'is_completed',
    'submitted_at',
    'score',
    'max_score',
    'percent',
    'passed',
    ...questions.map((q) => q.prompt),
  ];
  const lines = rows.map(({ response, username, first_name, last_name }) => {
    const answers = response.answers as Answers;
    return [
      response.response_id,
      response.user_id,
      [first_name, last_name].filter(Boolean).join(' '),
      username,
      response.response_for_type,
      response.institute_name,
      response.is_completed,
      response.submitted_at?.toISOString() ?? '',
      response.score,
      response.max_score,
      response.percent,
      response.passed,
      ...questions.map((q) => label(q, answers[String(q.question_id)])),
    ];
  });
  return `${[head, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
