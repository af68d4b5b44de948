import {
  type Answers,
  READINESS_JOURNEY_DEFINITIONS,
  READINESS_JOURNEYS,
  READINESS_MESSAGES,
  type ReadinessDimension,
  type ReadinessEvidence,
  type ReadinessHistoryItem,
  type ReadinessJourney,
  type ReadinessJourneyDetail,
  type ReadinessOverview,
  type ReadinessResult,
  type ReadinessReview,
} from '@nexus/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows, type Tx } from '../../db/client';
import { readinessResults, readinessReviews } from '../../db/schema';
import { inScope } from '../../db/scope';
import { badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { answerProblem } from '../assessments';
import { ensureInstrument, instrumentQuestions } from './instruments';
import { nextSteps } from './next-steps';
import { effectiveLevels, type Levels, levelsOf, summarise } from './scoring';
import { recordStats } from './stats';

type ResultRow = typeof readinessResults.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export interface ReviewRow {
  review_id: number;
  result_id: number;
  journey: ReadinessJourney;
  dimension: ReadinessDimension;
  status: 'requested' | 'confirmed' | 'adjusted';
  self_level: number;
  reviewed_level: number | null;
  comment: string | null;
  owner_id: number;
  owner_name: string;
  reviewer_id: number;
  reviewer_name: string;
  created_at: string;
  reviewed_at: string | null;
}

const NAME = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.username)`,
  );

/** Reviews with both people's names; `where` filters `v` (the review) and `r` (its result). */
export function reviewRows(db: DbOrTx, where: ReturnType<typeof sql>, tail = sql``) {
  return queryRows<ReviewRow>(
    db,
    sql`select v.review_id, v.result_id, r.journey, v.dimension, v.status,
        (r.levels ->> v.dimension)::int as self_level, v.reviewed_level, v.comment,
        r.user_id as owner_id, ${NAME('o')} as owner_name, v.reviewer_id, ${NAME('p')} as reviewer_name,
        to_json(v.created_at) #>> '{}' as created_at, to_json(v.reviewed_at) #>> '{}' as reviewed_at
      from readiness_reviews v join readiness_results r on r.result_id = v.result_id
      join users o on o.user_id = r.user_id join users p on p.user_id = v.reviewer_id
      where ${where} ${tail}`,
  );
}

export function reviewOut(row: ReviewRow): ReadinessReview {
  return {
    review_id: Number(row.review_id),
    result_id: Number(row.result_id),
    journey: row.journey,
    dimension: row.dimension,
    status: row.status,
    self_level: Number(row.self_level),
    reviewed_level: row.reviewed_level === null ? null : Number(row.reviewed_level),
    comment: row.comment,
    owner: { user_id: Number(row.owner_id), name: row.owner_name },
    reviewer: { user_id: Number(row.reviewer_id), name: row.reviewer_name },
    created_at: row.created_at,
    reviewed_at: row.reviewed_at,
  };
}

async function reviewsOf(tx: DbOrTx, resultIds: number[]): Promise<ReviewRow[]> {
  if (resultIds.length === 0) return [];
  return reviewRows(
    tx,
    sql`v.result_id in (${sql.join(
      resultIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    sql`order by v.review_id`,
  );
}

async function evidenceOf(tx: Tx, resultId: number): Promise<ReadinessEvidence[]> {
  // Evidence names come from the files module's rows, of whichever tenant the owner uploaded in.
  const rows = await inScope(tx, 'all', (inner) =>
    queryRows<ReadinessEvidence & { evidence_id: number }>(
      inner,
      sql`select e.evidence_id, e.dimension, e.file_id::text as file_id, f.name,
          to_json(e.created_at) #>> '{}' as created_at
        from readiness_evidence e join files f on f.file_id = e.file_id and f.deleted_at is null
        where e.result_id = ${resultId} order by e.evidence_id`,
    ),
  );
  return rows.map((row) => ({ ...row, evidence_id: Number(row.evidence_id) }));
}

function historyItem(row: ResultRow, reviews: ReviewRow[]): ReadinessHistoryItem {
  const levels = effectiveLevels(row.levels as Levels, reviews);
  return {
    result_id: row.result_id,
    created_at: row.created_at.toISOString(),
    ...summarise(levels),
    levels: levels as Record<string, number>,
  };
}

/** A whole result: per dimension the owner's level, the level that counts, its review and evidence. */
export async function resultDetail(tx: Tx, row: ResultRow): Promise<ReadinessResult> {
  const journey = row.journey as ReadinessJourney;
  const self = row.levels as Levels;
  const reviews = await reviewsOf(tx, [row.result_id]);
  const levels = effectiveLevels(self, reviews);
  const evidence = await evidenceOf(tx, row.result_id);
  const definition = READINESS_JOURNEY_DEFINITIONS[journey];
  return {
    result_id: row.result_id,
    journey,
    user_id: row.user_id,
    created_at: iso(row.created_at) as string,
    ...summarise(levels),
    dimensions: definition.dimensions.map((dimension) => {
      const latest = reviews.filter((review) => review.dimension === dimension).at(-1);
      return {
        dimension,
        self_level: self[dimension] ?? 1,
        level: levels[dimension] ?? 1,
        target: definition.targets?.[dimension] ?? null,
        review: latest ? reviewOut(latest) : null,
        evidence: evidence.filter((item) => item.dimension === dimension),
      };
    }),
  };
}

/** My result, or a result I was asked to review; anything else is a 404. */
export async function visibleResult(tx: Tx, actor: Actor, resultId: number, ownerOnly = false) {
  const [row] = await tx.select().from(readinessResults).where(eq(readinessResults.result_id, resultId));
  if (!row) throw notFound(READINESS_MESSAGES.resultNotFound);
  if (row.user_id === actor.userId) return row;
  if (!ownerOnly) {
    const [asked] = await tx
      .select({ id: readinessReviews.review_id })
      .from(readinessReviews)
      .where(and(eq(readinessReviews.result_id, resultId), eq(readinessReviews.reviewer_id, actor.userId)));
    if (asked) return row;
  }
  throw notFound(READINESS_MESSAGES.resultNotFound);
}

export function getResult(db: Db, actor: Actor, resultId: number): Promise<ReadinessResult> {
  return inScope(db, 'main', async (tx) => resultDetail(tx, await visibleResult(tx, actor, resultId)));
}

/** Inserts a scored result; the seed uses it too, with a past `createdAt`. */
export async function insertResult(
  tx: Tx,
  input: {
    userId: number;
    tenantId: number | null;
    journey: ReadinessJourney;
    assessmentId: number;
    answers: Answers;
    levels: Levels;
    createdAt?: Date;
  },
): Promise<ResultRow> {
  const [row] = await tx
    .insert(readinessResults)
    .values({
      user_id: input.userId,
      tenant_id: input.tenantId,
      journey: input.journey,
      assessment_id: input.assessmentId,
      answers: input.answers,
      levels: input.levels,
      ...(input.createdAt ? { created_at: input.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('The readiness result was not saved');
  await recordStats(tx, input.userId);
  return row;
}

/** createResult: the answers checked by the assessment engine's rules, scored, kept in the history. */
export async function createResult(
  db: Db,
  actor: Actor,
  journey: ReadinessJourney,
  answers: Answers,
): Promise<ReadinessResult> {
  const instrument = await ensureInstrument(db, journey);
  const questions = await instrumentQuestions(db, instrument);
  const known = new Map(questions.map((question) => [String(question.question_id), question]));
  const problems = Object.entries(answers).flatMap(([id, value]) => {
    const question = known.get(id);
    const message = question ? answerProblem(question, value) : 'This question is not part of the journey.';
    return message ? [{ in: 'body', path: `answers.${id}`, message }] : [];
  });
  if (problems.length > 0) throw badRequest(problems[0]?.message ?? 'Invalid answers.', problems);
  const levels = levelsOf(journey, instrument.questions, answers);
  return inScope(db, 'main', async (tx) => {
    const row = await insertResult(tx, {
      userId: actor.userId,
      tenantId: actor.tenantId,
      journey,
      assessmentId: instrument.assessment_id,
      answers,
      levels,
    });
    return resultDetail(tx, row);
  });
}

async function historyOf(tx: Tx, userId: number, journeys: readonly ReadinessJourney[]) {
  const rows = await tx
    .select()
    .from(readinessResults)
    .where(and(eq(readinessResults.user_id, userId), inArray(readinessResults.journey, [...journeys])))
    .orderBy(asc(readinessResults.created_at), asc(readinessResults.result_id));
  const reviews = await reviewsOf(
    tx,
    rows.map((row) => row.result_id),
  );
  return rows.map((row) => ({
    row,
    item: historyItem(
      row,
      reviews.filter((review) => Number(review.result_id) === row.result_id),
    ),
  }));
}

/** getJourney/{journey}: the questions, my latest result in full, my history and next steps. */
export async function getJourney(
  db: Db,
  actor: Actor,
  journey: ReadinessJourney,
): Promise<ReadinessJourneyDetail> {
  const instrument = await ensureInstrument(db, journey);
  const questions = await instrumentQuestions(db, instrument);
  return inScope(db, 'main', async (tx) => {
    const history = await historyOf(tx, actor.userId, [journey]);
    const last = history.at(-1);
    const latest = last ? await resultDetail(tx, last.row) : null;
    return {
      journey,
      assessment_id: instrument.assessment_id,
      questions: questions.map((question) => ({
        question_id: question.question_id,
        dimension: question.dimension,
        prompt: question.prompt,
        options: question.options,
      })),
      latest,
      history: history.map((entry) => entry.item),
      next_steps: latest ? await nextSteps(tx, actor, journey, latest) : [],
    };
  });
}

/** getJourneys: every journey's latest levels and history, for the overview and its radar chart. */
export function getOverview(db: Db, actor: Actor): Promise<ReadinessOverview> {
  return inScope(db, 'main', async (tx) => {
    const history = await historyOf(tx, actor.userId, READINESS_JOURNEYS);
    return {
      journeys: READINESS_JOURNEYS.map((journey) => {
        const items = history.filter((entry) => entry.row.journey === journey).map((entry) => entry.item);
        return { journey, latest: items.at(-1) ?? null, history: items };
      }),
    };
  });
}
