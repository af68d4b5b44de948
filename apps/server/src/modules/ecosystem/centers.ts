import {
  type addReviewerBody,
  type CenterCard,
  type CenterItem,
  type CohortItem,
  type centerBody,
  type centerSearchQuery,
  type cohortBody,
  ECOSYSTEM_MESSAGES,
  type updateCenterBody,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, queryRows } from '../../db/client';
import { centerReviewers, cohorts, innovationCenters } from '../../db/schema';
import { forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import {
  invalid,
  iso,
  managesCenterSql,
  nameSql,
  page,
  person,
  reviewsCenterSql,
  userExists,
  wordsMatch,
} from './shared';

interface CardRow {
  center_id: number;
  name: string;
  kind: string;
  country: string;
  sectors: string[];
  open_cohorts: number;
}

const CARD_SQL = sql`ic.center_id, ic.name, ic.kind, ic.country, ic.sectors,
  (select count(*) from cohorts c where c.center_id = ic.center_id and c.is_deleted = false
    and now() >= c.opens_at and now() < c.closes_at)::int as open_cohorts`;

export const toCenterCard = (row: CardRow): CenterCard => ({
  center_id: Number(row.center_id),
  name: row.name,
  kind: row.kind,
  country: row.country,
  sectors: row.sectors,
  open_cohorts: Number(row.open_cohorts),
});

export async function searchCenters(db: DbOrTx, query: z.infer<typeof centerSearchQuery>) {
  const filters = [sql`ic.is_deleted = false`];
  if (query.kind) filters.push(sql`ic.kind = ${query.kind}`);
  if (query.sector) filters.push(sql`ic.sectors ? ${query.sector}`);
  if (query.search) filters.push(wordsMatch(query.search, [sql`ic.name`, sql`ic.description`]));
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${CARD_SQL} from innovation_centers ic where ${sql.join(filters, sql` and `)}
        order by ic.name, ic.center_id limit ${query.limit + 1} offset ${Number(query.cursor ?? 0)}`,
  );
  return page(rows.map(toCenterCard), query.cursor, query.limit);
}

/** Centers whose applications the caller reviews (or manages). */
export async function reviewingCenters(db: DbOrTx, actor: Actor): Promise<CenterCard[]> {
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${CARD_SQL} from innovation_centers ic where ic.is_deleted = false
        and ${actor.isPlatformAdmin ? sql`ic.owner_id = ${actor.userId}` : reviewsCenterSql(actor)} order by ic.name`,
  );
  return rows.map(toCenterCard);
}

interface CohortRow {
  cohort_id: number;
  center_id: number;
  name: string;
  programme: string;
  opens_at: Date;
  closes_at: Date;
  capacity: number | null;
  is_open: boolean;
}

export const toCohort = (row: CohortRow): CohortItem => ({
  cohort_id: Number(row.cohort_id),
  center_id: Number(row.center_id),
  name: row.name,
  programme: row.programme,
  opens_at: iso(row.opens_at)!,
  closes_at: iso(row.closes_at)!,
  capacity: row.capacity === null ? null : Number(row.capacity),
  is_open: Boolean(row.is_open),
});

const COHORT_SQL = sql`c.cohort_id, c.center_id, c.name, c.programme, c.opens_at, c.closes_at, c.capacity,
  (now() >= c.opens_at and now() < c.closes_at) as is_open`;

export async function getCohort(db: DbOrTx, cohortId: number): Promise<CohortItem | null> {
  const [row] = await queryRows<CohortRow>(
    db,
    sql`select ${COHORT_SQL} from cohorts c join innovation_centers ic on ic.center_id = c.center_id
        where c.cohort_id = ${cohortId} and c.is_deleted = false and ic.is_deleted = false`,
  );
  return row ? toCohort(row) : null;
}

export async function getCenter(db: DbOrTx, actor: Actor, centerId: number): Promise<CenterItem> {
  const [row] = await queryRows<
    CardRow & {
      description: string;
      criteria: string[];
      owner_id: number;
      owner_name: string;
      manages: boolean;
      reviews: boolean;
    }
  >(
    db,
    sql`select ${CARD_SQL}, ic.description, ic.criteria, ic.owner_id, ${nameSql('u')} as owner_name,
          ${managesCenterSql(actor)} as manages, ${reviewsCenterSql(actor)} as reviews
        from innovation_centers ic join users u on u.user_id = ic.owner_id
        where ic.center_id = ${centerId} and ic.is_deleted = false`,
  );
  if (!row) throw notFound(ECOSYSTEM_MESSAGES.centerNotFound);
  const cohortRows = await queryRows<CohortRow>(
    db,
    sql`select ${COHORT_SQL} from cohorts c where c.center_id = ${centerId} and c.is_deleted = false
        order by c.closes_at desc`,
  );
  return {
    ...toCenterCard(row),
    description: row.description,
    criteria: row.criteria,
    owner: person(row.owner_id, row.owner_name),
    cohorts: cohortRows.map(toCohort),
    can_manage: Boolean(row.manages),
    can_review: Boolean(row.reviews),
  };
}

/** Throws unless the caller manages the center (404 when there is no such center). */
export async function assertManages(db: DbOrTx, actor: Actor, centerId: number): Promise<void> {
  const [row] = await queryRows<{ manages: boolean }>(
    db,
    sql`select ${managesCenterSql(actor)} as manages from innovation_centers ic
        where ic.center_id = ${centerId} and ic.is_deleted = false`,
  );
  if (!row) throw notFound(ECOSYSTEM_MESSAGES.centerNotFound);
  if (!row.manages) throw forbidden(ECOSYSTEM_MESSAGES.notCenterManager);
}

export async function createCenter(db: DbOrTx, actor: Actor, body: z.infer<typeof centerBody>) {
  const [row] = await db
    .insert(innovationCenters)
    .values({
      ...body,
      owner_id: actor.userId,
      // A center made in an organisation's context belongs to it, so its administrators manage it too.
      tenant_id: actor.tenantId,
      created_by: actor.userId,
      modified_by: actor.userId,
    })
    .returning({ id: innovationCenters.center_id });
  return getCenter(db, actor, row!.id);
}

export async function updateCenter(
  db: DbOrTx,
  actor: Actor,
  centerId: number,
  body: z.infer<typeof updateCenterBody>,
) {
  await assertManages(db, actor, centerId);
  await db
    .update(innovationCenters)
    .set({ ...body, modified_by: actor.userId, modified_at: new Date() })
    .where(sql`${innovationCenters.center_id} = ${centerId}`);
  return getCenter(db, actor, centerId);
}

export async function addReviewer(
  db: DbOrTx,
  actor: Actor,
  centerId: number,
  body: z.infer<typeof addReviewerBody>,
) {
  await assertManages(db, actor, centerId);
  if (!(await userExists(db, body.user_id))) throw invalid('user_id', ECOSYSTEM_MESSAGES.userNotFound);
  await db
    .insert(centerReviewers)
    .values({ center_id: centerId, user_id: body.user_id })
    .onConflictDoNothing();
  return getCenter(db, actor, centerId);
}

export async function createCohort(
  db: DbOrTx,
  actor: Actor,
  centerId: number,
  body: z.infer<typeof cohortBody>,
): Promise<CohortItem> {
  await assertManages(db, actor, centerId);
  const [row] = await db
    .insert(cohorts)
    .values({
      center_id: centerId,
      name: body.name,
      programme: body.programme,
      opens_at: new Date(body.opens_at),
      closes_at: new Date(body.closes_at),
      capacity: body.capacity ?? null,
      created_by: actor.userId,
      modified_by: actor.userId,
    })
    .returning({ id: cohorts.cohort_id });
  return (await getCohort(db, row!.id))!;
}
