import {
  COMPETITION_MESSAGES,
  type Entry,
  type entryRegister,
  type Invite,
  type inviteInput,
  type submissionInput,
} from '@nexus/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbOrTx, Tx } from '../../db/client';
import {
  certificates,
  competitionEntries,
  competitionEntryMembers,
  competitionJudges,
  competitionRounds,
  competitionSubmissions,
  competitions,
  files,
  users,
} from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { organises } from './policy';
import { assertVisible, invalid, isJudge, iso, loadCompetition, personName } from './shared';

const conflict = (message: string) => new AppError('CONFLICT', 409, message);
const m = competitionEntryMembers;
const e = competitionEntries;
const s = competitionSubmissions;

/** The entry the actor is a member of in this competition, if any. */
export async function entryOf(tx: Tx, userId: number, competitionId: number) {
  const [row] = await tx
    .select({ entry: e })
    .from(m)
    .innerJoin(e, eq(e.entry_id, m.entry_id))
    .where(and(eq(m.competition_id, competitionId), eq(m.user_id, userId), eq(m.status, 'member')));
  return row?.entry ?? null;
}

/** Enters the caller alone or as the captain of a new team; once per person and competition. */
export async function register(
  database: Database,
  actor: Actor,
  competitionId: number,
  input: z.infer<typeof entryRegister>,
) {
  return inScope(database.db, 'all', async (tx) => {
    const row = await loadCompetition(tx, competitionId);
    await assertVisible(tx, actor, row);
    if (row.status !== 'published') throw invalid('competition_id', COMPETITION_MESSAGES.notPublished);
    if (input.kind === 'team' && row.participation === 'individual')
      throw invalid('kind', COMPETITION_MESSAGES.individualsOnly);
    if (input.kind === 'individual' && row.participation === 'team')
      throw invalid('kind', COMPETITION_MESSAGES.teamsOnly);
    if (input.kind === 'team' && !input.team_name)
      throw invalid('team_name', COMPETITION_MESSAGES.teamNameNeeded);
    const [first] = await tx
      .select()
      .from(competitionRounds)
      .where(eq(competitionRounds.competition_id, competitionId))
      .orderBy(asc(competitionRounds.position))
      .limit(1);
    if (first && first.submission_deadline.getTime() <= Date.now())
      throw invalid('competition_id', COMPETITION_MESSAGES.deadlinePassed);
    if (await entryOf(tx, actor.userId, competitionId)) throw conflict(COMPETITION_MESSAGES.alreadyEntered);
    if (await isJudge(tx, actor, competitionId)) throw conflict(COMPETITION_MESSAGES.judgeCannotEnter);
    const [me] = await tx.select({ name: personName }).from(users).where(eq(users.user_id, actor.userId));
    const [entry] = await tx
      .insert(e)
      .values({
        competition_id: competitionId,
        tenant_id: row.tenant_id,
        kind: input.kind,
        name: input.kind === 'team' ? input.team_name! : (me?.name ?? 'Entrant'),
        captain_id: actor.userId,
      })
      .returning();
    const [joined] = await tx
      .insert(m)
      .values({
        entry_id: entry!.entry_id,
        competition_id: competitionId,
        user_id: actor.userId,
        tenant_id: row.tenant_id,
        status: 'member',
      })
      .onConflictDoNothing()
      .returning();
    // A concurrent registration of the same person got there first: this one is refused whole.
    if (!joined) throw conflict(COMPETITION_MESSAGES.alreadyEntered);
    // Invitations to other teams lapse: a person is in one entry per competition.
    await tx
      .delete(m)
      .where(and(eq(m.competition_id, competitionId), eq(m.user_id, actor.userId), eq(m.status, 'invited')));
    return presentEntry(tx, entry!);
  });
}

/** The captain invites a person by user id; the team never exceeds its size with invitations pending. */
export async function inviteMember(
  database: Database,
  actor: Actor,
  entryId: number,
  input: z.infer<typeof inviteInput>,
) {
  return inScope(database.db, 'all', async (tx) => {
    const [entry] = await tx.select().from(e).where(eq(e.entry_id, entryId));
    const mine = entry ? await entryOf(tx, actor.userId, entry.competition_id) : null;
    if (!entry || mine?.entry_id !== entryId) throw notFound(COMPETITION_MESSAGES.notEntered);
    if (entry.kind !== 'team') throw invalid('entry_id', COMPETITION_MESSAGES.notTeam);
    if (entry.captain_id !== actor.userId) throw forbidden(COMPETITION_MESSAGES.notCaptain);
    const competition = await loadCompetition(tx, entry.competition_id);
    const [invitee] = await tx
      .select({ id: users.user_id })
      .from(users)
      .where(and(eq(users.user_id, input.user_id), eq(users.is_deleted, false)));
    if (!invitee) throw invalid('user_id', COMPETITION_MESSAGES.inviteeUnknown);
    if (await entryOf(tx, input.user_id, entry.competition_id))
      throw conflict(COMPETITION_MESSAGES.inviteeEntered);
    const [size] = await tx.select({ n: sql<number>`count(*)::int` }).from(m).where(eq(m.entry_id, entryId));
    if ((size?.n ?? 0) >= competition.max_team_size) throw conflict(COMPETITION_MESSAGES.teamFull);
    const [added] = await tx
      .insert(m)
      .values({
        entry_id: entryId,
        competition_id: entry.competition_id,
        user_id: input.user_id,
        tenant_id: entry.tenant_id,
        status: 'invited',
        invited_by: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!added) throw conflict(COMPETITION_MESSAGES.alreadyInvited);
    return presentEntry(tx, entry);
  });
}

async function pendingInvite(tx: Tx, actor: Actor, entryId: number) {
  const [row] = await tx
    .select()
    .from(m)
    .where(and(eq(m.entry_id, entryId), eq(m.user_id, actor.userId), eq(m.status, 'invited')));
  if (!row) throw notFound(COMPETITION_MESSAGES.noInvite);
  return row;
}

export async function acceptInvite(database: Database, actor: Actor, entryId: number) {
  return inScope(database.db, 'all', async (tx) => {
    const invite = await pendingInvite(tx, actor, entryId);
    if (await entryOf(tx, actor.userId, invite.competition_id))
      throw conflict(COMPETITION_MESSAGES.alreadyEntered);
    await tx
      .update(m)
      .set({ status: 'member' })
      .where(and(eq(m.entry_id, entryId), eq(m.user_id, actor.userId)));
    await tx
      .delete(m)
      .where(
        and(
          eq(m.competition_id, invite.competition_id),
          eq(m.user_id, actor.userId),
          eq(m.status, 'invited'),
        ),
      );
    const [entry] = await tx.select().from(e).where(eq(e.entry_id, entryId));
    return presentEntry(tx, entry!);
  });
}

export async function declineInvite(database: Database, actor: Actor, entryId: number) {
  return inScope(database.db, 'all', async (tx) => {
    await pendingInvite(tx, actor, entryId);
    await tx.delete(m).where(and(eq(m.entry_id, entryId), eq(m.user_id, actor.userId)));
    return { entry_id: entryId };
  });
}

/** Invitations waiting for the caller, newest first. */
export async function myInvites(database: Database, actor: Actor): Promise<Invite[]> {
  return inScope(database.db, 'all', async (tx) => {
    const rows = await tx
      .select({
        entry_id: e.entry_id,
        competition_id: e.competition_id,
        competition_title: competitions.title,
        team_name: e.name,
        invited_by: sql<string>`coalesce((select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username) from ${users} u where u.user_id = ${m.invited_by}), '')`,
      })
      .from(m)
      .innerJoin(e, eq(e.entry_id, m.entry_id))
      .innerJoin(competitions, eq(competitions.competition_id, e.competition_id))
      .where(and(eq(m.user_id, actor.userId), eq(m.status, 'invited'), eq(competitions.is_deleted, false)))
      .orderBy(sql`${m.created_at} desc`);
    return rows;
  });
}

export async function presentEntry(tx: Tx, entry: typeof e.$inferSelect): Promise<Entry> {
  const members = await tx
    .select({ user_id: m.user_id, name: personName, status: m.status })
    .from(m)
    .innerJoin(users, eq(users.user_id, m.user_id))
    .where(eq(m.entry_id, entry.entry_id))
    .orderBy(m.created_at, m.user_id);
  const submissions = await tx.select().from(s).where(eq(s.entry_id, entry.entry_id)).orderBy(s.round_id);
  return {
    entry_id: entry.entry_id,
    competition_id: entry.competition_id,
    kind: entry.kind,
    name: entry.name,
    captain_id: entry.captain_id,
    round_reached: entry.round_reached,
    place: entry.place,
    members,
    submissions: submissions.map((row) => presentSubmission(row, entry.name)),
    certificate_path: null,
  };
}

export function presentSubmission(row: typeof s.$inferSelect, entryName: string) {
  return {
    submission_id: row.submission_id,
    round_id: row.round_id,
    entry_id: row.entry_id,
    entry_name: entryName,
    title: row.title,
    text: row.text,
    links: row.links,
    file_ids: row.file_ids,
    advanced: row.advanced,
    modified_at: row.modified_at.toISOString(),
  };
}

/** The caller's entry with its members, submissions, place and (for winners) certificate; null if none. */
export async function myEntry(
  database: Database,
  actor: Actor,
  competitionId: number,
): Promise<Entry | null> {
  return inScope(database.db, 'all', async (tx) => {
    const row = await loadCompetition(tx, competitionId);
    await assertVisible(tx, actor, row);
    const entry = await entryOf(tx, actor.userId, competitionId);
    if (!entry) return null;
    const out = await presentEntry(tx, entry);
    const [certificate] = await tx
      .select({ key: certificates.public_key })
      .from(certificates)
      .where(
        and(
          eq(certificates.user_id, actor.userId),
          eq(certificates.kind, 'competition'),
          eq(certificates.program_id, competitionId),
          isNull(certificates.revoked_at),
        ),
      );
    if (certificate)
      out.certificate_path = `/certification/${actor.userId}/${encodeURIComponent(certificate.key)}`;
    return out;
  });
}

/**
 * Creates or replaces the entry's submission for a round, until the round's deadline; after it the
 * call is refused with a clear message and nothing changes. Files must be the caller's own uploads.
 */
export async function saveSubmission(
  database: Database,
  actor: Actor,
  roundId: number,
  input: z.infer<typeof submissionInput>,
) {
  return inScope(database.db, 'all', async (tx) => {
    const [round] = await tx.select().from(competitionRounds).where(eq(competitionRounds.round_id, roundId));
    if (!round) throw notFound(COMPETITION_MESSAGES.unknownRound);
    const competition = await loadCompetition(tx, round.competition_id);
    // Another tenant's round answers as a missing one.
    await assertVisible(tx, actor, competition).catch(() => {
      throw notFound(COMPETITION_MESSAGES.unknownRound);
    });
    const entry = await entryOf(tx, actor.userId, round.competition_id);
    if (!entry) throw forbidden(COMPETITION_MESSAGES.notEntered);
    if (entry.round_reached < round.position) throw forbidden(COMPETITION_MESSAGES.notInRound);
    if (round.submission_deadline.getTime() <= Date.now())
      throw new AppError('BAD_REQUEST', 400, COMPETITION_MESSAGES.deadlinePassed, [
        { in: 'body', path: 'round_id', message: COMPETITION_MESSAGES.deadlinePassed },
      ]);
    const text = input.text.trim();
    if (!text && input.links.length === 0 && input.file_ids.length === 0)
      throw invalid('text', COMPETITION_MESSAGES.submissionEmpty);
    const fileIds = [...new Set(input.file_ids)];
    if (fileIds.length) {
      const owned = await tx
        .select({ id: files.file_id })
        .from(files)
        .where(
          and(inArray(files.file_id, fileIds), eq(files.owner_id, actor.userId), isNull(files.deleted_at)),
        );
      if (owned.length !== fileIds.length) throw invalid('file_ids', COMPETITION_MESSAGES.unknownFile);
    }
    const values = {
      title: input.title,
      text,
      links: input.links,
      file_ids: fileIds,
      submitted_by: actor.userId,
      modified_at: new Date(),
    };
    const [row] = await tx
      .insert(s)
      .values({
        ...values,
        competition_id: round.competition_id,
        round_id: roundId,
        entry_id: entry.entry_id,
        tenant_id: competition.tenant_id,
      })
      .onConflictDoUpdate({ target: [s.round_id, s.entry_id], set: values })
      .returning();
    return presentSubmission(row!, entry.name);
  });
}

/**
 * The files grant (files' `grantFileReads`): a submission's file is readable by the members of its
 * entry, the competition's judges and its organisers.
 */
export async function submissionFileReadable(db: DbOrTx, actor: Actor, fileId: string): Promise<boolean> {
  return inScope(db, 'all', async (tx) => {
    const rows = await tx
      .select({ competition_id: s.competition_id, entry_id: s.entry_id, tenant_id: competitions.tenant_id })
      .from(s)
      .innerJoin(competitions, eq(competitions.competition_id, s.competition_id))
      .where(sql`${s.file_ids} @> ${JSON.stringify([fileId])}::jsonb`);
    for (const row of rows) {
      if (organises(actor, row.tenant_id)) return true;
      const [member] = await tx
        .select({ id: m.user_id })
        .from(m)
        .where(and(eq(m.entry_id, row.entry_id), eq(m.user_id, actor.userId), eq(m.status, 'member')));
      if (member) return true;
      const [judge] = await tx
        .select({ id: competitionJudges.user_id })
        .from(competitionJudges)
        .where(
          and(
            eq(competitionJudges.competition_id, row.competition_id),
            eq(competitionJudges.user_id, actor.userId),
          ),
        );
      if (judge) return true;
    }
    return false;
  });
}

export { iso };
