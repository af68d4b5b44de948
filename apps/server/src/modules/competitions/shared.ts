import { COMPETITION_MESSAGES } from '@nexus/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Tx } from '../../db/client';
import {
  competitionCriteria,
  competitionEntryMembers,
  competitionJudges,
  competitionRounds,
  competitions,
  users,
} from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { belongsTo, organises } from './policy';

export type CompetitionRow = typeof competitions.$inferSelect;
export type RoundRow = typeof competitionRounds.$inferSelect;

/** The rich text of a Tiptap editor keeps formatting and links, never scripts, handlers or styles. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
};

export function cleanRich(html: string | undefined): string | undefined {
  return html === undefined ? undefined : sanitizeHtml(html, RICH_TEXT).trim();
}

export const invalid = (path: string, message: string) =>
  badRequest(message, [{ in: 'body', path, message }]);
export const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** The competition row, or 404 when it does not exist or is deleted. */
export async function loadCompetition(tx: Tx, competitionId: number): Promise<CompetitionRow> {
  const [row] = await tx
    .select()
    .from(competitions)
    .where(and(eq(competitions.competition_id, competitionId), eq(competitions.is_deleted, false)));
  if (!row) throw notFound(COMPETITION_MESSAGES.notFound);
  return row;
}

export async function isJudge(tx: Tx, actor: Actor | null, competitionId: number): Promise<boolean> {
  if (!actor) return false;
  const [row] = await tx
    .select({ id: competitionJudges.user_id })
    .from(competitionJudges)
    .where(
      and(eq(competitionJudges.competition_id, competitionId), eq(competitionJudges.user_id, actor.userId)),
    );
  return Boolean(row);
}

export async function isEntrant(tx: Tx, actor: Actor | null, competitionId: number): Promise<boolean> {
  if (!actor) return false;
  const [row] = await tx
    .select({ id: competitionEntryMembers.entry_id })
    .from(competitionEntryMembers)
    .where(
      and(
        eq(competitionEntryMembers.competition_id, competitionId),
        eq(competitionEntryMembers.user_id, actor.userId),
      ),
    );
  return Boolean(row);
}

/**
 * Who sees a competition: organisers always; judges and entrants (and invitees) of it; anyone else
 * once it is published, by visibility (public: everyone, signed out too; platform: everyone signed in;
 * tenant: people of that tenant). Anything else answers 404, as if it did not exist.
 */
export async function assertVisible(tx: Tx, actor: Actor | null, row: CompetitionRow): Promise<void> {
  if (organises(actor, row.tenant_id)) return;
  if (row.status === 'published') {
    if (row.visibility === 'public') return;
    if (row.visibility === 'platform' && actor) return;
    if (row.visibility === 'tenant' && belongsTo(actor, row.tenant_id)) return;
  }
  if (await isJudge(tx, actor, row.competition_id)) return;
  if (await isEntrant(tx, actor, row.competition_id)) return;
  throw notFound(COMPETITION_MESSAGES.notFound);
}

/** 403 unless the actor organises this competition (after it proved visible: 404 otherwise). */
export async function assertOrganiser(tx: Tx, actor: Actor, row: CompetitionRow): Promise<void> {
  if (organises(actor, row.tenant_id)) return;
  await assertVisible(tx, actor, row);
  throw forbidden(COMPETITION_MESSAGES.notOrganiser);
}

export async function loadRounds(tx: Tx, competitionIds: readonly number[]) {
  if (competitionIds.length === 0) return new Map<number, ReturnType<typeof presentRound>[]>();
  const rounds = await tx
    .select()
    .from(competitionRounds)
    .where(inArray(competitionRounds.competition_id, [...competitionIds]))
    .orderBy(asc(competitionRounds.position));
  const criteria = rounds.length
    ? await tx
        .select()
        .from(competitionCriteria)
        .where(
          inArray(
            competitionCriteria.round_id,
            rounds.map((r) => r.round_id),
          ),
        )
        .orderBy(asc(competitionCriteria.position))
    : [];
  const out = new Map<number, ReturnType<typeof presentRound>[]>();
  for (const round of rounds) {
    const list = out.get(round.competition_id) ?? [];
    list.push(
      presentRound(
        round,
        criteria.filter((c) => c.round_id === round.round_id),
      ),
    );
    out.set(round.competition_id, list);
  }
  return out;
}

function presentRound(round: RoundRow, criteria: (typeof competitionCriteria.$inferSelect)[]) {
  return {
    round_id: round.round_id,
    position: round.position,
    name: round.name,
    submission_deadline: round.submission_deadline.toISOString(),
    advanced_at: iso(round.advanced_at),
    criteria: criteria.map((c) => ({
      criterion_id: c.criterion_id,
      name: c.name,
      description: c.description,
      weight: c.weight,
    })),
  };
}

export async function roundOf(tx: Tx, competitionId: number, roundId: number | undefined): Promise<RoundRow> {
  const rounds = await tx
    .select()
    .from(competitionRounds)
    .where(eq(competitionRounds.competition_id, competitionId))
    .orderBy(asc(competitionRounds.position));
  if (roundId !== undefined) {
    const found = rounds.find((r) => r.round_id === roundId);
    if (!found) throw invalid('round_id', COMPETITION_MESSAGES.unknownRound);
    return found;
  }
  // The current round: the first not yet advanced from, else the last.
  const current = rounds.find((r) => !r.advanced_at) ?? rounds[rounds.length - 1];
  if (!current) throw invalid('round_id', COMPETITION_MESSAGES.unknownRound);
  return current;
}

export const personName = sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''), ${users.username})`;

export const ordinal = (place: number) => {
  const suffix =
    place % 100 >= 11 && place % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[place % 10] ?? 'th');
  return `${place}${suffix}`;
};
