import { READINESS_JOURNEY_DEFINITIONS, type ReadinessJourney } from '@nexus/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { ensureInstrument, insertResult, recordStats } from '../../modules/readiness';
import type { Tx } from '../client';
import { readinessResults, readinessReviews, users } from '../schema';

const DAY = 86_400_000;

/**
 * Readiness results of the demo founders (issue 19 point 4), a few months of history each, so the
 * journey pages, the radar chart and the statistics show something on a fresh start. The mentor has
 * adjusted one of Ethan's levels and has one request waiting in the review queue.
 */
const RESULTS: {
  by: 'entrepreneur' | 'startup';
  journey: ReadinessJourney;
  daysAgo: number;
  levels: number[];
}[] = [
  { by: 'entrepreneur', journey: 'idea', daysAgo: 150, levels: [3, 2, 2] },
  { by: 'entrepreneur', journey: 'idea', daysAgo: 60, levels: [5, 4, 3] },
  { by: 'entrepreneur', journey: 'technology', daysAgo: 120, levels: [3] },
  { by: 'entrepreneur', journey: 'technology', daysAgo: 30, levels: [4] },
  { by: 'entrepreneur', journey: 'entrepreneurial', daysAgo: 90, levels: [3, 4, 2, 2, 3, 1] },
  { by: 'entrepreneur', journey: 'entrepreneurial', daysAgo: 20, levels: [4, 4, 3, 3, 4, 2] },
  { by: 'entrepreneur', journey: 'investor', daysAgo: 10, levels: [4, 4, 3, 3, 4, 3] },
  { by: 'startup', journey: 'technology', daysAgo: 100, levels: [5] },
  { by: 'startup', journey: 'technology', daysAgo: 15, levels: [6] },
  { by: 'startup', journey: 'entrepreneurial', daysAgo: 45, levels: [6, 6, 5, 4, 6, 5] },
  { by: 'startup', journey: 'investor', daysAgo: 5, levels: [6, 6, 5, 4, 6, 5] },
];

export async function seedDemoReadiness(tx: Tx): Promise<number> {
  const rows = await tx
    .select({ user_id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['entrepreneur', 'startup', 'mentor']));
  const idOf = new Map(rows.map((row) => [row.username, row.user_id]));
  const entrepreneur = idOf.get('entrepreneur');
  const mentor = idOf.get('mentor');
  if (!entrepreneur || !mentor || !idOf.get('startup')) return 0;
  const [existing] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(readinessResults)
    .where(eq(readinessResults.user_id, entrepreneur));
  if ((existing?.n ?? 0) > 0) return 0;

  const latest = new Map<string, number>();
  for (const entry of RESULTS) {
    const instrument = await ensureInstrument(tx, entry.journey);
    const dimensions = READINESS_JOURNEY_DEFINITIONS[entry.journey].dimensions;
    const levels = Object.fromEntries(dimensions.map((dimension, i) => [dimension, entry.levels[i] ?? 1]));
    const answers = Object.fromEntries(
      dimensions.map((dimension, i) => [
        String(instrument.questions[dimension]),
        String(entry.levels[i] ?? 1),
      ]),
    );
    const row = await insertResult(tx, {
      userId: idOf.get(entry.by) as number,
      tenantId: null,
      journey: entry.journey,
      assessmentId: instrument.assessment_id,
      answers,
      levels,
      createdAt: new Date(Date.now() - entry.daysAgo * DAY),
    });
    latest.set(`${entry.by}:${entry.journey}`, row.result_id);
  }
  const entrepreneurial = latest.get('entrepreneur:entrepreneurial');
  const investor = latest.get('entrepreneur:investor');
  if (entrepreneurial && investor) {
    await tx.insert(readinessReviews).values([
      {
        result_id: entrepreneurial,
        dimension: 'funding',
        reviewer_id: mentor,
        status: 'adjusted',
        reviewed_level: 3,
        comment: 'The innovation grant you won counts: that is level 3, first funding secured.',
        created_at: new Date(Date.now() - 18 * DAY),
        reviewed_at: new Date(Date.now() - 17 * DAY),
      },
      {
        result_id: investor,
        dimension: 'team',
        reviewer_id: mentor,
        created_at: new Date(Date.now() - 2 * DAY),
      },
    ]);
    // The adjusted level counts in the statistics too.
    await recordStats(tx, entrepreneur);
  }
  return RESULTS.length;
}
