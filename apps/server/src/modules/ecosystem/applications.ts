import {
  APPLICATION_TRANSITIONS,
  type ApplicationItem,
  type ApplicationStatus,
  type cohortApplicationsQuery,
  type createApplicationBody,
  type decideApplicationBody,
  ECOSYSTEM_MESSAGES,
  type ReviewedApplication,
  type reviewApplicationBody,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, queryRows } from '../../db/client';
import { applicationReviews, cohortApplications } from '../../db/schema';
import { inScope } from '../../db/scope';
import { forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { conflict, invalid, iso, nameSql, page, person, reviewsCenterSql } from './shared';

interface Row {
  application_id: number;
  status: ApplicationStatus;
  pitch: string;
  created_at: Date;
  decided_at: Date | null;
  startup_id: number;
  startup_name: string;
  sector: string;
  cohort_id: number;
  cohort_name: string;
  closes_at: Date;
  center_id: number;
  center_name: string;
  applicant_id: number;
  applicant_name: string;
  criteria: string[];
}

const ROW_SQL = sql`a.application_id, a.status, a.pitch, a.created_at, a.decided_at, s.startup_id, s.name as startup_name,
  s.sector, c.cohort_id, c.name as cohort_name, c.closes_at, ic.center_id, ic.name as center_name, a.applicant_id,
  ${nameSql('u')} as applicant_name, ic.criteria`;
const FROM_SQL = sql`cohort_applications a join startups s on s.startup_id = a.startup_id
  join cohorts c on c.cohort_id = a.cohort_id join innovation_centers ic on ic.center_id = c.center_id
  join users u on u.user_id = a.applicant_id`;

const toItem = (row: Row): ApplicationItem => ({
  application_id: Number(row.application_id),
  status: row.status,
  pitch: row.pitch,
  created_at: iso(row.created_at)!,
  decided_at: iso(row.decided_at),
  startup: { startup_id: Number(row.startup_id), name: row.startup_name, sector: row.sector },
  cohort: { cohort_id: Number(row.cohort_id), name: row.cohort_name, closes_at: iso(row.closes_at)! },
  center: { center_id: Number(row.center_id), name: row.center_name },
});

async function withReviews(db: DbOrTx, rows: Row[]): Promise<ReviewedApplication[]> {
  if (rows.length === 0) return [];
  const ids = sql.join(
    rows.map((row) => sql`${Number(row.application_id)}::int`),
    sql`, `,
  );
  const reviews = await queryRows<{
    application_id: number;
    reviewer_id: number;
    name: string;
    ratings: Record<string, number>;
    notes: string;
    modified_at: Date;
  }>(
    db,
    sql`select r.application_id, r.reviewer_id, ${nameSql('u')} as name, r.ratings, r.notes, r.modified_at
        from application_reviews r join users u on u.user_id = r.reviewer_id
        where r.application_id in (${ids}) order by r.modified_at`,
  );
  return rows.map((row) => {
    const mine = reviews.filter((review) => Number(review.application_id) === Number(row.application_id));
    const averages: Record<string, number> = {};
    for (const criterion of row.criteria) {
      const scores = mine
        .map((review) => review.ratings[criterion])
        .filter((n): n is number => typeof n === 'number');
      if (scores.length > 0)
        averages[criterion] = Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10;
    }
    return {
      ...toItem(row),
      applicant: person(row.applicant_id, row.applicant_name),
      reviews: mine.map((review) => ({
        reviewer: person(review.reviewer_id, review.name),
        ratings: review.ratings,
        notes: review.notes,
        modified_at: iso(review.modified_at)!,
      })),
      averages,
      next: [...APPLICATION_TRANSITIONS[row.status]],
    };
  });
}

/**
 * A startup's owner applies to an open cohort, once per startup and cohort. The row lock on the
 * cohort makes the closing check and the insert one step; the unique key stops a second application.
 */
export async function createApplication(
  db: DbOrTx,
  actor: Actor,
  body: z.infer<typeof createApplicationBody>,
): Promise<ApplicationItem> {
  const id = await inScope(db, 'main', async (tx) => {
    const [startup] = await queryRows<{ owner_id: number }>(
      tx,
      sql`select owner_id from startups where startup_id = ${body.startup_id} and is_deleted = false`,
    );
    if (!startup || Number(startup.owner_id) !== actor.userId)
      throw invalid('startup_id', ECOSYSTEM_MESSAGES.notStartupOwner);
    const [cohort] = await queryRows<{ is_open: boolean }>(
      tx,
      sql`select (now() >= c.opens_at and now() < c.closes_at) as is_open from cohorts c
          join innovation_centers ic on ic.center_id = c.center_id
          where c.cohort_id = ${body.cohort_id} and c.is_deleted = false and ic.is_deleted = false for update of c`,
    );
    if (!cohort) throw invalid('cohort_id', ECOSYSTEM_MESSAGES.cohortNotFound);
    if (!cohort.is_open) throw conflict(ECOSYSTEM_MESSAGES.cohortClosed);
    const [row] = await tx
      .insert(cohortApplications)
      .values({
        cohort_id: body.cohort_id,
        startup_id: body.startup_id,
        applicant_id: actor.userId,
        pitch: body.pitch,
      })
      .onConflictDoNothing()
      .returning({ id: cohortApplications.application_id });
    if (!row) throw conflict(ECOSYSTEM_MESSAGES.alreadyApplied);
    return row.id;
  });
  const [row] = await queryRows<Row>(
    db,
    sql`select ${ROW_SQL} from ${FROM_SQL} where a.application_id = ${id}`,
  );
  return toItem(row!);
}

/** The caller's own applications: status only, never reviews or notes. */
export async function myApplications(db: DbOrTx, me: number): Promise<ApplicationItem[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select ${ROW_SQL} from ${FROM_SQL} where a.applicant_id = ${me} and s.is_deleted = false
        order by a.created_at desc limit 200`,
  );
  return rows.map(toItem);
}

/** A cohort's applications, for the center's reviewers only (404 to anyone else: applicants never see each other). */
export async function listCohortApplications(
  db: DbOrTx,
  actor: Actor,
  cohortId: number,
  query: z.infer<typeof cohortApplicationsQuery>,
) {
  const [cohort] = await queryRows<{ reviews: boolean }>(
    db,
    sql`select ${reviewsCenterSql(actor)} as reviews from cohorts c join innovation_centers ic on ic.center_id = c.center_id
        where c.cohort_id = ${cohortId} and c.is_deleted = false and ic.is_deleted = false`,
  );
  if (!cohort?.reviews) throw notFound(ECOSYSTEM_MESSAGES.cohortNotFound);
  const status: SQL = query.status ? sql` and a.status = ${query.status}` : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`select ${ROW_SQL} from ${FROM_SQL} where a.cohort_id = ${cohortId} and s.is_deleted = false${status}
        order by a.created_at, a.application_id limit ${query.limit + 1} offset ${Number(query.cursor ?? 0)}`,
  );
  const paged = page(rows, query.cursor, query.limit);
  return { data: await withReviews(db, paged.data), meta: paged.meta };
}

/**
 * One application: reviewers get it with every review; its applicant gets the plain item; anyone
 * else a 404.
 */
export async function getApplication(
  db: DbOrTx,
  actor: Actor,
  applicationId: number,
): Promise<ApplicationItem | ReviewedApplication> {
  const [row] = await queryRows<Row & { reviews: boolean }>(
    db,
    sql`select ${ROW_SQL}, ${reviewsCenterSql(actor)} as reviews from ${FROM_SQL}
        where a.application_id = ${applicationId} and s.is_deleted = false`,
  );
  if (!row) throw notFound(ECOSYSTEM_MESSAGES.applicationNotFound);
  if (row.reviews) return (await withReviews(db, [row]))[0]!;
  if (Number(row.applicant_id) === actor.userId) return toItem(row);
  throw notFound(ECOSYSTEM_MESSAGES.applicationNotFound);
}

async function reviewable(db: DbOrTx, actor: Actor, applicationId: number): Promise<Row> {
  const [row] = await queryRows<Row & { reviews: boolean }>(
    db,
    sql`select ${ROW_SQL}, ${reviewsCenterSql(actor)} as reviews from ${FROM_SQL}
        where a.application_id = ${applicationId} and s.is_deleted = false`,
  );
  if (!row) throw notFound(ECOSYSTEM_MESSAGES.applicationNotFound);
  if (!row.reviews) {
    // The applicant knows the application exists; anyone else learns nothing.
    if (Number(row.applicant_id) === actor.userId) throw forbidden(ECOSYSTEM_MESSAGES.notReviewer);
    throw notFound(ECOSYSTEM_MESSAGES.applicationNotFound);
  }
  return row;
}

/** A reviewer rates the center's criteria (each 1..5, every one of them) and keeps notes; again revises. */
export async function reviewApplication(
  db: DbOrTx,
  actor: Actor,
  applicationId: number,
  body: z.infer<typeof reviewApplicationBody>,
): Promise<ReviewedApplication> {
  const row = await reviewable(db, actor, applicationId);
  const keys = Object.keys(body.ratings);
  if (keys.length !== row.criteria.length || keys.some((key) => !row.criteria.includes(key)))
    throw invalid('ratings', ECOSYSTEM_MESSAGES.badCriterion);
  await db
    .insert(applicationReviews)
    .values({
      application_id: applicationId,
      reviewer_id: actor.userId,
      ratings: body.ratings,
      notes: body.notes,
    })
    .onConflictDoUpdate({
      target: [applicationReviews.application_id, applicationReviews.reviewer_id],
      set: { ratings: body.ratings, notes: body.notes, modified_at: new Date() },
    });
  return (await withReviews(db, [row]))[0]!;
}

/**
 * Moves an application along the state machine (APPLICATION_TRANSITIONS). The update names the status
 * it read, so two reviewers deciding at once cannot both win; the decision becomes a domain event
 * that notifies the founder.
 */
export async function decideApplication(
  db: DbOrTx,
  actor: Actor,
  applicationId: number,
  body: z.infer<typeof decideApplicationBody>,
): Promise<ReviewedApplication> {
  const row = await reviewable(db, actor, applicationId);
  if (!APPLICATION_TRANSITIONS[row.status].includes(body.status))
    throw conflict(ECOSYSTEM_MESSAGES.badTransition);
  const final = body.status !== 'shortlisted';
  await inScope(db, 'main', async (tx) => {
    const changed = await tx
      .update(cohortApplications)
      .set({ status: body.status, modified_at: new Date(), ...(final ? { decided_at: new Date() } : {}) })
      .where(
        sql`${cohortApplications.application_id} = ${applicationId} and ${cohortApplications.status} = ${row.status}`,
      )
      .returning({ id: cohortApplications.application_id });
    if (changed.length === 0) throw conflict(ECOSYSTEM_MESSAGES.badTransition);
    await recordEvent(tx, 'ecosystem.application.decided', {
      application_id: applicationId,
      cohort_id: Number(row.cohort_id),
      startup_id: Number(row.startup_id),
      applicant_id: Number(row.applicant_id),
      status: body.status,
      tenant_id: null,
    });
  });
  const [fresh] = await queryRows<Row>(
    db,
    sql`select ${ROW_SQL} from ${FROM_SQL} where a.application_id = ${applicationId}`,
  );
  return (await withReviews(db, [fresh!]))[0]!;
}
