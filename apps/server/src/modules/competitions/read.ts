/**
 * Reading competitions: one by id or address, and the lists behind discover, manage and mine, each
 * presented with the caller's relation to it. Its own file because these reads serve everyone who may
 * see a competition, while service.ts holds the organiser's writes.
 */
import { COMPETITION_MESSAGES, type Competition, type competitionListQuery } from '@nexus/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import {
  competitionEntries,
  competitionEntryMembers,
  competitionJudges,
  competitions,
  tenants,
} from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { assertReadsCommunity, myCommunityIdsSql } from '../community';
import { organises } from './policy';
import { assertVisible, type CompetitionRow, iso, loadCompetition, loadRounds } from './shared';

type ListInput = z.infer<typeof competitionListQuery>;

const c = competitions;

/** The caller's relation to each listed competition, and entry counts, in three small queries. */
async function present(
  tx: Tx,
  actor: Actor | null,
  rows: CompetitionRow[],
  withRounds: boolean,
): Promise<Competition[]> {
  const ids = rows.map((row) => row.competition_id);
  if (ids.length === 0) return [];
  const counts = await tx
    .select({ id: competitionEntries.competition_id, n: sql<number>`count(*)::int` })
    .from(competitionEntries)
    .where(inArray(competitionEntries.competition_id, ids))
    .groupBy(competitionEntries.competition_id);
  const judging = actor
    ? await tx
        .select({ id: competitionJudges.competition_id })
        .from(competitionJudges)
        .where(
          and(inArray(competitionJudges.competition_id, ids), eq(competitionJudges.user_id, actor.userId)),
        )
    : [];
  const entered = actor
    ? await tx
        .select({ id: competitionEntryMembers.competition_id })
        .from(competitionEntryMembers)
        .where(
          and(
            inArray(competitionEntryMembers.competition_id, ids),
            eq(competitionEntryMembers.user_id, actor.userId),
            eq(competitionEntryMembers.status, 'member'),
          ),
        )
    : [];
  const tenantIds = [...new Set(rows.map((row) => row.tenant_id).filter((id): id is number => id !== null))];
  const names = tenantIds.length
    ? await tx
        .select({ id: tenants.tenant_id, name: tenants.tenant_name })
        .from(tenants)
        .where(inArray(tenants.tenant_id, tenantIds))
    : [];
  const rounds = withRounds ? await loadRounds(tx, ids) : null;
  return rows.map((row) => ({
    competition_id: row.competition_id,
    tenant_id: row.tenant_id,
    tenant_name: names.find((n) => n.id === row.tenant_id)?.name ?? null,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    brief: row.brief,
    rules: row.rules,
    prizes: row.prizes,
    visibility: row.visibility,
    status: row.status,
    participation: row.participation,
    max_team_size: row.max_team_size,
    leaderboard_public: row.leaderboard_public,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    winners_announced_at: iso(row.winners_announced_at),
    community_id: row.community_id ?? null,
    entries: counts.find((n) => n.id === row.competition_id)?.n ?? 0,
    can_manage: organises(actor, row.tenant_id),
    is_judge: judging.some((j) => j.id === row.competition_id),
    has_entered: entered.some((e) => e.id === row.competition_id),
    ...(rounds && { rounds: rounds.get(row.competition_id) ?? [] }),
    created_at: row.created_at.toISOString(),
    modified_at: row.modified_at.toISOString(),
  }));
}

/** One competition the actor may see, presented with its rounds; 404 otherwise. */
export async function getIn(tx: Tx, actor: Actor | null, id: number): Promise<Competition> {
  const row = await loadCompetition(tx, id);
  await assertVisible(tx, actor, row);
  const [out] = await present(tx, actor, [row], true);
  return out!;
}

export function getCompetition(database: Database, actor: Actor | null, id: number) {
  return inScope(database.db, 'all', (tx) => getIn(tx, actor, id));
}

export function getCompetitionBySlug(database: Database, actor: Actor | null, slug: string) {
  return inScope(database.db, 'all', async (tx) => {
    const [row] = await tx
      .select({ id: c.competition_id })
      .from(c)
      .where(and(eq(c.slug, slug.toLowerCase()), eq(c.is_deleted, false)));
    if (!row) throw new AppError('NOT_FOUND', 404, COMPETITION_MESSAGES.notFound);
    return getIn(tx, actor, row.id);
  });
}

/** The tenants whose `tenant` competitions the actor sees: every tenant it holds a role in. */
function memberTenants(actor: Actor | null): number[] {
  if (!actor) return [];
  const ids = new Set(actor.roles.map((role) => role.tenantId).filter((id): id is number => id !== null));
  if (actor.tenantId !== null) ids.add(actor.tenantId);
  return [...ids];
}

/**
 * The list behind /competition-block (discover), /manage-competitions (manage) and the caller's own
 * (mine: entered or judging), with search, filters and paging; every parameter has a default.
 */
export async function listCompetitions(database: Database, actor: Actor | null, query: ListInput) {
  const where: (SQL | undefined)[] = [eq(c.is_deleted, false)];
  if (query.view === 'discover') {
    const tenantsOf = memberTenants(actor);
    where.push(sql`${c.status} = 'published'`);
    where.push(
      sql`(${c.visibility} = 'public'${actor ? sql` or ${c.visibility} = 'platform'` : sql``}${
        tenantsOf.length
          ? sql` or (${c.visibility} = 'tenant' and ${inArray(c.tenant_id, tenantsOf)})`
          : sql``
      })`,
    );
  } else if (query.view === 'manage') {
    if (!actor) where.push(sql`false`);
    else if (actor.isPlatformAdmin) {
      if (actor.tenantId !== null) where.push(eq(c.tenant_id, actor.tenantId));
    } else if (organises(actor, actor.tenantId) && actor.tenantId !== null)
      where.push(eq(c.tenant_id, actor.tenantId));
    else where.push(sql`false`);
  } else {
    if (!actor) where.push(sql`false`);
    else
      where.push(
        sql`(exists (select 1 from ${competitionJudges} j where j.competition_id = ${c.competition_id} and j.user_id = ${actor.userId})
          or exists (select 1 from ${competitionEntryMembers} m where m.competition_id = ${c.competition_id} and m.user_id = ${actor.userId}))`,
      );
  }
  if (query.when === 'upcoming') where.push(sql`(${c.ends_at} is null or ${c.ends_at} >= now())`);
  if (query.when === 'past') where.push(sql`${c.ends_at} < now()`);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(sql`(${c.title} ilike ${pattern} or ${c.summary} ilike ${pattern})`);
  }
  if (query.owner === 'platform') where.push(sql`${c.tenant_id} is null`);
  else if (query.owner) where.push(eq(c.tenant_id, Number(query.owner)));
  if (query.community_id === 'mine')
    where.push(actor ? sql`${c.community_id} in ${myCommunityIdsSql(actor.userId)}` : sql`false`);
  else if (query.community_id !== undefined) {
    await assertReadsCommunity(database.db, actor, query.community_id);
    where.push(eq(c.community_id, query.community_id));
  }
  if (query.visibility) where.push(eq(c.visibility, query.visibility));
  if (query.status) where.push(eq(c.status, query.status));
  const condition = and(...where)!;
  const order =
    query.when === 'past'
      ? sql`${c.ends_at} desc nulls last, ${c.competition_id} desc`
      : query.when === 'upcoming'
        ? sql`${c.ends_at} asc nulls last, ${c.competition_id} desc`
        : sql`${c.created_at} desc, ${c.competition_id} desc`;
  return inScope(database.db, 'all', async (tx) => {
    const [counted] = await tx.select({ total: sql<number>`count(*)::int` }).from(c).where(condition);
    const total = counted?.total ?? 0;
    const rows = await tx
      .select()
      .from(c)
      .where(condition)
      .orderBy(order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    return {
      data: await present(tx, actor, rows, false),
      meta: {
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.ceil(total / query.limit),
        totalExact: true,
      },
    };
  });
}
