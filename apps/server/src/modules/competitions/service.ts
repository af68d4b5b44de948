import {
  COMPETITION_MESSAGES,
  type Competition,
  type competitionCreate,
  type competitionListQuery,
  type competitionUpdate,
  type judgesInput,
  type roundInput,
} from '@nexus/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import {
  competitionCriteria,
  competitionEntries,
  competitionEntryMembers,
  competitionJudges,
  competitionRounds,
  competitionScores,
  competitionSubmissions,
  competitions,
  tenants,
  userRoles,
  users,
} from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { assertModeratesCommunity, assertReadsCommunity, myCommunityIdsSql } from '../community';
import { belongsTo, organises, ownerTenant } from './policy';
import {
  assertOrganiser,
  assertVisible,
  type CompetitionRow,
  cleanRich,
  invalid,
  iso,
  loadCompetition,
  loadRounds,
  personName,
} from './shared';

type CreateInput = z.infer<typeof competitionCreate>;
type UpdateInput = z.infer<typeof competitionUpdate>;
type ListInput = z.infer<typeof competitionListQuery>;
type RoundInput = z.infer<typeof roundInput>;

const c = competitions;
const conflict = (message: string) => new AppError('CONFLICT', 409, message);

/** Deadlines strictly increase from round to round. */
function checkRounds(rounds: readonly RoundInput[]) {
  for (let i = 1; i < rounds.length; i += 1) {
    if (new Date(rounds[i]!.submission_deadline) <= new Date(rounds[i - 1]!.submission_deadline))
      throw invalid(`rounds.${i}.submission_deadline`, COMPETITION_MESSAGES.deadlineOrder);
  }
}

async function assertSlugFree(tx: Tx, slug: string | null | undefined, except?: number) {
  if (!slug) return;
  const [taken] = await tx
    .select({ id: c.competition_id })
    .from(c)
    .where(and(eq(c.slug, slug), except ? sql`${c.competition_id} <> ${except}` : undefined));
  if (taken) throw conflict(COMPETITION_MESSAGES.slugTaken);
}

/**
 * Writes the rounds and criteria as given, in order: listed ids are updated, new ones inserted, the
 * rest removed. A round with submissions, or a criterion with scores, cannot be removed (400, nothing
 * changed: the whole write is one transaction).
 */
async function saveRounds(tx: Tx, competition: CompetitionRow, rounds: readonly RoundInput[]) {
  checkRounds(rounds);
  const existing = await tx
    .select()
    .from(competitionRounds)
    .where(eq(competitionRounds.competition_id, competition.competition_id));
  const keep = new Set<number>();
  for (const [index, round] of rounds.entries()) {
    if (round.round_id !== undefined) {
      if (!existing.some((r) => r.round_id === round.round_id))
        throw invalid(`rounds.${index}.round_id`, COMPETITION_MESSAGES.unknownRound);
      keep.add(round.round_id);
    }
  }
  const removed = existing.filter((r) => !keep.has(r.round_id)).map((r) => r.round_id);
  if (removed.length) {
    const [used] = await tx
      .select({ id: competitionSubmissions.submission_id })
      .from(competitionSubmissions)
      .where(inArray(competitionSubmissions.round_id, removed));
    if (used) throw invalid('rounds', COMPETITION_MESSAGES.roundHasSubmissions);
    await tx.delete(competitionCriteria).where(inArray(competitionCriteria.round_id, removed));
    await tx.delete(competitionRounds).where(inArray(competitionRounds.round_id, removed));
  }
  // Positions move out of the way first so the unique (competition, position) holds at every step.
  await tx
    .update(competitionRounds)
    .set({ position: sql`-${competitionRounds.position}` })
    .where(eq(competitionRounds.competition_id, competition.competition_id));
  for (const [index, round] of rounds.entries()) {
    const values = {
      competition_id: competition.competition_id,
      tenant_id: competition.tenant_id,
      position: index + 1,
      name: round.name,
      submission_deadline: new Date(round.submission_deadline),
    };
    let roundId = round.round_id;
    if (roundId === undefined) {
      const [row] = await tx
        .insert(competitionRounds)
        .values(values)
        .returning({ id: competitionRounds.round_id });
      roundId = row!.id;
    } else {
      await tx.update(competitionRounds).set(values).where(eq(competitionRounds.round_id, roundId));
    }
    await saveCriteria(tx, competition, roundId, index, round.criteria);
  }
  const last = rounds[rounds.length - 1];
  await tx
    .update(c)
    .set({ ends_at: last ? new Date(last.submission_deadline) : null })
    .where(eq(c.competition_id, competition.competition_id));
}

async function saveCriteria(
  tx: Tx,
  competition: CompetitionRow,
  roundId: number,
  roundIndex: number,
  criteria: RoundInput['criteria'],
) {
  const existing = await tx
    .select({ id: competitionCriteria.criterion_id })
    .from(competitionCriteria)
    .where(eq(competitionCriteria.round_id, roundId));
  const ids = new Set(existing.map((row) => row.id));
  for (const [index, criterion] of criteria.entries()) {
    if (criterion.criterion_id !== undefined && !ids.has(criterion.criterion_id))
      throw invalid(
        `rounds.${roundIndex}.criteria.${index}.criterion_id`,
        'There is no such criterion in this round.',
      );
  }
  const kept = new Set(criteria.map((criterion) => criterion.criterion_id).filter((id) => id !== undefined));
  const removed = [...ids].filter((id) => !kept.has(id));
  if (removed.length) {
    const [scored] = await tx
      .select({ id: competitionScores.criterion_id })
      .from(competitionScores)
      .where(inArray(competitionScores.criterion_id, removed));
    if (scored)
      throw invalid(`rounds.${roundIndex}.criteria`, 'A criterion judges have scored cannot be removed.');
    await tx.delete(competitionCriteria).where(inArray(competitionCriteria.criterion_id, removed));
  }
  for (const [index, criterion] of criteria.entries()) {
    const values = {
      round_id: roundId,
      tenant_id: competition.tenant_id,
      position: index + 1,
      name: criterion.name,
      description: criterion.description ?? '',
      weight: criterion.weight,
    };
    if (criterion.criterion_id === undefined) await tx.insert(competitionCriteria).values(values);
    else
      await tx
        .update(competitionCriteria)
        .set(values)
        .where(eq(competitionCriteria.criterion_id, criterion.criterion_id));
  }
}

function fieldsOf(input: UpdateInput) {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.summary !== undefined && { summary: input.summary.trim() }),
    ...(input.brief !== undefined && { brief: cleanRich(input.brief)! }),
    ...(input.rules !== undefined && { rules: cleanRich(input.rules)! }),
    ...(input.prizes !== undefined && { prizes: cleanRich(input.prizes)! }),
    ...(input.slug !== undefined && { slug: input.slug }),
    ...(input.visibility !== undefined && { visibility: input.visibility }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.participation !== undefined && { participation: input.participation }),
    ...(input.max_team_size !== undefined && { max_team_size: input.max_team_size }),
    ...(input.leaderboard_public !== undefined && { leaderboard_public: input.leaderboard_public }),
    ...(input.starts_at !== undefined && { starts_at: input.starts_at ? new Date(input.starts_at) : null }),
    ...(input.community_id !== undefined && { community_id: input.community_id }),
  };
}

export async function createCompetition(database: Database, actor: Actor, input: CreateInput) {
  const tenantId = ownerTenant(actor, input.tenant_id);
  return inScope(database.db, 'all', async (tx) => {
    if (tenantId !== null) {
      const [tenant] = await tx
        .select({ id: tenants.tenant_id })
        .from(tenants)
        .where(eq(tenants.tenant_id, tenantId));
      if (!tenant) throw invalid('tenant_id', 'There is no such organisation.');
    }
    await assertSlugFree(tx, input.slug);
    if (input.community_id) await assertModeratesCommunity(tx, actor, input.community_id);
    // A tenant competition defaults to its tenant's people; a platform one to everyone signed in.
    const visibility = input.visibility ?? (tenantId === null ? 'platform' : 'tenant');
    if (visibility === 'tenant' && tenantId === null)
      throw invalid('visibility', 'A platform competition is public or for the whole platform.');
    const [row] = await tx
      .insert(c)
      .values({
        title: input.title,
        ...fieldsOf(input),
        visibility,
        tenant_id: tenantId,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .returning();
    await saveRounds(tx, row!, input.rounds);
    return getIn(tx, actor, row!.competition_id);
  });
}

export async function updateCompetition(database: Database, actor: Actor, id: number, input: UpdateInput) {
  return inScope(database.db, 'all', async (tx) => {
    const row = await loadCompetition(tx, id);
    await assertOrganiser(tx, actor, row);
    if (input.tenant_id !== undefined && input.tenant_id !== row.tenant_id)
      throw invalid('tenant_id', 'A competition stays with the organisation that created it.');
    await assertSlugFree(tx, input.slug, id);
    // Linking needs the target community's moderation; unlinking is the organiser's own call.
    if (input.community_id && input.community_id !== row.community_id)
      await assertModeratesCommunity(tx, actor, input.community_id);
    const visibility = input.visibility ?? row.visibility;
    if (visibility === 'tenant' && row.tenant_id === null)
      throw invalid('visibility', 'A platform competition is public or for the whole platform.');
    await tx
      .update(c)
      .set({ ...fieldsOf(input), modified_by: actor.userId, modified_at: new Date() })
      .where(eq(c.competition_id, id));
    if (input.rounds) await saveRounds(tx, row, input.rounds);
    return getIn(tx, actor, id);
  });
}

export async function deleteCompetition(database: Database, actor: Actor, id: number) {
  return inScope(database.db, 'all', async (tx) => {
    const row = await loadCompetition(tx, id);
    await assertOrganiser(tx, actor, row);
    await tx
      .update(c)
      .set({ is_deleted: true, deleted_at: new Date(), deleted_by: actor.userId, slug: null })
      .where(eq(c.competition_id, id));
    return { competition_id: id };
  });
}

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

async function getIn(tx: Tx, actor: Actor | null, id: number): Promise<Competition> {
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

export async function getJudges(database: Database, actor: Actor, id: number) {
  return inScope(database.db, 'all', async (tx) => {
    const row = await loadCompetition(tx, id);
    await assertOrganiser(tx, actor, row);
    return judgesOf(tx, id);
  });
}

function judgesOf(tx: Tx, id: number) {
  return tx
    .select({ user_id: users.user_id, name: personName, email: users.email })
    .from(competitionJudges)
    .innerJoin(users, eq(users.user_id, competitionJudges.user_id))
    .where(eq(competitionJudges.competition_id, id))
    .orderBy(users.user_id);
}

/** Replaces the judges with the people named (all or nothing); their scores so far stay. */
export async function setJudges(
  database: Database,
  actor: Actor,
  id: number,
  input: z.infer<typeof judgesInput>,
) {
  return inScope(database.db, 'all', async (tx) => {
    const row = await loadCompetition(tx, id);
    await assertOrganiser(tx, actor, row);
    const wanted = [...new Set(input.user_ids)];
    if (wanted.length) {
      const found = await tx
        .select({ id: users.user_id })
        .from(users)
        .where(and(inArray(users.user_id, wanted), eq(users.is_deleted, false)));
      if (found.length !== wanted.length) throw invalid('user_ids', COMPETITION_MESSAGES.unknownJudge);
    }
    await tx
      .delete(competitionJudges)
      .where(
        and(
          eq(competitionJudges.competition_id, id),
          wanted.length ? sql`${competitionJudges.user_id} not in ${wanted}` : undefined,
        ),
      );
    if (wanted.length)
      await tx
        .insert(competitionJudges)
        .values(
          wanted.map((userId) => ({
            competition_id: id,
            user_id: userId,
            tenant_id: row.tenant_id,
            assigned_by: actor.userId,
          })),
        )
        .onConflictDoNothing();
    return judgesOf(tx, id);
  });
}

export { belongsTo };

/**
 * People an organiser may make judges, or a team's captain may invite: of the competition's tenant
 * (anyone with a role there) or, for a platform competition, anyone. Searched by name, at most 20.
 */
export async function findPeople(database: Database, actor: Actor, id: number, search: string) {
  return inScope(database.db, 'all', async (tx) => {
    const row = await loadCompetition(tx, id);
    await assertVisible(tx, actor, row);
    if (!organises(actor, row.tenant_id)) {
      const [captain] = await tx
        .select({ id: competitionEntries.entry_id })
        .from(competitionEntries)
        .where(
          and(eq(competitionEntries.competition_id, id), eq(competitionEntries.captain_id, actor.userId)),
        );
      if (!captain) throw new AppError('FORBIDDEN', 403, COMPETITION_MESSAGES.notOrganiser);
    }
    const pattern = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    return tx
      .select({ user_id: users.user_id, name: personName, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.is_deleted, false),
          sql`(${users.username} ilike ${pattern} or ${users.first_name} ilike ${pattern} or ${users.last_name} ilike ${pattern} or ${users.email} ilike ${pattern})`,
          row.tenant_id === null
            ? undefined
            : sql`exists (select 1 from ${userRoles} r where r.user_id = ${users.user_id} and r.tenant_id = ${row.tenant_id})`,
        ),
      )
      .orderBy(users.username)
      .limit(20);
  });
}
