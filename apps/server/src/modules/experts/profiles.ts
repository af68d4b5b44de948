import {
  type AvailabilityUpdate,
  type availabilityUpdate,
  EXPERT_LIMITS,
  EXPERT_MESSAGES,
  type ExpertDetail,
  type ExpertProfileUpdate,
  type ExpertSummary,
  type expertProfileUpdate,
  type expertSearchQuery,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { cappedMeta, KeptCounts } from '../../db/kept-counts';
import { inScope } from '../../db/scope';
import { badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { DAY, invalid, iso, nameSql, tenantsOf, visibleSql } from './common';
import { listPrograms } from './programs';
import { type Busy, type Calendar, type DayException, freeSlots, type Hours, isTimeZone } from './slots';

export interface ProfileRow {
  user_id: number;
  tenant_id: number | null;
  headline: string;
  bio: string;
  expertise: string[];
  languages: string[];
  time_zone: string;
  session_minutes: number;
  buffer_minutes: number;
  is_published: boolean;
  next_free_at: Date | null;
  name: string;
}

/** One profile, locked for the transaction when `lock` (bookings of an expert queue on it). */
export async function loadProfile(tx: DbOrTx, userId: number, lock = false): Promise<ProfileRow | null> {
  const [row] = await queryRows<ProfileRow>(
    tx,
    sql`select p.*, ${nameSql('u')} as name from expert_profiles p join users u on u.user_id = p.user_id
      where p.user_id = ${userId} ${lock ? sql`for update of p` : sql``}`,
  );
  return row ? { ...row, next_free_at: row.next_free_at ? new Date(iso(row.next_free_at)) : null } : null;
}

/** A profile the actor may see, or 404 (hidden and missing answer alike). */
export async function visibleProfile(tx: Tx, actor: Actor, userId: number): Promise<ProfileRow> {
  const [row] = await queryRows<{ user_id: number }>(
    tx,
    sql`select p.user_id from expert_profiles p where p.user_id = ${userId} and ${visibleSql(actor)}`,
  );
  const profile = row ? await loadProfile(tx, userId) : null;
  if (!profile) throw notFound(EXPERT_MESSAGES.expertNotFound);
  return profile;
}

/** The profile of an expert the actor may book, locked for the transaction; 404 when hidden or missing. */
export async function lockVisibleProfile(tx: Tx, actor: Actor, userId: number): Promise<ProfileRow> {
  const [row] = await queryRows<ProfileRow>(
    tx,
    sql`select p.*, ${nameSql('u')} as name from expert_profiles p join users u on u.user_id = p.user_id
      where p.user_id = ${userId} and ${visibleSql(actor)} for update of p`,
  );
  if (!row) throw notFound(EXPERT_MESSAGES.expertNotFound);
  return row;
}

export async function calendarOf(tx: DbOrTx, profile: ProfileRow): Promise<Calendar> {
  const weekly = await queryRows<Hours>(
    tx,
    sql`select weekday, start_minute, end_minute from expert_availability where expert_id = ${profile.user_id}
      order by weekday, start_minute`,
  );
  const exceptions = await queryRows<DayException>(
    tx,
    sql`select to_char(day, 'YYYY-MM-DD') as day, kind, start_minute, end_minute from expert_exceptions
      where expert_id = ${profile.user_id} and day >= current_date - 2 order by day, start_minute`,
  );
  return {
    time_zone: profile.time_zone,
    session_minutes: profile.session_minutes,
    buffer_minutes: profile.buffer_minutes,
    weekly,
    exceptions,
  };
}

/** The expert's live bookings overlapping `[from, to)` widened by a day each side (buffers reach out). */
export async function busyOf(tx: DbOrTx, expertId: number, from: Date, to: Date): Promise<Busy[]> {
  const rows = await queryRows<{ starts_at: unknown; ends_at: unknown }>(
    tx,
    sql`select starts_at, ends_at from expert_sessions where expert_id = ${expertId} and status = 'booked'
      and starts_at < ${new Date(to.getTime() + DAY).toISOString()}::timestamptz
      and ends_at > ${new Date(from.getTime() - DAY).toISOString()}::timestamptz`,
  );
  return rows.map((row) => ({
    starts_at: new Date(iso(row.starts_at)),
    ends_at: new Date(iso(row.ends_at)),
  }));
}

/** The expert's first free slot within the booking horizon, or null. */
export async function nextFreeOf(tx: DbOrTx, profile: ProfileRow, now = new Date()): Promise<Date | null> {
  const calendar = await calendarOf(tx, profile);
  if (calendar.weekly.length === 0 && !calendar.exceptions.some((e) => e.kind === 'extra')) return null;
  // Two weeks hold the answer nearly always; only then is the whole horizon walked.
  for (const days of [14, EXPERT_LIMITS.horizonDays]) {
    const to = new Date(now.getTime() + days * DAY);
    const busy = await busyOf(tx, profile.user_id, now, to);
    const [first] = freeSlots(calendar, busy, { from: now, to, now, max: 1 });
    if (first) return first.starts_at;
  }
  return null;
}

export async function refreshNextFree(tx: DbOrTx, expertId: number, now = new Date()): Promise<void> {
  const profile = await loadProfile(tx, expertId);
  if (!profile) return;
  const next = await nextFreeOf(tx, profile, now);
  await tx.execute(
    sql`update expert_profiles set next_free_at = ${next ? next.toISOString() : null}::timestamptz
      where user_id = ${expertId}`,
  );
}

/** The cron's sweep: every expert whose cached first slot has passed gets a fresh one. */
export async function refreshDueNextFree(database: Database, now = new Date()): Promise<number> {
  const due = await inScope(database.db, 'all', (tx) =>
    queryRows<{ user_id: number }>(
      tx,
      sql`select user_id from expert_profiles where next_free_at < ${now.toISOString()}::timestamptz
        order by user_id limit 5000`,
    ),
  );
  for (const { user_id: expertId } of due) {
    await inScope(database.db, 'all', (tx) => refreshNextFree(tx, expertId, now));
  }
  return due.length;
}

/** Creates or replaces the caller's own profile; the audience's tenant is the caller's current one. */
export async function saveProfile(
  database: Database,
  actor: Actor,
  input: z.infer<typeof expertProfileUpdate>,
): Promise<ExpertDetail> {
  if (!isTimeZone(input.time_zone)) throw invalid('time_zone', EXPERT_MESSAGES.badTimeZone);
  if (input.audience === 'tenant' && actor.tenantId === null)
    throw invalid('audience', EXPERT_MESSAGES.tenantNeeded);
  const tenantId = input.audience === 'tenant' ? actor.tenantId : null;
  return inScope(database.db, 'all', async (tx) => {
    await tx.execute(sql`insert into expert_profiles (user_id, tenant_id, headline, bio, expertise, languages, time_zone,
        session_minutes, buffer_minutes, is_published)
      values (${actor.userId}, ${tenantId}, ${input.headline}, ${input.bio}, ${textArray(input.expertise)},
        ${textArray(input.languages)}, ${input.time_zone}, ${input.session_minutes}, ${input.buffer_minutes}, ${input.is_published})
      on conflict (user_id) do update set tenant_id = excluded.tenant_id, headline = excluded.headline, bio = excluded.bio,
        expertise = excluded.expertise, languages = excluded.languages, time_zone = excluded.time_zone,
        session_minutes = excluded.session_minutes, buffer_minutes = excluded.buffer_minutes,
        is_published = excluded.is_published, modified_at = now()`);
    await refreshNextFree(tx, actor.userId);
    return detailOf(tx, actor, actor.userId);
  });
}

export const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

const overlaps = (rules: readonly { start_minute: number; end_minute: number }[]) => {
  const sorted = [...rules].sort((a, b) => a.start_minute - b.start_minute);
  return sorted.some((rule, index) => index > 0 && rule.start_minute < sorted[index - 1]!.end_minute);
};

/** Replaces the caller's weekly hours and exceptions together (all or nothing). */
export async function saveAvailability(
  database: Database,
  actor: Actor,
  input: z.infer<typeof availabilityUpdate>,
): Promise<ExpertDetail> {
  for (let weekday = 0; weekday < 7; weekday += 1) {
    if (overlaps(input.weekly.filter((rule) => rule.weekday === weekday)))
      throw invalid('weekly', EXPERT_MESSAGES.overlappingHours);
  }
  return inScope(database.db, 'all', async (tx) => {
    // Locked as a booking locks it: hours never change under a booking being checked.
    const profile = await loadProfile(tx, actor.userId, true);
    if (!profile) throw badRequest(EXPERT_MESSAGES.notAnExpert);
    await tx.execute(sql`delete from expert_availability where expert_id = ${actor.userId}`);
    await tx.execute(sql`delete from expert_exceptions where expert_id = ${actor.userId}`);
    for (const rule of input.weekly) {
      await tx.execute(sql`insert into expert_availability (expert_id, weekday, start_minute, end_minute)
        values (${actor.userId}, ${rule.weekday}, ${rule.start_minute}, ${rule.end_minute})`);
    }
    for (const row of input.exceptions) {
      await tx.execute(sql`insert into expert_exceptions (expert_id, day, kind, start_minute, end_minute)
        values (${actor.userId}, ${row.day}::date, ${row.kind}, ${row.start_minute}, ${row.end_minute})`);
    }
    await tx.execute(sql`update expert_profiles set modified_at = now() where user_id = ${actor.userId}`);
    await refreshNextFree(tx, actor.userId);
    return detailOf(tx, actor, actor.userId);
  });
}
export type { AvailabilityUpdate, ExpertProfileUpdate };

const summaryColumns = sql`p.user_id, ${nameSql('u')} as name, p.headline, p.expertise, p.languages, p.time_zone,
  p.session_minutes, p.next_free_at,
  (select count(*)::int from expert_programs x where x.expert_id = p.user_id and x.is_published and not x.is_deleted) as program_count`;

const summaryOf = (row: Record<string, unknown>): ExpertSummary => ({
  user_id: Number(row.user_id),
  name: String(row.name),
  headline: String(row.headline),
  expertise: row.expertise as string[],
  languages: row.languages as string[],
  time_zone: String(row.time_zone),
  session_minutes: Number(row.session_minutes),
  next_free_at: row.next_free_at ? iso(row.next_free_at) : null,
  program_count: Number(row.program_count),
});

/**
 * Counts of /find-expert, kept while expert_profiles' list version holds (no date moves a profile),
 * and its pages, also while the experts' names and programs hold and for a few seconds at most.
 */
const keptCounts = new KeptCounts({
  tables: ['expert_profiles', 'expert_programs', 'users'],
  keepPagesMs: 5_000,
  scope: 'all',
});

/**
 * /find-expert: by words, one expertise tag, one language and a free slot before a time; the soonest
 * free first. The page walks expert_profiles_next_free_idx and stops after one page; the count stops
 * at the cap ("more than 1000") and is kept per filter set, so a repeated search costs its page alone
 * (issue 20 bench: a window count over every visible expert sorted all 10,000 of them per request).
 */
export async function searchExperts(
  database: Database,
  actor: Actor,
  query: z.infer<typeof expertSearchQuery>,
) {
  const where: SQL[] = [sql`p.is_published`, visibleSql(actor)];
  if (query.expertise) where.push(sql`p.expertise @> array[${query.expertise}]::text[]`);
  if (query.language) where.push(sql`p.languages @> array[${query.language}]::text[]`);
  if (query.free_before) where.push(sql`p.next_free_at < ${query.free_before}::timestamptz`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(p.headline ilike ${like} or ${nameSql('u')} ilike ${like}
      or array_to_string(p.expertise, ' ') ilike ${like})`);
  }
  const matching = sql`from expert_profiles p join users u on u.user_id = p.user_id where ${sql.join(where, sql` and `)}`;
  const cap = EXPERT_LIMITS.countCap;
  const offset = (query.page - 1) * query.limit;
  const countSql = sql`(select count(*)::int from (select 1 ${matching} limit ${cap + 1}) c)`;
  const pageSql = sql`select ${summaryColumns} ${matching}
    order by p.next_free_at asc nulls last, p.user_id limit ${query.limit} offset ${offset}`;
  // Who may see which profiles is part of the key: the visibility filter differs per viewer.
  const key = JSON.stringify([
    actor.isPlatformAdmin ? 'admin' : [actor.userId, tenantsOf(actor)],
    query.expertise,
    query.language,
    query.free_before,
    query.search,
  ]);
  const pageKey = JSON.stringify([key, query.limit, offset]);
  const { rows, counted } = await keptCounts.keptPage<Record<string, unknown>>(
    database,
    key,
    pageKey,
    countSql,
    pageSql,
  );
  return {
    data: rows.map(summaryOf),
    meta: cappedMeta(query.page, query.limit, rows.length, counted, cap),
  };
}

/** One expert with hours, exceptions and published programs (the owner also sees unpublished ones). */
export async function detailOf(tx: Tx, actor: Actor, expertId: number): Promise<ExpertDetail> {
  const profile = await visibleProfile(tx, actor, expertId);
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${summaryColumns} from expert_profiles p join users u on u.user_id = p.user_id where p.user_id = ${expertId}`,
  );
  const calendar = await calendarOf(tx, profile);
  const programs = await listPrograms(tx, actor, { expert_id: expertId, page: 1, limit: 50 });
  return {
    ...summaryOf(row!),
    bio: profile.bio,
    buffer_minutes: profile.buffer_minutes,
    is_published: profile.is_published,
    audience: profile.tenant_id === null ? 'platform' : 'tenant',
    weekly: [...calendar.weekly],
    exceptions: [...calendar.exceptions],
    programs: programs.data,
  };
}

export async function getExpert(database: Database, actor: Actor, expertId: number) {
  return inScope(database.db, 'all', (tx) => detailOf(tx, actor, expertId));
}

export async function getMyProfile(database: Database, actor: Actor): Promise<ExpertDetail | null> {
  return inScope(database.db, 'all', async (tx) =>
    (await loadProfile(tx, actor.userId)) ? detailOf(tx, actor, actor.userId) : null,
  );
}

/** The free slots of an expert the actor may see, from `from` (default now) for `days` days. */
export async function slotsOf(
  database: Database,
  actor: Actor,
  expertId: number,
  query: { from?: string | undefined; days: number },
) {
  return inScope(database.db, 'all', async (tx) => {
    const profile = await visibleProfile(tx, actor, expertId);
    const now = new Date();
    const from = query.from ? new Date(query.from) : now;
    const horizon = now.getTime() + EXPERT_LIMITS.horizonDays * DAY;
    const to = new Date(Math.min(from.getTime() + query.days * DAY, horizon));
    if (to <= from) return { data: [], time_zone: profile.time_zone };
    const busy = await busyOf(tx, expertId, from, to);
    const slots = freeSlots(await calendarOf(tx, profile), busy, { from, to, now, max: 500 });
    return {
      data: slots.map((slot) => ({
        starts_at: slot.starts_at.toISOString(),
        ends_at: slot.ends_at.toISOString(),
      })),
      time_zone: profile.time_zone,
    };
  });
}
