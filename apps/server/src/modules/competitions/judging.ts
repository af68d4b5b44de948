import {
  COMPETITION_MESSAGES,
  type conflictInput,
  type JudgingView,
  type Ranking,
  type scoreInput,
} from '@nexus/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import {
  competitionConflicts,
  competitionCriteria,
  competitionEntries,
  competitionEntryMembers,
  competitionJudges,
  competitionRounds,
  competitionScores,
  competitionSubmissions,
  competitions,
  tenants,
  users,
} from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { issueCertificate } from '../certificates';
import { presentSubmission } from './participation';
import { organises } from './policy';
import { rankSubmissions } from './scoring';
import {
  assertOrganiser,
  assertVisible,
  invalid,
  isJudge,
  loadCompetition,
  loadRounds,
  ordinal,
  personName,
  type RoundRow,
  roundOf,
} from './shared';

const s = competitionSubmissions;
const conflict = (message: string) => new AppError('CONFLICT', 409, message);

async function criteriaOf(tx: Tx, roundId: number) {
  return tx
    .select()
    .from(competitionCriteria)
    .where(eq(competitionCriteria.round_id, roundId))
    .orderBy(asc(competitionCriteria.position));
}

async function submissionsOf(tx: Tx, roundId: number) {
  return tx
    .select({ submission: s, entry_name: competitionEntries.name, place: competitionEntries.place })
    .from(s)
    .innerJoin(competitionEntries, eq(competitionEntries.entry_id, s.entry_id))
    .where(eq(s.round_id, roundId))
    .orderBy(asc(s.submission_id));
}

/**
 * What a judge works from: the round's submissions with the judge's OWN scores and conflicts only.
 * Other judges' scores never leave the server to a judge.
 */
export async function getJudging(
  database: Database,
  actor: Actor,
  competitionId: number,
  roundId: number | undefined,
): Promise<JudgingView> {
  return inScope(database.db, 'all', async (tx) => {
    const competition = await loadCompetition(tx, competitionId);
    if (!(await isJudge(tx, actor, competitionId))) {
      await assertVisible(tx, actor, competition);
      throw forbidden(COMPETITION_MESSAGES.notJudge);
    }
    const round = await roundOf(tx, competitionId, roundId);
    const rounds = await loadRounds(tx, [competitionId]);
    const items = await submissionsOf(tx, round.round_id);
    const ids = items.map((item) => item.submission.submission_id);
    const mine = ids.length
      ? await tx
          .select()
          .from(competitionScores)
          .where(
            and(inArray(competitionScores.submission_id, ids), eq(competitionScores.judge_id, actor.userId)),
          )
      : [];
    const conflicts = ids.length
      ? await tx
          .select({ id: competitionConflicts.submission_id })
          .from(competitionConflicts)
          .where(
            and(
              inArray(competitionConflicts.submission_id, ids),
              eq(competitionConflicts.judge_id, actor.userId),
            ),
          )
      : [];
    return {
      competition_id: competitionId,
      round: rounds.get(competitionId)?.find((r) => r.round_id === round.round_id) ?? null,
      submissions: items.map((item) => ({
        ...presentSubmission(item.submission, item.entry_name),
        conflict: conflicts.some((c) => c.id === item.submission.submission_id),
        my_scores: mine
          .filter((row) => row.submission_id === item.submission.submission_id)
          .map((row) => ({ criterion_id: row.criterion_id, score: row.score })),
      })),
    };
  });
}

/** The submission and its round, for a judge of its competition (404 to anyone who may not see it). */
async function judgedSubmission(tx: Tx, actor: Actor, submissionId: number) {
  const [row] = await tx
    .select({ submission: s, round: competitionRounds })
    .from(s)
    .innerJoin(competitionRounds, eq(competitionRounds.round_id, s.round_id))
    .where(eq(s.submission_id, submissionId));
  if (!row) throw notFound(COMPETITION_MESSAGES.unknownSubmission);
  if (!(await isJudge(tx, actor, row.submission.competition_id))) {
    // Someone who may not see the competition learns nothing, not even that the submission exists.
    const competition = await loadCompetition(tx, row.submission.competition_id);
    await assertVisible(tx, actor, competition).catch(() => {
      throw notFound(COMPETITION_MESSAGES.unknownSubmission);
    });
    throw forbidden(COMPETITION_MESSAGES.notJudge);
  }
  return row;
}

/** A judge declares a conflict of interest with a submission before scoring it; it is then unscorable. */
export async function declareConflict(
  database: Database,
  actor: Actor,
  submissionId: number,
  input: z.infer<typeof conflictInput>,
) {
  return inScope(database.db, 'all', async (tx) => {
    const { submission } = await judgedSubmission(tx, actor, submissionId);
    const [scored] = await tx
      .select({ id: competitionScores.submission_id })
      .from(competitionScores)
      .where(
        and(eq(competitionScores.submission_id, submissionId), eq(competitionScores.judge_id, actor.userId)),
      );
    if (scored) throw conflict(COMPETITION_MESSAGES.alreadyScored);
    await tx
      .insert(competitionConflicts)
      .values({
        submission_id: submissionId,
        judge_id: actor.userId,
        tenant_id: submission.tenant_id,
        reason: input.reason,
      })
      .onConflictDoNothing();
    return { submission_id: submissionId, conflict: true };
  });
}

/** A judge scores every criterion of the submission's round, 1..5; scoring again replaces their scores. */
export async function scoreSubmission(
  database: Database,
  actor: Actor,
  submissionId: number,
  input: z.infer<typeof scoreInput>,
) {
  return inScope(database.db, 'all', async (tx) => {
    const { submission, round } = await judgedSubmission(tx, actor, submissionId);
    const [declared] = await tx
      .select({ id: competitionConflicts.submission_id })
      .from(competitionConflicts)
      .where(
        and(
          eq(competitionConflicts.submission_id, submissionId),
          eq(competitionConflicts.judge_id, actor.userId),
        ),
      );
    if (declared) throw forbidden(COMPETITION_MESSAGES.conflicted);
    if (round.advanced_at) throw conflict('This round has been decided: its scores can no longer change.');
    const criteria = await criteriaOf(tx, round.round_id);
    const given = new Map<number, number>();
    for (const [index, row] of input.scores.entries()) {
      if (!criteria.some((c) => c.criterion_id === row.criterion_id))
        throw invalid(`scores.${index}.criterion_id`, COMPETITION_MESSAGES.unknownCriterion);
      given.set(row.criterion_id, row.score);
    }
    if (given.size !== criteria.length || input.scores.length !== criteria.length)
      throw invalid('scores', COMPETITION_MESSAGES.scoresIncomplete);
    for (const [criterionId, score] of given) {
      await tx
        .insert(competitionScores)
        .values({
          submission_id: submissionId,
          judge_id: actor.userId,
          criterion_id: criterionId,
          tenant_id: submission.tenant_id,
          score,
        })
        .onConflictDoUpdate({
          target: [
            competitionScores.submission_id,
            competitionScores.judge_id,
            competitionScores.criterion_id,
          ],
          set: { score, scored_at: new Date() },
        });
    }
    return {
      submission_id: submissionId,
      my_scores: [...given].map(([criterion_id, score]) => ({ criterion_id, score })),
    };
  });
}

/** The round's ranking: normalised per judge (scoring.ts), counting only judges still assigned. */
async function rankingOf(tx: Tx, round: RoundRow): Promise<Ranking> {
  const criteria = await criteriaOf(tx, round.round_id);
  const items = await submissionsOf(tx, round.round_id);
  const ids = items.map((item) => item.submission.submission_id);
  const scores = ids.length
    ? await tx
        .select({
          submission_id: competitionScores.submission_id,
          judge_id: competitionScores.judge_id,
          criterion_id: competitionScores.criterion_id,
          score: competitionScores.score,
        })
        .from(competitionScores)
        .innerJoin(
          competitionJudges,
          and(
            eq(competitionJudges.user_id, competitionScores.judge_id),
            eq(competitionJudges.competition_id, round.competition_id),
          ),
        )
        .where(inArray(competitionScores.submission_id, ids))
    : [];
  const [assigned] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(competitionJudges)
    .where(eq(competitionJudges.competition_id, round.competition_id));
  const ranked = rankSubmissions(criteria, scores);
  return {
    round_id: round.round_id,
    judges_assigned: assigned?.n ?? 0,
    rows: ranked.map((row) => {
      const item = items.find((i) => i.submission.submission_id === row.submission_id)!;
      return {
        rank: row.rank,
        submission_id: row.submission_id,
        entry_id: item.submission.entry_id,
        entry_name: item.entry_name,
        title: item.submission.title,
        judges: row.judges,
        raw_score: Math.round(row.raw_score * 10_000) / 10_000,
        normalised_score: Math.round(row.normalised_score * 10_000) / 10_000,
        advanced: item.submission.advanced,
        place: item.place,
      };
    }),
  };
}

/** The organiser's results of a round (default: the current one). */
export async function getResults(database: Database, actor: Actor, competitionId: number, roundId?: number) {
  return inScope(database.db, 'all', async (tx) => {
    const competition = await loadCompetition(tx, competitionId);
    await assertOrganiser(tx, actor, competition);
    return rankingOf(tx, await roundOf(tx, competitionId, roundId));
  });
}

/** Every submission of a round for the organiser, scored or not. */
export async function getSubmissions(
  database: Database,
  actor: Actor,
  competitionId: number,
  roundId?: number,
) {
  return inScope(database.db, 'all', async (tx) => {
    const competition = await loadCompetition(tx, competitionId);
    await assertOrganiser(tx, actor, competition);
    const round = await roundOf(tx, competitionId, roundId);
    const items = await submissionsOf(tx, round.round_id);
    return items.map((item) => presentSubmission(item.submission, item.entry_name));
  });
}

/**
 * The public leaderboard: the latest round's ranking, for anyone who sees the competition when the
 * organiser made it public; organisers always. Judges' and raw numbers are the same as the results.
 */
export async function getLeaderboard(database: Database, actor: Actor | null, competitionId: number) {
  return inScope(database.db, 'all', async (tx) => {
    const competition = await loadCompetition(tx, competitionId);
    await assertVisible(tx, actor, competition);
    if (!competition.leaderboard_public && !organises(actor, competition.tenant_id))
      throw forbidden(COMPETITION_MESSAGES.leaderboardPrivate);
    const ranking = await rankingOf(tx, await roundOf(tx, competitionId, undefined));
    return { ...ranking, judges_assigned: 0 };
  });
}

function assertClosed(round: RoundRow) {
  if (round.submission_deadline.getTime() > Date.now())
    throw invalid('round_id', COMPETITION_MESSAGES.roundOpen);
}

/** The organiser carries the top N of a closed round to the next round (again: recomputed). */
export async function advance(
  database: Database,
  actor: Actor,
  competitionId: number,
  input: { round_id: number; top_n: number },
) {
  return inScope(database.db, 'all', async (tx) => {
    const competition = await loadCompetition(tx, competitionId);
    await assertOrganiser(tx, actor, competition);
    const round = await roundOf(tx, competitionId, input.round_id);
    const [next] = await tx
      .select()
      .from(competitionRounds)
      .where(
        and(
          eq(competitionRounds.competition_id, competitionId),
          eq(competitionRounds.position, round.position + 1),
        ),
      );
    if (!next) throw invalid('round_id', COMPETITION_MESSAGES.lastRound);
    assertClosed(round);
    const ranking = await rankingOf(tx, round);
    const top = ranking.rows.slice(0, input.top_n);
    if (top.length === 0) throw invalid('top_n', COMPETITION_MESSAGES.nothingToAdvance);
    await tx.update(s).set({ advanced: false }).where(eq(s.round_id, round.round_id));
    await tx
      .update(s)
      .set({ advanced: true })
      .where(
        inArray(
          s.submission_id,
          top.map((row) => row.submission_id),
        ),
      );
    await tx
      .update(competitionEntries)
      .set({ round_reached: round.position })
      .where(
        and(
          eq(competitionEntries.competition_id, competitionId),
          eq(competitionEntries.round_reached, next.position),
        ),
      );
    await tx
      .update(competitionEntries)
      .set({ round_reached: next.position })
      .where(
        inArray(
          competitionEntries.entry_id,
          top.map((row) => row.entry_id),
        ),
      );
    await tx
      .update(competitionRounds)
      .set({ advanced_at: new Date() })
      .where(eq(competitionRounds.round_id, round.round_id));
    return rankingOf(tx, round);
  });
}

/**
 * Announces the winners in order (first place first) from the last round's submissions: each member
 * of a winning entry gets a signed certificate (certificates' issueCertificate, kind `competition`),
 * and `competition.winner.announced` is recorded for each, in the same transaction, so the inbox
 * tells them. Once only.
 */
export async function announceWinners(
  database: Database,
  actor: Actor,
  competitionId: number,
  submissionIds: readonly number[],
  origin: string,
) {
  return inScope(database.db, 'all', async (tx) => {
    const competition = await loadCompetition(tx, competitionId);
    await assertOrganiser(tx, actor, competition);
    // Locked: two announcements at once make one.
    await tx.execute(sql`select 1 from ${competitions} where competition_id = ${competitionId} for update`);
    const [fresh] = await tx
      .select({ at: competitions.winners_announced_at })
      .from(competitions)
      .where(eq(competitions.competition_id, competitionId));
    if (fresh?.at) throw conflict(COMPETITION_MESSAGES.winnersAnnounced);
    const [last] = await tx
      .select()
      .from(competitionRounds)
      .where(eq(competitionRounds.competition_id, competitionId))
      .orderBy(sql`${competitionRounds.position} desc`)
      .limit(1);
    if (!last) throw invalid('submission_ids', COMPETITION_MESSAGES.winnersNotInRound);
    assertClosed(last);
    const unique = [...new Set(submissionIds)];
    const rows = await tx
      .select({ submission_id: s.submission_id, entry_id: s.entry_id })
      .from(s)
      .where(and(inArray(s.submission_id, unique), eq(s.round_id, last.round_id)));
    if (rows.length !== unique.length || unique.length !== submissionIds.length)
      throw invalid('submission_ids', COMPETITION_MESSAGES.winnersNotInRound);
    const [tenant] =
      competition.tenant_id === null
        ? []
        : await tx
            .select({ name: tenants.tenant_name })
            .from(tenants)
            .where(eq(tenants.tenant_id, competition.tenant_id));
    for (const [index, submissionId] of unique.entries()) {
      const place = index + 1;
      const entryId = rows.find((row) => row.submission_id === submissionId)!.entry_id;
      await tx.update(competitionEntries).set({ place }).where(eq(competitionEntries.entry_id, entryId));
      const members = await tx
        .select({ user_id: competitionEntryMembers.user_id, name: personName })
        .from(competitionEntryMembers)
        .innerJoin(users, eq(users.user_id, competitionEntryMembers.user_id))
        .where(
          and(eq(competitionEntryMembers.entry_id, entryId), eq(competitionEntryMembers.status, 'member')),
        );
      for (const member of members) {
        const certificate = await issueCertificate(tx, origin, {
          kind: 'competition',
          userId: member.user_id,
          holderName: member.name,
          programId: competitionId,
          programName: `${competition.title}: ${ordinal(place)} place`,
          programDescription: competition.summary,
          achievementPath: `/competition/overview/${competitionId}`,
          criteria: `Placed ${ordinal(place)} among the entries, as ranked by the competition's judges.`,
          tenantId: competition.tenant_id,
          issuerName: tenant?.name ?? 'Nexus',
        });
        await recordEvent(tx, 'competition.winner.announced', {
          competition_id: competitionId,
          tenant_id: competition.tenant_id,
          user_id: member.user_id,
          place,
          title: competition.title.slice(0, 300),
          public_key: certificate.public_key,
        });
      }
    }
    await tx
      .update(competitions)
      .set({ winners_announced_at: new Date(), modified_at: new Date(), modified_by: actor.userId })
      .where(eq(competitions.competition_id, competitionId));
    return rankingOf(tx, last);
  });
}
