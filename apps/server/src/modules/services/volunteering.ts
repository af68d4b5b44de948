import {
  ERROR_CODES,
  type OpportunityDetail,
  type OpportunityItem,
  type opportunityCreate,
  type opportunitySearchQuery,
  type SignupStatus,
  VOLUNTEERING_LIMITS,
  VOLUNTEERING_MESSAGES,
  type VolunteerCause,
  type VolunteerHours,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { inScope } from '../../db/scope';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { profileVisibleTo } from '../profiles';
import { organiserTenant, organises } from './policy';

type CreateInput = z.infer<typeof opportunityCreate>;
type SearchInput = z.infer<typeof opportunitySearchQuery>;

const conflict = (message: string) => new AppError(ERROR_CODES.conflict, 409, message);
const invalid = (path: string, message: string) => badRequest(message, [{ in: 'body', path, message }]);
const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const HOUR = 3_600_000;

/** Places a shift still has: its capacity less every sign-up not cancelled. */
const TAKEN_TEXT = `(select count(*) from volunteer_signups v where v.shift_id = s.shift_id and v.status <> 'cancelled')`;
const TAKEN = sql.raw(TAKEN_TEXT);

interface ItemRow {
  opportunity_id: number;
  tenant_id: number;
  organisation: string;
  title: string;
  description: string;
  cause: VolunteerCause;
  location: string;
  next_shift_at: unknown;
  upcoming_shifts: number;
  open_places: number;
}

const ITEM_SELECT = sql.raw(`o.opportunity_id, o.tenant_id, t.tenant_name as organisation, o.title,
  o.description, o.cause, o.location,
  min(s.starts_at) filter (where s.starts_at > now()) as next_shift_at,
  (count(s.shift_id) filter (where s.starts_at > now()))::int as upcoming_shifts,
  coalesce(sum(greatest(s.capacity - ${TAKEN_TEXT}, 0))
    filter (where s.starts_at > now()), 0)::int as open_places`);
const ITEM_FROM = sql.raw(`volunteer_opportunities o join tenants t on t.tenant_id = o.tenant_id
  left join volunteer_shifts s on s.opportunity_id = o.opportunity_id`);

function toItem(row: ItemRow): OpportunityItem {
  const text = row.description.replace(/\s+/g, ' ').trim();
  return {
    opportunity_id: row.opportunity_id,
    tenant_id: row.tenant_id,
    organisation: row.organisation,
    title: row.title,
    summary: text.length > 200 ? `${text.slice(0, 200).trimEnd()}…` : text,
    cause: row.cause,
    location: row.location,
    next_shift_at: row.next_shift_at ? iso(row.next_shift_at) : null,
    upcoming_shifts: row.upcoming_shifts,
    open_places: row.open_places,
  };
}

/**
 * The board every signed-in person browses (opportunities are published for volunteers of any
 * organisation): words, cause and a first day, soonest shift first, those with none ahead last.
 */
export async function searchOpportunities(database: Database, query: SearchInput) {
  const parts: SQL[] = [sql`o.is_deleted = false`];
  if (query.search) {
    const pattern = escapeLike(query.search);
    parts.push(
      sql`(o.title ilike ${pattern} or o.description ilike ${pattern} or o.location ilike ${pattern})`,
    );
  }
  if (query.cause) parts.push(sql`o.cause = ${query.cause}`);
  if (query.from)
    parts.push(sql`exists (select 1 from volunteer_shifts f where f.opportunity_id = o.opportunity_id
      and f.starts_at >= ${query.from}::date)`);
  const where = sql.join(parts, sql` and `);
  const [rows, counted] = await Promise.all([
    database.read<ItemRow>(
      sql`select ${ITEM_SELECT} from ${ITEM_FROM} where ${where}
        group by o.opportunity_id, t.tenant_name
        order by next_shift_at asc nulls last, o.opportunity_id desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
      false,
      'all',
    ),
    database.read<{ total: number }>(
      sql`select count(*)::int as total from volunteer_opportunities o where ${where}`,
      false,
      'all',
    ),
  ]);
  const total = counted[0]?.total ?? 0;
  return {
    data: rows.map(toItem),
    meta: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
      totalExact: true,
    },
  };
}

/** One opportunity with its shifts, the places taken and the caller's own sign-up on each. */
export async function getOpportunity(
  database: Database,
  actor: Actor,
  opportunityId: number,
): Promise<OpportunityDetail> {
  const [row] = await database.read<ItemRow>(
    sql`select ${ITEM_SELECT} from ${ITEM_FROM}
      where o.opportunity_id = ${opportunityId} and o.is_deleted = false
      group by o.opportunity_id, t.tenant_name`,
    false,
    'all',
  );
  if (!row) throw notFound(VOLUNTEERING_MESSAGES.opportunityNotFound);
  const shifts = await database.read<{
    shift_id: number;
    starts_at: unknown;
    ends_at: unknown;
    capacity: number;
    taken: number;
    signup_id: number | null;
    status: SignupStatus | null;
  }>(
    sql`select s.shift_id, s.starts_at, s.ends_at, s.capacity, ${TAKEN}::int as taken,
        m.signup_id, m.status
      from volunteer_shifts s
      left join volunteer_signups m on m.shift_id = s.shift_id and m.user_id = ${actor.userId}
      where s.opportunity_id = ${opportunityId} order by s.starts_at, s.shift_id`,
    false,
    'all',
  );
  return {
    ...toItem(row),
    description: row.description,
    can_manage: organises(actor, row.tenant_id),
    shifts: shifts.map((shift) => ({
      shift_id: shift.shift_id,
      starts_at: iso(shift.starts_at),
      ends_at: iso(shift.ends_at),
      capacity: shift.capacity,
      taken: shift.taken,
      my_signup:
        shift.signup_id && shift.status ? { signup_id: shift.signup_id, status: shift.status } : null,
    })),
  };
}

/** Publishes an opportunity with its shifts in the caller's organisation, all or nothing. */
export async function createOpportunity(database: Database, actor: Actor, input: CreateInput) {
  const tenantId = organiserTenant(actor);
  input.shifts.forEach((shift, index) => {
    const start = new Date(shift.starts_at).getTime();
    const end = new Date(shift.ends_at).getTime();
    if (start <= Date.now()) throw invalid(`shifts.${index}.starts_at`, VOLUNTEERING_MESSAGES.startsInPast);
    if (end <= start) throw invalid(`shifts.${index}.ends_at`, VOLUNTEERING_MESSAGES.endsBeforeStart);
    if (end - start > VOLUNTEERING_LIMITS.shiftMaxHours * HOUR)
      throw invalid(`shifts.${index}.ends_at`, VOLUNTEERING_MESSAGES.tooLong);
  });
  const id = await inScope(database.db, tenantId, async (tx) => {
    const [row] = await queryRows<{ opportunity_id: number }>(
      tx,
      sql`insert into volunteer_opportunities (tenant_id, title, description, cause, location, created_by, modified_by)
        values (${tenantId}, ${input.title}, ${input.description}, ${input.cause}, ${input.location},
          ${actor.userId}, ${actor.userId}) returning opportunity_id`,
    );
    if (!row) throw new Error('insert returned nothing');
    await tx.execute(
      sql`insert into volunteer_shifts (opportunity_id, tenant_id, starts_at, ends_at, capacity) values ${sql.join(
        input.shifts.map(
          (shift) =>
            sql`(${row.opportunity_id}, ${tenantId}, ${shift.starts_at}::timestamptz, ${shift.ends_at}::timestamptz, ${shift.capacity})`,
        ),
        sql`, `,
      )}`,
    );
    return row.opportunity_id;
  });
  return getOpportunity(database, actor, id);
}

/**
 * Takes a place on a shift. The shift row is locked before the places are counted, so two sign-ups
 * for the last place run one after the other and the second finds the shift full: the capacity
 * holds however many arrive at once. A cancelled sign-up of the same person is taken up again.
 */
export async function signUp(database: Database, actor: Actor, shiftId: number) {
  return inScope(database.db, 'all', async (tx) => {
    const [shift] = await queryRows<{
      shift_id: number;
      tenant_id: number;
      capacity: number;
      starts_at: unknown;
    }>(
      tx,
      sql`select s.shift_id, s.tenant_id, s.capacity, s.starts_at from volunteer_shifts s
        join volunteer_opportunities o on o.opportunity_id = s.opportunity_id
        where s.shift_id = ${shiftId} and o.is_deleted = false for update of s`,
    );
    if (!shift) throw notFound(VOLUNTEERING_MESSAGES.shiftNotFound);
    if (new Date(iso(shift.starts_at)).getTime() <= Date.now())
      throw conflict(VOLUNTEERING_MESSAGES.shiftStarted);
    const [mine] = await queryRows<{ signup_id: number; status: SignupStatus }>(
      tx,
      sql`select signup_id, status from volunteer_signups where shift_id = ${shiftId} and user_id = ${actor.userId}`,
    );
    if (mine && mine.status !== 'cancelled') throw conflict(VOLUNTEERING_MESSAGES.alreadySignedUp);
    const [count] = await queryRows<{ taken: number }>(
      tx,
      sql`select count(*)::int as taken from volunteer_signups where shift_id = ${shiftId} and status <> 'cancelled'`,
    );
    if ((count?.taken ?? 0) >= shift.capacity) throw conflict(VOLUNTEERING_MESSAGES.full);
    const [row] = mine
      ? await queryRows<{ signup_id: number }>(
          tx,
          sql`update volunteer_signups set status = 'signed_up', hours = null, recorded_by = null,
            modified_at = now() where signup_id = ${mine.signup_id} returning signup_id`,
        )
      : await queryRows<{ signup_id: number }>(
          tx,
          sql`insert into volunteer_signups (shift_id, tenant_id, user_id)
            values (${shiftId}, ${shift.tenant_id}, ${actor.userId}) returning signup_id`,
        );
    if (!row) throw new Error('sign-up returned nothing');
    return {
      data: { signup_id: row.signup_id, shift_id: shiftId, status: 'signed_up' as const, hours: null },
      message: VOLUNTEERING_MESSAGES.signedUp,
    };
  });
}

async function signupRow(tx: Tx, signupId: number) {
  const [row] = await queryRows<{
    signup_id: number;
    shift_id: number;
    tenant_id: number;
    user_id: number;
    status: SignupStatus;
    starts_at: unknown;
    ends_at: unknown;
  }>(
    tx,
    sql`select v.signup_id, v.shift_id, v.tenant_id, v.user_id, v.status, s.starts_at, s.ends_at
      from volunteer_signups v join volunteer_shifts s on s.shift_id = v.shift_id
      where v.signup_id = ${signupId} for update of v`,
  );
  return row;
}

/** Cancels the caller's own sign-up before the shift starts; anyone else's does not exist (404). */
export async function cancelSignup(database: Database, actor: Actor, signupId: number) {
  return inScope(database.db, 'all', async (tx) => {
    const row = await signupRow(tx, signupId);
    if (!row || row.user_id !== actor.userId) throw notFound(VOLUNTEERING_MESSAGES.signupNotFound);
    if (row.status !== 'signed_up') throw conflict(VOLUNTEERING_MESSAGES.cancelled);
    if (new Date(iso(row.starts_at)).getTime() <= Date.now())
      throw conflict(VOLUNTEERING_MESSAGES.shiftStarted);
    await tx.execute(
      sql`update volunteer_signups set status = 'cancelled', modified_at = now() where signup_id = ${signupId}`,
    );
    return {
      data: { signup_id: signupId, shift_id: row.shift_id, status: 'cancelled' as const, hours: null },
    };
  });
}

/**
 * The organiser records who came and for how long (the shift's length unless told otherwise);
 * to anyone but the organiser the sign-up does not exist (404).
 */
export async function recordHours(
  database: Database,
  actor: Actor,
  signupId: number,
  input: { attended: boolean; hours?: number | undefined },
) {
  return inScope(database.db, 'all', async (tx) => {
    const row = await signupRow(tx, signupId);
    if (!row || !organises(actor, row.tenant_id)) throw notFound(VOLUNTEERING_MESSAGES.signupNotFound);
    if (row.status === 'cancelled') throw conflict(VOLUNTEERING_MESSAGES.cancelled);
    const start = new Date(iso(row.starts_at)).getTime();
    if (start > Date.now()) throw conflict(VOLUNTEERING_MESSAGES.notStartedYet);
    const length = Math.round(((new Date(iso(row.ends_at)).getTime() - start) / HOUR) * 4) / 4;
    const hours = input.attended ? (input.hours ?? length) : null;
    if (hours !== null && hours > length) throw invalid('hours', VOLUNTEERING_MESSAGES.hoursTooMany);
    const status = input.attended ? 'attended' : 'absent';
    await tx.execute(
      sql`update volunteer_signups set status = ${status}, hours = ${hours}, recorded_by = ${actor.userId},
        modified_at = now() where signup_id = ${signupId}`,
    );
    return { data: { signup_id: signupId, shift_id: row.shift_id, status: status as SignupStatus, hours } };
  });
}

/** The volunteers of each shift of an opportunity, for its organiser only (404 to anyone else). */
export async function roster(database: Database, actor: Actor, opportunityId: number) {
  const [opportunity] = await database.read<{ tenant_id: number }>(
    sql`select tenant_id from volunteer_opportunities where opportunity_id = ${opportunityId} and is_deleted = false`,
    false,
    'all',
  );
  if (!opportunity || !organises(actor, opportunity.tenant_id))
    throw notFound(VOLUNTEERING_MESSAGES.opportunityNotFound);
  const rows = await database.read<{
    shift_id: number;
    starts_at: unknown;
    ends_at: unknown;
    capacity: number;
    volunteers:
      | { signup_id: number; user_id: number; name: string; status: SignupStatus; hours: number | null }[]
      | null;
  }>(
    sql`select s.shift_id, s.starts_at, s.ends_at, s.capacity,
        (select jsonb_agg(jsonb_build_object('signup_id', v.signup_id, 'user_id', v.user_id, 'status', v.status,
            'hours', v.hours::float8, 'name', coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' ||
            coalesce(u.last_name, '')), ''), u.username)) order by v.created_at)
          from volunteer_signups v join users u on u.user_id = v.user_id
          where v.shift_id = s.shift_id and v.status <> 'cancelled') as volunteers
      from volunteer_shifts s where s.opportunity_id = ${opportunityId} order by s.starts_at, s.shift_id`,
    false,
    'all',
  );
  return {
    data: rows.map((row) => ({
      shift_id: row.shift_id,
      starts_at: iso(row.starts_at),
      ends_at: iso(row.ends_at),
      capacity: row.capacity,
      volunteers: (row.volunteers ?? []).map((v) => ({ ...v, shift_id: row.shift_id })),
    })),
  };
}

async function hoursSummary(database: Database, userId: number): Promise<VolunteerHours> {
  const [totals, recent] = await Promise.all([
    database.read<{ total_hours: number; shifts_attended: number }>(
      sql`select coalesce(sum(hours), 0)::float8 as total_hours, count(*)::int as shifts_attended
        from volunteer_signups where user_id = ${userId} and status = 'attended'`,
      false,
      'all',
    ),
    database.read<{ title: string; organisation: string; starts_at: unknown; hours: number }>(
      sql`select o.title, t.tenant_name as organisation, s.starts_at, coalesce(v.hours, 0)::float8 as hours
        from volunteer_signups v join volunteer_shifts s on s.shift_id = v.shift_id
        join volunteer_opportunities o on o.opportunity_id = s.opportunity_id
        join tenants t on t.tenant_id = o.tenant_id
        where v.user_id = ${userId} and v.status = 'attended'
        order by s.starts_at desc limit ${VOLUNTEERING_LIMITS.recentShifts}`,
      false,
      'all',
    ),
  ]);
  return {
    total_hours: totals[0]?.total_hours ?? 0,
    shifts_attended: totals[0]?.shifts_attended ?? 0,
    recent: recent.map((row) => ({ ...row, starts_at: iso(row.starts_at) })),
  };
}

/** The caller's own shifts, newest first, and their hours. */
export async function myShifts(database: Database, actor: Actor) {
  const rows = await database.read<Record<string, unknown>>(
    sql`select v.signup_id, v.shift_id, v.status, v.hours::float8 as hours, o.opportunity_id, o.title,
        t.tenant_name as organisation, o.location, s.starts_at, s.ends_at
      from volunteer_signups v join volunteer_shifts s on s.shift_id = v.shift_id
      join volunteer_opportunities o on o.opportunity_id = s.opportunity_id
      join tenants t on t.tenant_id = o.tenant_id
      where v.user_id = ${actor.userId} order by s.starts_at desc limit 200`,
    false,
    'all',
  );
  return {
    data: rows.map((row) => ({
      ...row,
      starts_at: iso(row.starts_at),
      ends_at: iso(row.ends_at),
    })) as never[],
    hours: await hoursSummary(database, actor.userId),
  };
}

/**
 * A volunteer's hours for their profile page (/volunteer-profile/{UserId}), as their profile's
 * privacy allows: a profile the viewer may not see answers 404, like a missing one.
 */
export async function volunteerHoursOf(database: Database, viewer: Actor, userId: number) {
  const [visible] = await database.read<{ user_id: number }>(
    sql`select u.user_id from users u where u.user_id = ${userId} and u.is_deleted = false
      and ${profileVisibleTo(viewer)}`,
    false,
    'all',
  );
  if (!visible) throw notFound(VOLUNTEERING_MESSAGES.volunteerNotFound);
  return { data: await hoursSummary(database, userId) };
}
