import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  EVENT_LIMITS,
  EVENT_MESSAGES,
  type EventQuestion,
  type EventRegistrationStatus,
  type MyEventRegistration,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { inScope, type TenantScope } from '../../db/scope';
import { AppError, badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import type { Jobs } from '../../kernel/jobs';
import { attendanceCertificatePath } from './certificates';
import { confirmationMail, inviteIcs, movedMail, offerMail, reminderMail } from './mail';
import {
  COLUMNS,
  dated,
  type EventRow,
  iso,
  isoOrNull,
  loadEvent,
  readableEvent,
  readableEventIn,
} from './service';
import { HOUR } from './time';

/** What the registration flow needs besides the database: the queue (mails, offers, reminders). */
export interface EventsContext {
  database: Database;
  jobs: Jobs;
  origin: string;
}

const conflict = (message: string, details?: unknown) =>
  new AppError(ERROR_CODES.conflict, 409, message, details);
const scopeOfTenant = (tenantId: number | null): TenantScope => tenantId ?? 'main';
/** 24 random bytes: what the QR code carries and the scanner reads back. */
export const newTicketCode = () => randomBytes(24).toString('base64url');

/** Registrations that hold a seat (they count in `seats_taken`). */
const HOLDS_SEAT: readonly EventRegistrationStatus[] = ['pending', 'confirmed', 'offered'];

interface RegRow {
  registration_id: number;
  event_id: number;
  tenant_id: number | null;
  user_id: number;
  status: EventRegistrationStatus;
  answers: Record<string, string>;
  ticket_code: string | null;
  waiting_since: Date | null;
  offer_expires_at: Date | null;
  checked_in_at: Date | null;
  created_at: Date;
}

async function rows<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Checks the answers against the event's questions: required ones given, choices among the offered. */
export function validateAnswers(questions: EventQuestion[], answers: Record<string, string>) {
  const known = new Map(questions.map((question) => [question.question_id, question]));
  const issues: { in: string; path: string; message: string }[] = [];
  for (const key of Object.keys(answers)) {
    if (!known.has(key))
      issues.push({ in: 'body', path: `answers.${key}`, message: EVENT_MESSAGES.unknownQuestion });
  }
  const clean: Record<string, string> = {};
  for (const question of questions) {
    const value = (answers[question.question_id] ?? '').trim();
    const path = `answers.${question.question_id}`;
    if (value === '') {
      if (question.required) issues.push({ in: 'body', path, message: EVENT_MESSAGES.answerRequired });
      continue;
    }
    if (value.length > EVENT_LIMITS.answerMax)
      issues.push({ in: 'body', path, message: EVENT_MESSAGES.tooLong });
    else if (question.kind === 'choice' && !question.choices.includes(value))
      issues.push({ in: 'body', path, message: EVENT_MESSAGES.unknownChoice });
    else clean[question.question_id] = value;
  }
  if (issues.length > 0) throw badRequest(issues[0]!.message, issues);
  return clean;
}

async function personOf(tx: Tx, userId: number) {
  const [person] = await rows<{ email: string; name: string }>(
    tx,
    sql`select email, coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), username) as name
      from users where user_id = ${userId}`,
  );
  return person;
}

/** Takes one seat if one is free: a conditional update on the event row (never above capacity). */
async function takeSeat(tx: Tx, eventId: number): Promise<boolean> {
  const taken = await rows(
    tx,
    sql`update events set seats_taken = seats_taken + 1
      where event_id = ${eventId} and (capacity is null or seats_taken < capacity) returning event_id`,
  );
  return taken.length > 0;
}

async function releaseSeat(tx: Tx, eventId: number) {
  await tx.execute(
    sql`update events set seats_taken = greatest(seats_taken - 1, 0) where event_id = ${eventId}`,
  );
}

const payloadOf = (reg: {
  registration_id: number;
  event_id: number;
  user_id: number;
  tenant_id: number | null;
}) => ({
  registration_id: reg.registration_id,
  event_id: reg.event_id,
  user_id: reg.user_id,
  tenant_id: reg.tenant_id,
});

/**
 * Confirms a registration holding a seat: its ticket and the `event.registration.confirmed` event.
 * The invite mail and the reminders follow from that event (`confirmationEffects`), outside the
 * registering transaction, so the event row's lock is held for a few statements only.
 */
async function confirm(tx: Tx, reg: RegRow): Promise<string> {
  const [row] = await rows<{ ticket_code: string }>(
    tx,
    sql`update event_registrations set status = 'confirmed', offer_expires_at = null, waiting_since = null,
      ticket_code = coalesce(ticket_code, ${newTicketCode()}), confirmed_at = now(), modified_at = now()
      where registration_id = ${reg.registration_id} returning ticket_code`,
  );
  await recordEvent(tx, 'event.registration.confirmed', payloadOf(reg));
  return row!.ticket_code;
}

/** On `event.registration.confirmed`: the confirmation mail with its invite, and the two reminders. */
export async function confirmationEffects(tx: Tx, context: EventsContext, registrationId: number) {
  // One read: the event of the registration (still confirmed) and the person's address.
  const [found] = await rows<Record<string, unknown>>(
    tx,
    sql`select ${COLUMNS}, u.email as person_email from event_registrations r
      join events e on e.event_id = r.event_id and e.is_deleted = false
      left join users u on u.user_id = r.user_id
      where r.registration_id = ${registrationId} and r.status = 'confirmed'`,
  );
  if (!found) return;
  const event = dated(found);
  const email = found.person_email as string | null;
  if (email) {
    await context.jobs.enqueue(tx, 'mail.send', {
      to: email,
      ...confirmationMail(event, context.origin),
      ics: inviteIcs(event, context.origin),
      meta: { kind: 'event.confirmation', event_id: event.event_id },
    });
  }
  await planReminders(tx, context, registrationId, event.starts_at);
}

/** The day and hour reminders of one registration for an event starting at `startsAt`, those still ahead. */
async function planReminders(tx: Tx, context: EventsContext, registrationId: number, startsAt: Date) {
  const now = Date.now();
  for (const [kind, before] of [
    ['day', 24 * HOUR],
    ['hour', HOUR],
  ] as const) {
    const at = startsAt.getTime() - before;
    if (at <= now) continue;
    await context.jobs.enqueue(
      tx,
      'events.reminder',
      { registration_id: registrationId, kind, starts_at: startsAt.toISOString() },
      { startAfter: new Date(at) },
    );
  }
}

/**
 * The `events.moved` job: the event now starts at `starts_at`. Each confirmed attendee is mailed the
 * new time with an updated invite (same UIDs, so calendars move the entry), and their reminders are
 * planned again; the old reminder jobs still carry the old start and so send nothing. A job that
 * finds the event moved again since leaves it to the later job.
 */
export async function tellEventMoved(context: EventsContext, job: { event_id: number; starts_at: string }) {
  await inScope(context.database.db, 'all', async (tx) => {
    const event = await loadEvent(tx, job.event_id);
    if (!event || event.starts_at.toISOString() !== job.starts_at) return;
    const attendees = await rows<{ registration_id: number; email: string | null }>(
      tx,
      sql`select r.registration_id, u.email from event_registrations r
        left join users u on u.user_id = r.user_id
        where r.event_id = ${event.event_id} and r.status = 'confirmed' order by r.registration_id`,
    );
    for (const attendee of attendees) {
      if (event.status === 'published' && attendee.email) {
        await context.jobs.enqueue(tx, 'mail.send', {
          to: attendee.email,
          ...movedMail(event, context.origin),
          ics: inviteIcs(event, context.origin),
          meta: { kind: 'event.moved', event_id: event.event_id },
        });
      }
      await planReminders(tx, context, attendee.registration_id, event.starts_at);
    }
  });
}

/**
 * Offers freed seats to the people waiting, first come first served, while seats are free. Each
 * offer holds its seat until it expires (the `events.offer.expire` job) or is answered.
 */
export async function offerNext(tx: Tx, context: EventsContext, eventId: number): Promise<number> {
  let offered = 0;
  for (;;) {
    const [next] = await rows<RegRow>(
      tx,
      sql`select * from event_registrations where event_id = ${eventId} and status = 'waiting'
        order by waiting_since, registration_id limit 1 for update skip locked`,
    );
    if (!next) return offered;
    if (!(await takeSeat(tx, eventId))) return offered;
    const event = (await loadEvent(tx, eventId))!;
    const expiresAt = new Date(Date.now() + event.offer_hours * HOUR);
    await tx.execute(sql`update event_registrations set status = 'offered', offer_expires_at = ${expiresAt.toISOString()}::timestamptz,
      modified_at = now() where registration_id = ${next.registration_id}`);
    await recordEvent(tx, 'event.registration.offered', {
      ...payloadOf(next),
      expires_at: expiresAt.toISOString(),
    });
    await context.jobs.enqueue(
      tx,
      'events.offer.expire',
      { registration_id: next.registration_id },
      { startAfter: expiresAt },
    );
    const person = await personOf(tx, next.user_id);
    if (person)
      await context.jobs.enqueue(tx, 'mail.send', {
        to: person.email,
        ...offerMail(event, context.origin, expiresAt),
        meta: { kind: 'event.offer', event_id: eventId },
      });
    offered += 1;
  }
}

async function waitingPosition(tx: Tx, reg: RegRow): Promise<number | null> {
  if (reg.status !== 'waiting') return null;
  const [row] = await rows<{ n: number }>(
    tx,
    // Compared with the row itself: a JavaScript Date would drop PostgreSQL's microseconds.
    sql`select count(*)::int as n from event_registrations w join event_registrations me
      on me.registration_id = ${reg.registration_id} and w.event_id = me.event_id
      where w.status = 'waiting' and (w.waiting_since, w.registration_id) <= (me.waiting_since, me.registration_id)`,
  );
  return row?.n ?? null;
}

const MESSAGE_OF: Partial<Record<EventRegistrationStatus, string>> = {
  confirmed: EVENT_MESSAGES.registered,
  waiting: EVENT_MESSAGES.waiting,
  pending: EVENT_MESSAGES.pending,
  cancelled: EVENT_MESSAGES.cancelled,
};

async function mine(tx: Tx, event: EventRow, userId: number): Promise<MyEventRegistration | null> {
  const [reg] = await rows<RegRow>(
    tx,
    sql`select * from event_registrations where event_id = ${event.event_id} and user_id = ${userId}
      order by registration_id desc limit 1`,
  );
  if (!reg) return null;
  const message = MESSAGE_OF[reg.status];
  return {
    registration_id: reg.registration_id,
    event_id: reg.event_id,
    user_id: reg.user_id,
    status: reg.status,
    answers: reg.answers ?? {},
    ticket_code: reg.status === 'confirmed' ? reg.ticket_code : null,
    waiting_position: await waitingPosition(tx, reg),
    offer_expires_at: isoOrNull(reg.offer_expires_at),
    checked_in_at: isoOrNull(reg.checked_in_at),
    created_at: iso(reg.created_at),
    online_url: reg.status === 'confirmed' && event.mode === 'online' ? event.online_url : null,
    ...(message ? { message } : {}),
  };
}

/** The caller's registration to a visible event; 404 when none. */
export async function getMyRegistration(context: EventsContext, actor: Actor, eventId: number) {
  const { row: event } = await readableEvent(context.database, actor, eventId);
  return inScope(context.database.db, 'all', async (tx) => {
    const found = await mine(tx, event, actor.userId);
    if (!found) throw notFound(EVENT_MESSAGES.registrationNotFound);
    return { ...found, certificate_path: await attendanceCertificatePath(tx, event.event_id, actor.userId) };
  });
}

/**
 * Registers the caller: a seat if one is free (confirmed, or pending when the organiser approves),
 * else the waiting list. The seat is taken by a conditional update of the event row in this
 * transaction, so concurrent registrations never confirm more people than seats.
 */
/**
 * At most this many registrations of one process run at once; the rest wait their turn in memory.
 * They all queue on one event row anyway, and a burst of hundreds would otherwise wait on the
 * connection pool, whose wait is bounded (the database's 503), not in this queue, which is not.
 */
const REGISTRATION_SLOTS = 6;
let running = 0;
const queued: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= REGISTRATION_SLOTS) await new Promise<void>((resolve) => queued.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = queued.shift();
    if (next) next();
    else running -= 1;
  }
}

export function register(
  context: EventsContext,
  actor: Actor,
  eventId: number,
  answers: Record<string, string>,
): Promise<MyEventRegistration> {
  return inTurn(() => registerNow(context, actor, eventId, answers));
}

async function registerNow(
  context: EventsContext,
  actor: Actor,
  eventId: number,
  answers: Record<string, string>,
): Promise<MyEventRegistration> {
  try {
    // One transaction and one connection per registration: a burst queues on the pool no longer
    // than it must. Read across tenants (the row names the event's tenant; RLS checks the writes).
    return await inScope(context.database.db, 'all', async (tx) => {
      const event = await readableEventIn(tx, actor, eventId);
      if (event.status !== 'published') throw conflict(EVENT_MESSAGES.notPublished);
      if (event.last_ends_at.getTime() < Date.now()) throw conflict(EVENT_MESSAGES.ended);
      const clean = validateAnswers(event.questions, answers);
      // One statement takes a seat if one is free (a conditional update of the event row, which
      // serialises registrations to this event until the commit) and inserts the registration in
      // the state that follows: confirmed with its ticket, pending approval, or waiting. A second
      // live registration of the person fails the unique index, and the seat goes back with it.
      const [reg] = await rows<RegRow>(
        tx,
        sql`with seat as (
            update events set seats_taken = seats_taken + 1
            where event_id = ${eventId} and (capacity is null or seats_taken < capacity) returning event_id),
          outcome as (select case when not exists (select 1 from seat) then 'waiting'
            when ${event.requires_approval}::boolean then 'pending' else 'confirmed' end as status)
          insert into event_registrations (event_id, tenant_id, user_id, status, answers, waiting_since,
            ticket_code, confirmed_at)
          select ${eventId}::int, ${event.tenant_id}::int, ${actor.userId}::int, o.status, ${JSON.stringify(clean)}::jsonb,
            case when o.status = 'waiting' then now() end,
            case when o.status = 'confirmed' then ${newTicketCode()}::text end,
            case when o.status = 'confirmed' then now() end
          from outcome o returning *`,
      );
      const answer = (status: EventRegistrationStatus, extra: Partial<MyEventRegistration> = {}) => {
        const message = MESSAGE_OF[status];
        return {
          registration_id: reg!.registration_id,
          event_id: eventId,
          user_id: actor.userId,
          status,
          answers: clean,
          ticket_code: null,
          waiting_position: null,
          offer_expires_at: null,
          checked_in_at: null,
          created_at: iso(reg!.created_at),
          online_url: null,
          ...(message ? { message } : {}),
          ...extra,
        };
      };
      if (reg!.status === 'waiting') {
        await recordEvent(tx, 'event.registration.waiting', payloadOf(reg!));
        return answer('waiting', { waiting_position: await waitingPosition(tx, reg!) });
      }
      if (reg!.status === 'confirmed') {
        // The invite mail, the reminders and the notification follow from this event.
        await recordEvent(tx, 'event.registration.confirmed', payloadOf(reg!));
        return answer('confirmed', {
          ticket_code: reg!.ticket_code,
          online_url: event.mode === 'online' ? event.online_url : null,
        });
      }
      return answer('pending');
    });
  } catch (error) {
    // Two registrations of one person at once: the unique index refuses the second.
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw conflict(EVENT_MESSAGES.alreadyRegistered);
    throw error;
  }
}

/** Locks the caller's live registration to the event, in the event's scope. */
async function lockMine(tx: Tx, eventId: number, userId: number) {
  const [reg] = await rows<RegRow>(
    tx,
    sql`select * from event_registrations where event_id = ${eventId} and user_id = ${userId}
      and status in ('pending', 'confirmed', 'waiting', 'offered') for update`,
  );
  return reg ?? null;
}

/** The attendee cancels: a held seat is freed and offered to the next person waiting. */
export async function cancelMine(context: EventsContext, actor: Actor, eventId: number) {
  const { row: event } = await readableEvent(context.database, actor, eventId);
  return inScope(context.database.db, scopeOfTenant(event.tenant_id), async (tx) => {
    const reg = await lockMine(tx, eventId, actor.userId);
    if (!reg) throw conflict(EVENT_MESSAGES.notCancellable);
    await tx.execute(sql`update event_registrations set status = 'cancelled', cancelled_at = now(), modified_at = now()
      where registration_id = ${reg.registration_id}`);
    if (HOLDS_SEAT.includes(reg.status)) {
      await releaseSeat(tx, eventId);
      await offerNext(tx, context, eventId);
    }
    return (await mine(tx, event, actor.userId))!;
  });
}

/** Accepts the seat on offer: confirmed (or pending when the organiser approves). */
export async function acceptOffer(context: EventsContext, actor: Actor, eventId: number) {
  const { row: event } = await readableEvent(context.database, actor, eventId);
  return inScope(context.database.db, scopeOfTenant(event.tenant_id), async (tx) => {
    const reg = await lockMine(tx, eventId, actor.userId);
    if (reg?.status !== 'offered') throw conflict(EVENT_MESSAGES.noOffer);
    if (reg.offer_expires_at && new Date(iso(reg.offer_expires_at)).getTime() < Date.now())
      throw conflict(EVENT_MESSAGES.offerExpired);
    if (event.requires_approval)
      await tx.execute(sql`update event_registrations set status = 'pending', offer_expires_at = null, modified_at = now()
        where registration_id = ${reg.registration_id}`);
    else await confirm(tx, reg);
    return (await mine(tx, event, actor.userId))!;
  });
}

/** Declines the seat on offer: it goes to the next person waiting. */
export async function declineOffer(context: EventsContext, actor: Actor, eventId: number) {
  const { row: event } = await readableEvent(context.database, actor, eventId);
  return inScope(context.database.db, scopeOfTenant(event.tenant_id), async (tx) => {
    const reg = await lockMine(tx, eventId, actor.userId);
    if (reg?.status !== 'offered') throw conflict(EVENT_MESSAGES.noOffer);
    await tx.execute(sql`update event_registrations set status = 'declined', offer_expires_at = null, modified_at = now()
      where registration_id = ${reg.registration_id}`);
    await recordEvent(tx, 'event.registration.declined', payloadOf(reg));
    await releaseSeat(tx, eventId);
    await offerNext(tx, context, eventId);
    return (await mine(tx, event, actor.userId))!;
  });
}

/** The `events.offer.expire` job: an offer still open at its deadline lapses; the next is offered. */
export async function expireOffer(context: EventsContext, registrationId: number): Promise<number | null> {
  return inScope(context.database.db, 'all', async (tx) => {
    const [reg] = await rows<RegRow>(
      tx,
      sql`select * from event_registrations where registration_id = ${registrationId} and status = 'offered'
        and offer_expires_at <= now() + interval '5 seconds' for update`,
    );
    if (!reg) return null;
    await tx.execute(sql`update event_registrations set status = 'declined', modified_at = now()
      where registration_id = ${registrationId}`);
    await recordEvent(tx, 'event.registration.declined', payloadOf(reg));
    await releaseSeat(tx, reg.event_id);
    await offerNext(tx, context, reg.event_id);
    return reg.event_id;
  });
}

/** The `events.reminder` job: mails a still-confirmed attendee of an event that has not moved. */
export async function sendReminder(
  context: EventsContext,
  job: { registration_id: number; kind: 'day' | 'hour'; starts_at: string },
) {
  await inScope(context.database.db, 'all', async (tx) => {
    const [reg] = await rows<RegRow>(
      tx,
      sql`select * from event_registrations where registration_id = ${job.registration_id} and status = 'confirmed'`,
    );
    if (!reg) return;
    const event = await loadEvent(tx, reg.event_id);
    if (event?.status !== 'published' || event.starts_at.toISOString() !== job.starts_at) return;
    const person = await personOf(tx, reg.user_id);
    if (!person) return;
    await context.jobs.enqueue(tx, 'mail.send', {
      to: person.email,
      ...reminderMail(event, context.origin, job.kind),
      meta: { kind: `event.reminder.${job.kind}`, event_id: event.event_id },
    });
  });
}

/** The organiser approves a pending registration (it already holds its seat). */
export async function approve(context: EventsContext, event: EventRow, registrationId: number) {
  return inScope(context.database.db, scopeOfTenant(event.tenant_id), async (tx) => {
    const [reg] = await rows<RegRow>(
      tx,
      sql`select * from event_registrations where registration_id = ${registrationId} and event_id = ${event.event_id} for update`,
    );
    if (!reg) throw notFound(EVENT_MESSAGES.registrationNotFound);
    if (reg.status !== 'pending') throw conflict(EVENT_MESSAGES.notPending);
    await confirm(tx, reg);
  });
}

/** The organiser declines a pending registration: its seat goes to the next person waiting. */
export async function decline(context: EventsContext, event: EventRow, registrationId: number) {
  return inScope(context.database.db, scopeOfTenant(event.tenant_id), async (tx) => {
    const [reg] = await rows<RegRow>(
      tx,
      sql`select * from event_registrations where registration_id = ${registrationId} and event_id = ${event.event_id} for update`,
    );
    if (!reg) throw notFound(EVENT_MESSAGES.registrationNotFound);
    if (reg.status !== 'pending') throw conflict(EVENT_MESSAGES.notPending);
    await tx.execute(sql`update event_registrations set status = 'declined', modified_at = now()
      where registration_id = ${registrationId}`);
    await recordEvent(tx, 'event.registration.declined', payloadOf(reg));
    await releaseSeat(tx, event.event_id);
    await offerNext(tx, context, event.event_id);
  });
}
