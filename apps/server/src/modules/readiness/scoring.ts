import {
  type Answers,
  READINESS_JOURNEY_DEFINITIONS,
  READINESS_MESSAGES,
  type ReadinessDimension,
  type ReadinessJourney,
} from '@nexus/contracts';
import { badRequest } from '../../http/app-error';

export type Levels = Partial<Record<ReadinessDimension, number>>;

/**
 * The scoring rule (docs/readiness.md, "Scoring"). Each dimension is one single-choice question of
 * the journey's survey whose options are its nine level statements, ids "1" to "9": the statement a
 * person picks is the highest level they have reached, so the picked id is the dimension's level.
 * Answers are validated by the assessment engine before they get here.
 */
export function levelsOf(
  journey: ReadinessJourney,
  questionIds: Record<string, number>,
  answers: Answers,
): Levels {
  const levels: Levels = {};
  const missing: string[] = [];
  for (const dimension of READINESS_JOURNEY_DEFINITIONS[journey].dimensions) {
    const questionId = questionIds[dimension];
    const value = questionId === undefined ? undefined : answers[String(questionId)];
    const level = typeof value === 'string' ? Number(value) : Number.NaN;
    if (!Number.isInteger(level) || level < 1 || level > 9) missing.push(String(questionId ?? dimension));
    else levels[dimension] = level;
  }
  if (missing.length > 0)
    throw badRequest(
      READINESS_MESSAGES.answerEvery,
      missing.map((id) => ({ in: 'body', path: `answers.${id}`, message: READINESS_MESSAGES.answerEvery })),
    );
  return levels;
}

/**
 * The journey's summary: `overall` is the weakest dimension's level (a venture moves at the pace of
 * its least ready dimension, the reading KTH gives its IRL profile), `average` the mean to one decimal.
 */
export function summarise(levels: Levels): { overall: number; average: number } {
  const values = Object.values(levels).filter((v): v is number => typeof v === 'number');
  if (values.length === 0) return { overall: 1, average: 1 };
  const overall = Math.min(...values);
  const average = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
  return { overall, average };
}

/** The stat module's phase (1 to 5) of a best overall level: two levels a phase, 9 the last. */
export function phaseOf(bestOverall: number): number {
  return Math.min(5, Math.max(1, Math.ceil(bestOverall / 2)));
}

export interface AnsweredReview {
  review_id: number;
  dimension: string;
  status: string;
  reviewed_level: number | null;
}

/**
 * A level counts as the latest answered review left it: confirmed keeps the owner's level, adjusted
 * replaces it; an open request changes nothing yet.
 */
export function effectiveLevels(self: Levels, reviews: AnsweredReview[]): Levels {
  const out: Levels = { ...self };
  for (const review of [...reviews].sort((a, b) => Number(a.review_id) - Number(b.review_id))) {
    const dimension = review.dimension as keyof Levels;
    if (review.status === 'confirmed') out[dimension] = self[dimension];
    if (review.status === 'adjusted' && review.reviewed_level !== null)
      out[dimension] = Number(review.reviewed_level);
  }
  return out;
}
