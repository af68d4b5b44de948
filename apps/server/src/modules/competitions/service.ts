/** The organiser's writes of a competition: create, update (its rounds through rounds.ts) and delete. */
import { COMPETITION_MESSAGES, type competitionCreate, type competitionUpdate } from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { competitions, tenants } from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { assertModeratesCommunity } from '../community';
import { ownerTenant } from './policy';
import { getIn } from './read';
import { saveRounds } from './rounds';
import { assertOrganiser, cleanRich, invalid, loadCompetition } from './shared';

type CreateInput = z.infer<typeof competitionCreate>;
type UpdateInput = z.infer<typeof competitionUpdate>;

const c = competitions;
const conflict = (message: string) => new AppError('CONFLICT', 409, message);

async function assertSlugFree(tx: Tx, slug: string | null | undefined, except?: number) {
  if (!slug) return;
  const [taken] = await tx
    .select({ id: c.competition_id })
    .from(c)
    .where(and(eq(c.slug, slug), except ? sql`${c.competition_id} <> ${except}` : undefined));
  if (taken) throw conflict(COMPETITION_MESSAGES.slugTaken);
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
