/**
 * Writing a competition's rounds and their criteria, as the organiser's create and update send them.
 * Its own file because keeping ids, positions and what judges already used consistent is a job of
 * its own, apart from the competition's other fields.
 */
import { COMPETITION_MESSAGES, type roundInput } from '@nexus/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import {
  competitionCriteria,
  competitionRounds,
  competitionScores,
  competitionSubmissions,
  competitions,
} from '../../db/schema';
import { type CompetitionRow, invalid } from './shared';

type RoundInput = z.infer<typeof roundInput>;

/** Deadlines strictly increase from round to round. */
function checkRounds(rounds: readonly RoundInput[]) {
  for (let i = 1; i < rounds.length; i += 1) {
    if (new Date(rounds[i]!.submission_deadline) <= new Date(rounds[i - 1]!.submission_deadline))
      throw invalid(`rounds.${i}.submission_deadline`, COMPETITION_MESSAGES.deadlineOrder);
  }
}

/**
 * Writes the rounds and criteria as given, in order: listed ids are updated, new ones inserted, the
 * rest removed. A round with submissions, or a criterion with scores, cannot be removed (400, nothing
 * changed: the whole write is one transaction).
 */
export async function saveRounds(tx: Tx, competition: CompetitionRow, rounds: readonly RoundInput[]) {
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
    .update(competitions)
    .set({ ends_at: last ? new Date(last.submission_deadline) : null })
    .where(eq(competitions.competition_id, competition.competition_id));
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
