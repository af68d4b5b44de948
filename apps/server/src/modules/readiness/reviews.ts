import {
  type CreateReviewBody,
  ERROR_CODES,
  READINESS_JOURNEY_DEFINITIONS,
  READINESS_MESSAGES,
  READINESS_REVIEWER_ROLES,
  type ReadinessJourney,
  type ReadinessReview,
  type UpdateReviewBody,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { readinessReviews } from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { reviewOut, reviewRows, visibleResult } from './results';
import { recordStats } from './stats';

const conflict = (message: string) => new AppError(ERROR_CODES.conflict, 409, message);
const reviewerError = (message: string, path = 'reviewer_email') =>
  badRequest(message, [{ in: 'body', path, message }]);

/**
 * Who may review (docs/readiness.md, "Reviewers"): a person the owner names by email or user id who
 * holds a center manager's role (incubator, accelerator, startup hub) or an expert's (mentor), in any
 * organisation; never the owner.
 */
async function reviewerOf(db: Db, actor: Actor, body: CreateReviewBody): Promise<number> {
  const path = body.reviewer_id === undefined ? 'reviewer_email' : 'reviewer_id';
  const where =
    body.reviewer_id === undefined
      ? sql`lower(u.email) = lower(${body.reviewer_email ?? ''})`
      : sql`u.user_id = ${body.reviewer_id}`;
  const [person] = await inScope(db, 'all', (tx) =>
    queryRows<{ user_id: number; eligible: boolean }>(
      tx,
      sql`select u.user_id, exists (select 1 from user_roles ur where ur.user_id = u.user_id
            and ur.is_deleted = false and ur.role_id in (${sql.join(
              READINESS_REVIEWER_ROLES.map((id) => sql`${id}`),
              sql`, `,
            )})) as eligible
          from users u where ${where} and u.is_deleted = false`,
    ),
  );
  if (!person) throw reviewerError(READINESS_MESSAGES.reviewerNotFound, path);
  if (Number(person.user_id) === actor.userId) throw reviewerError(READINESS_MESSAGES.reviewerSelf, path);
  if (!person.eligible) throw reviewerError(READINESS_MESSAGES.reviewerNotEligible, path);
  return Number(person.user_id);
}

async function oneReview(db: Db, reviewId: number): Promise<ReadinessReview> {
  const [row] = await reviewRows(db, sql`v.review_id = ${reviewId}`);
  if (!row) throw notFound(READINESS_MESSAGES.reviewNotFound);
  return reviewOut(row);
}

/** createReview: the owner asks a reviewer to confirm or adjust one level of one of their results. */
export async function createReview(db: Db, actor: Actor, body: CreateReviewBody): Promise<ReadinessReview> {
  const reviewerId = await reviewerOf(db, actor, body);
  const reviewId = await inScope(db, 'main', async (tx) => {
    const result = await visibleResult(tx, actor, body.result_id, true);
    const journey = result.journey as ReadinessJourney;
    if (!READINESS_JOURNEY_DEFINITIONS[journey].dimensions.includes(body.dimension))
      throw badRequest(READINESS_MESSAGES.dimensionNotInJourney, [
        { in: 'body', path: 'dimension', message: READINESS_MESSAGES.dimensionNotInJourney },
      ]);
    const [row] = await tx
      .insert(readinessReviews)
      .values({ result_id: result.result_id, dimension: body.dimension, reviewer_id: reviewerId })
      .onConflictDoNothing()
      .returning({ id: readinessReviews.review_id });
    if (!row) throw conflict(READINESS_MESSAGES.reviewPending);
    await recordEvent(tx, 'readiness.review.requested', {
      review_id: row.id,
      result_id: result.result_id,
      owner_id: actor.userId,
      reviewer_id: reviewerId,
      journey,
      dimension: body.dimension,
      tenant_id: null,
    });
    return row.id;
  });
  return oneReview(db, reviewId);
}

/** getReviews: my queue as a reviewer (waiting, or answered), newest first, paged. */
export async function listReviews(
  db: Db,
  actor: Actor,
  query: { status: 'requested' | 'answered'; page: number; limit: number },
) {
  const status = query.status === 'requested' ? sql`v.status = 'requested'` : sql`v.status <> 'requested'`;
  const where = sql`v.reviewer_id = ${actor.userId} and ${status}`;
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from readiness_reviews v where ${where}`,
  );
  const rows = await reviewRows(
    db,
    where,
    sql`order by v.created_at desc, v.review_id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const total = Number(count?.total ?? 0);
  return {
    data: rows.map(reviewOut),
    meta: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
      totalExact: true,
    },
  };
}

/** updateReview/{id}: the reviewer confirms the owner's level or adjusts it, with a comment. */
export async function answerReview(
  db: Db,
  actor: Actor,
  reviewId: number,
  body: UpdateReviewBody,
): Promise<ReadinessReview> {
  await inScope(db, 'main', async (tx) => {
    const [row] = await reviewRows(tx, sql`v.review_id = ${reviewId} and v.reviewer_id = ${actor.userId}`);
    if (!row) throw notFound(READINESS_MESSAGES.reviewNotFound);
    if (row.status !== 'requested') throw conflict(READINESS_MESSAGES.reviewDone);
    const level = body.decision === 'confirmed' ? Number(row.self_level) : (body.level as number);
    const updated = await tx
      .update(readinessReviews)
      .set({
        status: body.decision,
        reviewed_level: level,
        comment: body.comment,
        reviewed_at: new Date(),
      })
      .where(and(eq(readinessReviews.review_id, reviewId), eq(readinessReviews.status, 'requested')))
      .returning({ id: readinessReviews.review_id });
    // A second answer at the same moment finds the row already answered.
    if (updated.length === 0) throw conflict(READINESS_MESSAGES.reviewDone);
    await recordEvent(tx, 'readiness.review.answered', {
      review_id: reviewId,
      result_id: Number(row.result_id),
      owner_id: Number(row.owner_id),
      reviewer_id: actor.userId,
      journey: row.journey,
      dimension: row.dimension,
      decision: body.decision,
      level,
      tenant_id: null,
    });
    await recordStats(tx, Number(row.owner_id));
  });
  return oneReview(db, reviewId);
}
