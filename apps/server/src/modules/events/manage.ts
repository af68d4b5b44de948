import {
  ERROR_CODES,
  EVENT_MESSAGES,
  type EventRegistrationItem,
  type EventTicket,
  type eventRegistrationListQuery,
} from '@nexus/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import qrcode from 'qrcode-generator';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { eventsTable } from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { assertModeratesCommunity } from '../community';
import { hasEnded, issueAttendance } from './certificates';
import type { EventsContext } from './registrations';
import {
  checkCover,
  checkQuestions,
  checkShape,
  cleanHtml,
  type EventRow,
  invalid,
  iso,
  isoOrNull,
  loadEvent,
  organisedEvent,
  readableEvent,
  type Shape,
  toItem,
  type UpdateInput,
} from './service';
import { formatIn, lastEnd } from './time';
import { offerNext } from './waiting-list';

type ListInput = z.infer<typeof eventRegistrationListQuery>;
const conflict = (message: string, details?: unknown) =>
  new AppError(ERROR_CODES.conflict, 409, message, details);

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The event if the caller organises it (read across tenants; 404 or 403 otherwise). */
export async function eventOrganisedBy(context: EventsContext, actor: Actor, id: number): Promise<EventRow> {
  return inScope(context.database.db, 'all', (tx) => organisedEvent(tx, actor, id));
}

/** Changes an event; more seats are offered at once to the people waiting. */
export async function updateEvent(context: EventsContext, actor: Actor, id: number, input: UpdateInput) {
  return inScope(context.database.db, 'all', async (tx) => {
    const current = await organisedEvent(tx, actor, id, true);
    if (input.tenant_id !== undefined && input.tenant_id !== current.tenant_id)
      throw forbidden(EVENT_MESSAGES.otherTenant);
    const shape: Shape = {
      mode: input.mode ?? current.mode,
      online_url: input.online_url === undefined ? current.online_url : input.online_url,
      venue: input.venue === undefined ? current.venue : input.venue,
      starts_at: input.starts_at ? new Date(input.starts_at) : current.starts_at,
      ends_at: input.ends_at ? new Date(input.ends_at) : current.ends_at,
      time_zone: input.time_zone ?? current.time_zone,
      rrule: input.rrule === undefined ? current.rrule : input.rrule || null,
    };
    checkShape(shape);
    checkQuestions(input.questions);
    await checkCover(tx, actor, input.cover_file_id);
    // Linking needs the target community's moderation; unlinking is the organiser's own call.
    if (input.community_id && input.community_id !== current.community_id)
      await assertModeratesCommunity(tx, actor, input.community_id);
    const capacity = input.capacity === undefined ? current.capacity : input.capacity;
    if (capacity !== null && capacity < current.seats_taken)
      throw invalid('capacity', EVENT_MESSAGES.capacityBelowTaken);
    const changes: Record<string, unknown> = {
      ...shape,
      last_ends_at: lastEnd(shape),
      capacity,
      modified_by: actor.userId,
      modified_at: new Date(),
    };
    for (const key of [
      'title',
      'summary',
      'visibility',
      'status',
      'requires_approval',
      'questions',
      'offer_hours',
      'cover_file_id',
      'community_id',
    ] as const) {
      if (input[key] !== undefined) changes[key] = input[key];
    }
    if (input.description !== undefined) changes.description = cleanHtml(input.description);
    await tx
      .update(eventsTable)
      .set(changes as never)
      .where(eq(eventsTable.event_id, id));
    if (capacity === null || capacity > current.seats_taken) await offerNext(tx, context, id);
    // Attendees hear of a new start, and their reminders follow it (the job, after this commits).
    if (shape.starts_at.getTime() !== current.starts_at.getTime()) {
      await context.jobs.enqueue(tx, 'events.moved', {
        event_id: id,
        starts_at: shape.starts_at.toISOString(),
      });
    }
    return toItem((await loadEvent(tx, id))!, actor, null, true);
  });
}

/** Soft-deletes an event the caller organises. */
export async function deleteEvent(context: EventsContext, actor: Actor, id: number) {
  return inScope(context.database.db, 'all', async (tx) => {
    await organisedEvent(tx, actor, id, true);
    await tx.execute(sql`update events set is_deleted = true, deleted_at = now(), deleted_by = ${actor.userId},
      modified_at = now() where event_id = ${id}`);
    return { event_id: id };
  });
}

const answersOf = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, string>) : {};

function toRegistration(row: Record<string, unknown>): EventRegistrationItem {
  return {
    registration_id: row.registration_id as number,
    event_id: row.event_id as number,
    user_id: row.user_id as number,
    name: row.name as string,
    email: (row.email as string | null) ?? null,
    status: row.status as EventRegistrationItem['status'],
    answers: answersOf(row.answers),
    waiting_since: isoOrNull(row.waiting_since),
    offer_expires_at: isoOrNull(row.offer_expires_at),
    checked_in_at: isoOrNull(row.checked_in_at),
    created_at: iso(row.created_at),
  };
}

const NAME = sql.raw(`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username)`);

function registrationWhere(eventId: number, query: { search?: string; status?: string }) {
  const parts: SQL[] = [sql`r.event_id = ${eventId}`];
  if (query.status) parts.push(sql`r.status = ${query.status}`);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(${NAME} ilike ${pattern} or u.email ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

/** The organisers' list of registrations, with answers; waiting people in their order. */
export async function listRegistrations(context: EventsContext, event: EventRow, query: ListInput) {
  const where = registrationWhere(event.event_id, query);
  return inScope(context.database.db, 'all', async (tx) => {
    const [counted] = await rows<{ total: number }>(
      tx,
      sql`select count(*)::int as total from event_registrations r join users u on u.user_id = r.user_id where ${where}`,
    );
    const total = counted?.total ?? 0;
    const found = await rows<Record<string, unknown>>(
      tx,
      sql`select r.*, ${NAME} as name, u.email from event_registrations r join users u on u.user_id = r.user_id
        where ${where}
        order by case r.status when 'waiting' then 1 else 0 end, r.waiting_since nulls first, r.registration_id
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    );
    return {
      data: found.map(toRegistration),
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

const csvCell = (value: string) => {
  // A leading =, +, - or @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Every registration as CSV: name, email, status, dates, then one column per question. */
export async function exportCsv(context: EventsContext, event: EventRow): Promise<string> {
  const all = await inScope(context.database.db, 'all', (tx) =>
    rows<Record<string, unknown>>(
      tx,
      sql`select r.*, ${NAME} as name, u.email from event_registrations r join users u on u.user_id = r.user_id
        where r.event_id = ${event.event_id} order by r.registration_id`,
    ),
  );
  const header = [
    'name',
    'email',
    'status',
    'registered_at',
    'checked_in_at',
    ...event.questions.map((q) => q.label),
  ];
  const lines = [header.map(csvCell).join(',')];
  for (const row of all.map(toRegistration)) {
    lines.push(
      [
        row.name,
        row.email ?? '',
        row.status,
        row.created_at,
        row.checked_in_at ?? '',
        ...event.questions.map((q) => row.answers[q.question_id] ?? ''),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The QR code of a ticket: an SVG and its matrix (rows of 0 and 1), error correction M. */
export function qrOf(code: string): { svg: string; matrix: string[] } {
  const qr = qrcode(0, 'M');
  qr.addData(code);
  qr.make();
  const count = qr.getModuleCount();
  const matrix: string[] = [];
  for (let row = 0; row < count; row += 1) {
    let line = '';
    for (let col = 0; col < count; col += 1) line += qr.isDark(row, col) ? '1' : '0';
    matrix.push(line);
  }
  return { svg: qr.createSvgTag({ cellSize: 6, margin: 4, scalable: true }), matrix };
}

/** The caller's ticket for an event: only a confirmed registration has one. */
export async function getTicket(context: EventsContext, actor: Actor, eventId: number): Promise<EventTicket> {
  await readableEvent(context.database, actor, eventId);
  const [reg] = await inScope(context.database.db, 'all', (tx) =>
    rows<Record<string, unknown>>(
      tx,
      sql`select * from event_registrations where event_id = ${eventId} and user_id = ${actor.userId}
        and status = 'confirmed'`,
    ),
  );
  if (!reg) throw notFound(EVENT_MESSAGES.registrationNotFound);
  const code = reg.ticket_code as string;
  return {
    registration_id: reg.registration_id as number,
    event_id: eventId,
    ticket_code: code,
    ...qrOf(code),
    checked_in_at: isoOrNull(reg.checked_in_at),
  };
}

async function countOf(tx: Tx, eventId: number) {
  const [row] = await rows<{ checked_in: number; confirmed: number }>(
    tx,
    sql`select count(*) filter (where checked_in_at is not null)::int as checked_in,
      count(*)::int as confirmed from event_registrations where event_id = ${eventId} and status = 'confirmed'`,
  );
  return { event_id: eventId, checked_in: row?.checked_in ?? 0, confirmed: row?.confirmed ?? 0 };
}

export async function checkInCount(context: EventsContext, event: EventRow) {
  return inScope(context.database.db, 'all', (tx) => countOf(tx, event.event_id));
}

/**
 * Checks a ticket in once: a conditional update (only when not yet checked in), so two scans at the
 * same moment check in one and answer the other with 409 and the time the ticket was used.
 */
export async function checkIn(
  context: EventsContext,
  actor: Actor,
  event: EventRow,
  by: { ticket_code?: string; registration_id?: number },
) {
  const match =
    by.ticket_code !== undefined
      ? sql`ticket_code = ${by.ticket_code}`
      : sql`registration_id = ${by.registration_id}`;
  return inScope(context.database.db, 'all', async (tx) => {
    const [done] = await rows<{ registration_id: number; user_id: number; checked_in_at: Date }>(
      tx,
      sql`update event_registrations set checked_in_at = now(), checked_in_by = ${actor.userId}, modified_at = now()
        where event_id = ${event.event_id} and ${match} and status = 'confirmed' and checked_in_at is null
        returning registration_id, user_id, checked_in_at`,
    );
    if (!done) {
      const [found] = await rows<{ status: string; checked_in_at: Date | null }>(
        tx,
        sql`select status, checked_in_at from event_registrations where event_id = ${event.event_id} and ${match}`,
      );
      if (!found) throw notFound(EVENT_MESSAGES.ticketUnknown);
      if (found.status !== 'confirmed') throw conflict(EVENT_MESSAGES.ticketNotConfirmed);
      const when = new Date(iso(found.checked_in_at));
      throw conflict(EVENT_MESSAGES.ticketUsed(formatIn(when, event.time_zone)), {
        checked_in_at: when.toISOString(),
      });
    }
    const [person] = await rows<{ name: string }>(
      tx,
      sql`select ${NAME} as name from users u where u.user_id = ${done.user_id}`,
    );
    // A check-in after the end (late scanning, or by search afterwards) earns the certificate at once.
    if (hasEnded(event)) await issueAttendance(tx, context.origin, event, [done.user_id]);
    const count = await countOf(tx, event.event_id);
    return {
      registration_id: done.registration_id,
      name: person?.name ?? '',
      checked_in_at: iso(done.checked_in_at),
      checked_in_count: count.checked_in,
      message: EVENT_MESSAGES.checkedIn,
    };
  });
}
