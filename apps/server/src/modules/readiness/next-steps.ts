import {
  READINESS_DIMENSION_LABELS,
  READINESS_LEVELS,
  type ReadinessDimension,
  type ReadinessJourney,
  type ReadinessNextStep,
  type ReadinessResult,
} from '@nexus/contracts';
import { and, desc, eq, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { eventsTable, programs } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { visiblePrograms } from '../learning';

/** The word a program or event about this dimension carries in its title or summary. */
const KEYWORDS: Record<ReadinessDimension, string> = {
  problem: 'customer',
  solution: 'prototype',
  market: 'market',
  technology: 'technology',
  customer: 'customer',
  business_model: 'business',
  ipr: 'intellectual property',
  team: 'team',
  funding: 'funding',
};

const FUNDING_DIMENSIONS: ReadinessDimension[] = ['funding', 'business_model', 'market'];
const STEPS = 3;

const like = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Recommended next steps: the dimensions furthest below their target (9, or the investor target),
 * each with the statement of its next level and links to programs and events about it (through
 * learning's catalogue rule and the events' public listing rule) and, for money matters, the funding hub.
 */
export async function nextSteps(
  tx: Tx,
  actor: Actor,
  journey: ReadinessJourney,
  result: ReadinessResult,
): Promise<ReadinessNextStep[]> {
  const open = result.dimensions
    .filter((item) => item.level < 9)
    .sort((a, b) => a.level - (a.target ?? 9) - (b.level - (b.target ?? 9)) || a.level - b.level)
    .slice(0, STEPS);
  return inScope(tx, scopeOf(actor), async (scoped) => {
    const steps: ReadinessNextStep[] = [];
    for (const item of open) {
      const word = KEYWORDS[item.dimension];
      const programRows = await scoped
        .select({ id: programs.program_id, name: programs.program_name })
        .from(programs)
        .where(
          and(
            visiblePrograms(actor),
            or(ilike(programs.program_name, like(word)), ilike(programs.description, like(word))),
          ),
        )
        .orderBy(desc(programs.program_id))
        .limit(2);
      const eventRows = await scoped
        .select({ id: eventsTable.event_id, title: eventsTable.title })
        .from(eventsTable)
        .where(
          and(
            eq(eventsTable.status, 'published'),
            eq(eventsTable.is_deleted, false),
            gt(eventsTable.last_ends_at, new Date()),
            or(
              inArray(eventsTable.visibility, ['public', 'platform']),
              actor.tenantId === null
                ? isNull(eventsTable.tenant_id)
                : eq(eventsTable.tenant_id, actor.tenantId),
            ),
            or(ilike(eventsTable.title, like(word)), ilike(eventsTable.summary, like(word))),
          ),
        )
        .orderBy(eventsTable.starts_at)
        .limit(2);
      const links: ReadinessNextStep['links'] = [
        ...programRows.map((row) => ({
          kind: 'program' as const,
          label: row.name,
          href: `/programs/overview/${row.id}`,
        })),
        ...eventRows.map((row) => ({
          kind: 'event' as const,
          label: row.title,
          href: `/events/overview/${row.id}`,
        })),
      ];
      if (programRows.length === 0) links.push({ kind: 'program', label: 'Browse programs', href: '/lxp' });
      if (eventRows.length === 0) links.push({ kind: 'event', label: 'Browse events', href: '/event-block' });
      if (journey === 'investor' || FUNDING_DIMENSIONS.includes(item.dimension))
        links.push({ kind: 'funding', label: 'Open funding calls', href: '/funding-hub' });
      steps.push({
        dimension: item.dimension,
        advice: `${READINESS_DIMENSION_LABELS[item.dimension]}, level ${item.level + 1}: ${READINESS_LEVELS[item.dimension][item.level]}`,
        links,
      });
    }
    return steps;
  });
}

/**
 * Words for the person's weakest dimensions (self level under 5) in their latest result of each
 * journey, for suggestions that help them close those gaps.
 */
export async function readinessKeywords(database: Database, userId: number): Promise<string[]> {
  const rows = await database.read<{ levels: Record<string, number> }>(
    sql`select distinct on (journey) levels from readiness_results where user_id = ${userId}
      order by journey, created_at desc`,
    false,
    'all',
  );
  const words = new Set<string>();
  for (const { levels } of rows)
    for (const [dimension, level] of Object.entries(levels ?? {}))
      if (Number(level) < 5 && dimension in KEYWORDS) words.add(KEYWORDS[dimension as ReadinessDimension]);
  return [...words];
}
