import {
  READINESS_JOURNEY_DEFINITIONS,
  READINESS_SUPPORT_BELOW,
  type ReadinessJourney,
  type StatModule,
} from '@nexus/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client';
import { readinessResults, statModules, statScores, stats } from '../../db/schema';
import { inScope } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { type AnsweredReview, effectiveLevels, type Levels, phaseOf, summarise } from './scoring';

export const READINESS_STAT_MODULE = 'Readiness journeys';

async function upsertStat(
  tx: Tx,
  moduleId: number,
  name: string,
  category: 'Overall Achievements' | 'Need Expert Support',
  parentId: number | null,
): Promise<number> {
  const [row] = await tx
    .insert(stats)
    .values({ module_id: moduleId, stat_name: name, category, parent_stat_id: parentId })
    .onConflictDoUpdate({
      target: [stats.module_id, stats.stat_name],
      set: { category, parent_stat_id: parentId },
    })
    .returning({ id: stats.stat_id });
  if (!row) throw new Error('The stat was not saved');
  return row.id;
}

async function upsertScore(tx: Tx, statId: number, period: string, value: number, unit: string) {
  await tx
    .insert(statScores)
    .values({ stat_id: statId, time_period: period, score_value: value, score_unit: unit })
    .onConflictDoUpdate({
      target: [statScores.stat_id, statScores.time_period],
      set: { score_value: value, score_unit: unit },
    });
}

/**
 * Rebuilds a person's readiness statistics (spec section 3's stat model) after a result or a review:
 * per journey, the overall level of the month's latest result ("Overall Achievements") and, under it,
 * how many dimensions sit below level 4 ("Need Expert Support"); the module's phase follows the best
 * latest overall level.
 */
export async function recordStats(tx: Tx, userId: number): Promise<void> {
  const rows = await tx
    .select()
    .from(readinessResults)
    .where(eq(readinessResults.user_id, userId))
    .orderBy(asc(readinessResults.created_at), asc(readinessResults.result_id));
  if (rows.length === 0) return;
  const reviews = await queryRows<AnsweredReview & { result_id: number }>(
    tx,
    sql`select v.review_id, v.result_id, v.dimension, v.status, v.reviewed_level
      from readiness_reviews v join readiness_results r on r.result_id = v.result_id
      where r.user_id = ${userId} and v.status <> 'requested'`,
  );
  // Per journey and month, the latest result's effective levels (later rows overwrite earlier ones).
  const monthly = new Map<ReadinessJourney, Map<string, Levels>>();
  for (const row of rows) {
    const journey = row.journey as ReadinessJourney;
    const levels = effectiveLevels(
      row.levels as Levels,
      reviews.filter((review) => Number(review.result_id) === row.result_id),
    );
    const period = row.created_at.toISOString().slice(0, 7);
    const months = monthly.get(journey) ?? new Map<string, Levels>();
    months.set(period, levels);
    monthly.set(journey, months);
  }
  let best = 1;
  for (const months of monthly.values()) {
    const last = [...months.values()].at(-1);
    if (last) best = Math.max(best, summarise(last).overall);
  }
  const [module] = await tx
    .insert(statModules)
    .values({ module_name: READINESS_STAT_MODULE, phase_id: phaseOf(best), user_id: userId })
    .onConflictDoUpdate({
      target: [statModules.user_id, statModules.module_name],
      set: { phase_id: phaseOf(best) },
    })
    .returning({ id: statModules.module_id });
  if (!module) throw new Error('The stat module was not saved');
  for (const [journey, months] of monthly) {
    const title = READINESS_JOURNEY_DEFINITIONS[journey].title;
    const overallId = await upsertStat(tx, module.id, title, 'Overall Achievements', null);
    const supportId = await upsertStat(
      tx,
      module.id,
      `${title}: dimensions needing expert support`,
      'Need Expert Support',
      overallId,
    );
    for (const [period, levels] of months) {
      const values = Object.values(levels).filter((v): v is number => typeof v === 'number');
      await upsertScore(tx, overallId, period, summarise(levels).overall, 'level');
      const below = values.filter((value) => value < READINESS_SUPPORT_BELOW).length;
      await upsertScore(tx, supportId, period, below, 'dimensions');
    }
  }
}

/** getStats: my stat modules with their stats and scores, periods in order. */
export function getStats(db: Db, actor: Actor): Promise<StatModule[]> {
  return inScope(db, 'main', async (tx) => {
    const modules = await tx
      .select()
      .from(statModules)
      .where(eq(statModules.user_id, actor.userId))
      .orderBy(asc(statModules.module_id));
    if (modules.length === 0) return [];
    const statRows = await tx
      .select()
      .from(stats)
      .where(
        inArray(
          stats.module_id,
          modules.map((m) => m.module_id),
        ),
      )
      .orderBy(asc(stats.stat_id));
    const scoreRows =
      statRows.length === 0
        ? []
        : await tx
            .select()
            .from(statScores)
            .where(
              and(
                inArray(
                  statScores.stat_id,
                  statRows.map((s) => s.stat_id),
                ),
              ),
            )
            .orderBy(asc(statScores.time_period));
    return modules.map((module) => ({
      ...module,
      stats: statRows
        .filter((row) => row.module_id === module.module_id)
        .map((row) => ({
          ...row,
          scores: scoreRows.filter((score) => score.stat_id === row.stat_id),
        })),
    }));
  });
}
