/**
 * The competition's judges as the organiser sets them, and the people search that fills the panel
 * (and a team captain's invitations). Its own file because it is about people around a competition,
 * not the competition's own fields; judging.ts is what judges then do.
 */
import { COMPETITION_MESSAGES, type judgesInput } from '@nexus/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { competitionEntries, competitionJudges, userRoles, users } from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { organises } from './policy';
import { assertOrganiser, assertVisible, invalid, loadCompetition, personName } from './shared';

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
