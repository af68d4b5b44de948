import { EXPERT_MESSAGES, type ExpertSessionItem, type expertSessionCreate } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { inScope } from '../../db/scope';
import { badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import type { Jobs } from '../../kernel/jobs';
import { conflict, iso, nameSql } from './common';
import { calendarOf, loadProfile, lockVisibleProfile, refreshNextFree } from './profiles';
import { joinProgram } from './programs';
import { freeSlots } from './slots';

const HOUR = 3_600_000;

export interface ExpertsContext {
  database: Database;
  jobs: Jobs;
  origin: string;
}

const sessionColumns = (
  viewerId: number,
) => sql`s.session_id, s.expert_id, ${nameSql('eu')} as expert_name, s.mentee_id,
  ${nameSql('mu')} as mentee_name, s.engagement_id, e.expert_program_id, x.title as program_title, s.starts_at, s.ends_at,
  s.topic, s.status,
  (select f.rating from expert_feedback f where f.session_id = s.session_id and f.author_id = ${viewerId}) as my_rating,
  coalesce((select json_agg(json_build_object('author_id', f.author_id, 'rating', f.rating, 'comment', f.comment)
    order by f.author_id) from expert_feedback f where f.session_id = s.session_id), '[]'::json) as ratings`;
const sessionFrom = sql`expert_sessions s join users eu on eu.user_id = s.expert_id join users mu on mu.user_id = s.mentee_id
  left join expert_engagements e on e.engagement_id = s.engagement_id
  left join expert_programs x on x.expert_program_id = e.expert_program_id`;

const sessionOf = (row: Record<string, unknown>): ExpertSessionItem => ({
  session_id: Number(row.session_id),
  expert_id: Number(row.expert_id),
  expert_name: String(row.expert_name),
  mentee_id: Number(row.mentee_id),
  mentee_name: String(row.mentee_name),
  engagement_id: row.engagement_id === null ? null : Number(row.engagement_id),
  expert_program_id: row.expert_program_id === null ? null : Number(row.expert_program_id),
  program_title: row.program_title === null ? null : String(row.program_title),
  starts_at: iso(row.starts_at),
  ends_at: iso(row.ends_at),
  topic: String(row.topic),
  status: row.status as ExpertSessionItem['status'],
  my_rating: row.my_rating === null ? null : Number(row.my_rating),
  ratings: (typeof row.ratings === 'string'
    ? JSON.parse(row.ratings)
    : row.ratings) as ExpertSessionItem['ratings'],
});

export async function sessionsWhere(tx: Tx, viewerId: number, where: SQL, order = sql`s.starts_at`) {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${sessionColumns(viewerId)} from ${sessionFrom} where ${where} order by ${order} limit 200`,
  );
  return rows.map(sessionOf);
}

/** A session the actor is a side of, or 404 (someone else's answers as a missing one). */
export async function sessionOfActor(tx: Tx, actor: Actor, sessionId: number): Promise<ExpertSessionItem> {
  const [session] = await sessionsWhere(
    tx,
    actor.userId,
    sql`s.session_id = ${sessionId} and (s.expert_id = ${actor.userId} or s.mentee_id = ${actor.userId})`,
  );
  if (!session) throw notFound(EXPERT_MESSAGES.sessionNotFound);
  return session;
}

const isUniqueViolation = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  for (let cause = error; cause && !seen.has(cause); cause = (cause as { cause?: unknown }).cause) {
    seen.add(cause);
    if ((cause as { code?: string }).code === '23505') return true;
  }
  return false;
};

/**
 * Books a free slot. Every booking of one expert first locks the expert's profile row, so bookings
 * of that expert run one after another on PostgreSQL and PGlite alike: the second of two crafted
 * requests for one slot sees the first one's session and finds the slot (or its buffer) taken. The
 * partial unique index on (expert, start) backs this up should a future path skip the lock.
 */
export async function bookSession(
  context: ExpertsContext,
  actor: Actor,
  input: z.infer<typeof expertSessionCreate>,
): Promise<ExpertSessionItem> {
  if (input.expert_id === actor.userId) throw badRequest(EXPERT_MESSAGES.bookSelf);
  const startsAt = new Date(input.starts_at);
  let session: ExpertSessionItem;
  try {
    session = await inScope(context.database.db, 'all', async (tx) => {
      // The lock comes first and the cheapest refusal right after it: of many requests for one slot,
      // all but the first leave after two short queries, so the queue behind the lock drains fast.
      const profile = await lockVisibleProfile(tx, actor, input.expert_id);
      const now = new Date();
      if (startsAt.getTime() < now.getTime()) throw badRequest(EXPERT_MESSAGES.slotPast);
      const end = new Date(startsAt.getTime() + profile.session_minutes * 60_000);
      const buffer = profile.buffer_minutes * 60_000;
      const [taken] = await queryRows(
        tx,
        sql`select 1 from expert_sessions where expert_id = ${input.expert_id} and status = 'booked'
          and starts_at < ${new Date(end.getTime() + buffer).toISOString()}::timestamptz
          and ends_at > ${new Date(startsAt.getTime() - buffer).toISOString()}::timestamptz limit 1`,
      );
      if (taken) throw conflict(EXPERT_MESSAGES.slotTaken);
      // Is this instant one of the slots the hours offer (weekly hours, days off, extra hours)?
      const calendar = await calendarOf(tx, profile);
      const offered = freeSlots(calendar, [], { from: startsAt, to: new Date(startsAt.getTime() + 1), now });
      if (offered.length === 0) throw badRequest(EXPERT_MESSAGES.slotNotAvailable);
      let engagementId: number | null = null;
      if (input.expert_program_id !== undefined) {
        const [program] = await queryRows<{ expert_id: number; session_count: number }>(
          tx,
          sql`select expert_id, session_count from expert_programs where expert_program_id = ${input.expert_program_id}
            and not is_deleted`,
        );
        if (program?.expert_id !== input.expert_id) throw notFound(EXPERT_MESSAGES.programNotFound);
        engagementId = await joinProgram(tx, actor, input.expert_program_id);
        const [count] = await queryRows<{ booked: number }>(
          tx,
          sql`select count(*)::int as booked from expert_sessions where engagement_id = ${engagementId} and status = 'booked'`,
        );
        if (Number(count?.booked ?? 0) >= program.session_count) throw conflict(EXPERT_MESSAGES.programFull);
      }
      const [row] = await queryRows<{ session_id: number }>(
        tx,
        sql`insert into expert_sessions (expert_id, mentee_id, engagement_id, starts_at, ends_at, topic)
          values (${input.expert_id}, ${actor.userId}, ${engagementId}, ${startsAt.toISOString()}::timestamptz,
            ${end.toISOString()}::timestamptz, ${input.topic}) returning session_id`,
      );
      const sessionId = Number(row!.session_id);
      await recordEvent(tx, 'expert.session.booked', {
        session_id: sessionId,
        expert_id: input.expert_id,
        mentee_id: actor.userId,
        tenant_id: actor.tenantId,
      });
      await scheduleReminders(tx, context, sessionId, startsAt);
      return sessionOfActor(tx, actor, sessionId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EXPERT_MESSAGES.slotTaken);
    throw error;
  }
  // The cached first free slot is only a search aid: it is moved on after the lock is released.
  await inScope(context.database.db, 'all', (tx) => refreshNextFree(tx, input.expert_id));
  return session;
}

async function scheduleReminders(tx: Tx, context: ExpertsContext, sessionId: number, startsAt: Date) {
  for (const [kind, before] of [
    ['day', 24 * HOUR],
    ['hour', HOUR],
  ] as const) {
    let at = startsAt.getTime() - before;
    // Booked within the last hour before it starts: the hour's reminder goes out at once.
    if (at <= Date.now() && kind === 'hour') at = Date.now();
    if (at < Date.now()) continue;
    await context.jobs.enqueue(
      tx,
      'experts.reminder',
      { session_id: sessionId, kind, starts_at: startsAt.toISOString() },
      { startAfter: new Date(at) },
    );
  }
}

/** Either side cancels a session still to come; the slot is free again at once. */
export async function cancelSession(context: ExpertsContext, actor: Actor, sessionId: number) {
  return inScope(context.database.db, 'all', async (tx) => {
    const session = await sessionOfActor(tx, actor, sessionId);
    await loadProfile(tx, session.expert_id, true);
    const [row] = await queryRows<{ status: string }>(
      tx,
      sql`select status from expert_sessions where session_id = ${sessionId}`,
    );
    if (row?.status !== 'booked') throw conflict(EXPERT_MESSAGES.alreadyCancelled);
    await tx.execute(
      sql`update expert_sessions set status = 'cancelled', cancelled_at = now() where session_id = ${sessionId}`,
    );
    await recordEvent(tx, 'expert.session.cancelled', {
      session_id: sessionId,
      expert_id: session.expert_id,
      mentee_id: session.mentee_id,
      cancelled_by: actor.userId,
      tenant_id: actor.tenantId,
    });
    await refreshNextFree(tx, session.expert_id);
    return sessionOfActor(tx, actor, sessionId);
  });
}

/** Each side rates a session once it has ended (a second rating replaces the first). */
export async function rateSession(
  database: Database,
  actor: Actor,
  sessionId: number,
  input: { rating: number; comment: string },
) {
  return inScope(database.db, 'all', async (tx) => {
    const session = await sessionOfActor(tx, actor, sessionId);
    if (session.status !== 'booked' || new Date(session.ends_at).getTime() > Date.now())
      throw badRequest(EXPERT_MESSAGES.feedbackBeforeEnd);
    await tx.execute(sql`insert into expert_feedback (session_id, author_id, rating, comment)
      values (${sessionId}, ${actor.userId}, ${input.rating}, ${input.comment})
      on conflict (session_id, author_id) do update set rating = excluded.rating, comment = excluded.comment, created_at = now()`);
    return sessionOfActor(tx, actor, sessionId);
  });
}

export async function mySessions(database: Database, actor: Actor, when: 'upcoming' | 'past') {
  return inScope(database.db, 'all', (tx) =>
    sessionsWhere(
      tx,
      actor.userId,
      sql`(s.expert_id = ${actor.userId} or s.mentee_id = ${actor.userId}) and ${
        when === 'upcoming' ? sql`s.ends_at > now() and s.status = 'booked'` : sql`s.ends_at <= now()`
      }`,
      when === 'upcoming' ? sql`s.starts_at` : sql`s.starts_at desc`,
    ),
  );
}

export async function personOf(tx: Tx, userId: number) {
  const [person] = await queryRows<{ email: string; name: string }>(
    tx,
    sql`select email, ${nameSql('u')} as name from users u where u.user_id = ${userId}`,
  );
  return person;
}
