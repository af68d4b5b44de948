import { randomUUID } from 'node:crypto';
import {
  DOMAIN_EVENTS,
  EVENT_LIMITS,
  EVENT_MESSAGES,
  type EventQuestion,
  type EventRegistrationStatus,
  type MyEventRegistration,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { batchedBy } from '../../db/batched';
import { type Database, queryRows, type Tx } from '../../db/client';
import { inScope, scopeSetting } from '../../db/scope';
import { badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent, recordedInStatement } from '../../kernel/events';
import type { Jobs, QueuedJob } from '../../kernel/jobs';
import { attendanceCertificatePath } from './certificates';
import { confirmationMail, inviteIcs } from './mail';
import { visibleTo } from './policy';
import {
  confirm,
  conflict,
  HOLDS_SEAT,
  lockMine,
  MESSAGE_OF,
  mine,
  newTicketCode,
  payloadOf,
  type RegRow,
  releaseSeat,
  scopeOfTenant,
} from './registration-row';
import { remindersOf } from './reminders';
import { COLUMNS, dated, type EventRow, iso, readableEvent } from './service';
import { offerNext } from './waiting-list';

/** What the registration flow needs besides the database: the queue (mails, offers, reminders). */
export interface EventsContext {
  database: Database;
  jobs: Jobs;
  origin: string;
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

/** On `event.registration.confirmed`: the confirmation mail with its invite, and the two reminders. */
export async function confirmationEffects(tx: Tx, context: EventsContext, registrationId: number) {
  // One read: the event of the registration (still confirmed) and the person's address.
  const [found] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${COLUMNS}, u.email as person_email from event_registrations r
      join events e on e.event_id = r.event_id and e.is_deleted = false
      left join users u on u.user_id = r.user_id
      where r.registration_id = ${registrationId} and r.status = 'confirmed'`,
  );
  if (!found) return;
  const event = dated(found);
  const email = found.person_email as string | null;
  // The mail and both reminders in one statement.
  const jobs: QueuedJob[] = remindersOf(registrationId, event.starts_at);
  if (email)
    jobs.unshift({
      name: 'mail.send',
      payload: {
        to: email,
        ...confirmationMail(event, context.origin),
        ics: inviteIcs(event, context.origin),
        meta: { kind: 'event.confirmation', event_id: event.event_id },
      },
    });
  await context.jobs.enqueueMany(tx, jobs);
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
 * At most this many batches of registrations (each to one event) of one process run at once; the
 * rest wait their turn in memory. A burst across hundreds of events would otherwise wait on the
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

/** One person asking for a seat, with what the answer will carry. */
interface Asking {
  actor: Actor;
  answers: Record<string, string>;
  ticketCode: string;
  outboxId: string;
}

/** A row of `nexus_event_register_many` (migration 0049): one per person, in order. */
interface Taken {
  out_item: number;
  out_registration_id: number | null;
  out_status: EventRegistrationStatus | null;
  out_ticket_code: string | null;
  out_created_at: Date | string | null;
  out_waiting_position: number | null;
  out_error: string | null;
}

type Outcome = { error: unknown } | { event: EventRow; clean: Record<string, string>; taken: Taken };

const registrars = new WeakMap<Database, (key: string, asking: Asking) => Promise<Outcome>>();

/**
 * Registers the caller: a seat if one is free (confirmed, or pending when the organiser approves),
 * else the waiting list. The seat is taken by a conditional update of the event row, so concurrent
 * registrations never confirm more people than seats. The people registering for one event at
 * once are one read of the event and one statement (`registerBatch`).
 */
export async function register(
  context: EventsContext,
  actor: Actor,
  eventId: number,
  answers: Record<string, string>,
): Promise<MyEventRegistration> {
  const { database } = context;
  let registrar = registrars.get(database);
  if (!registrar) {
    registrar = batchedBy<Asking, Outcome>((key, batch) =>
      inTurn(() => registerBatch(database, Number(key), batch)),
    );
    registrars.set(database, registrar);
  }
  const outboxId = randomUUID();
  const outcome = await registrar(String(eventId), { actor, answers, ticketCode: newTicketCode(), outboxId });
  if ('error' in outcome) throw outcome.error;
  const { event, clean, taken } = outcome;
  const status = taken.out_status as EventRegistrationStatus;
  // The invite mail, the reminders and the notification follow from the outbox event.
  if (status === 'waiting' || status === 'confirmed') recordedInStatement(outboxId);
  const message = MESSAGE_OF[status];
  return {
    registration_id: taken.out_registration_id as number,
    event_id: eventId,
    user_id: actor.userId,
    status,
    answers: clean,
    ticket_code: status === 'confirmed' ? taken.out_ticket_code : null,
    waiting_position: taken.out_waiting_position ?? null,
    offer_expires_at: null,
    checked_in_at: null,
    created_at: iso(taken.out_created_at as Date | string),
    online_url: status === 'confirmed' && event.mode === 'online' ? event.online_url : null,
    ...(message ? { message } : {}),
  };
}

/**
 * One read of the event for everyone asking at once, each checked against it (may see it, may
 * register, answers valid), then one statement outside any transaction (migration 0049) for those
 * who pass: in arrival order, a seat or the waiting list for each, their registrations and outbox
 * events, committed together, so the event row's lock never waits on this process. A second live
 * registration of a person fails the unique index, and that person's seat and rows only.
 */
async function registerBatch(database: Database, eventId: number, batch: Asking[]): Promise<Outcome[]> {
  // Read across tenants (the row names the event's tenant; row-level security checks the writes).
  const [found] = await database.read<Record<string, unknown>>(
    sql`select ${COLUMNS} from events e where e.event_id = ${eventId} and e.is_deleted = false`,
    true,
    'all',
  );
  const event = found ? dated(found) : null;
  const outcomes: Outcome[] = [];
  const passing: { index: number; asking: Asking; clean: Record<string, string> }[] = [];
  for (const [index, asking] of batch.entries()) {
    try {
      if (!event || !visibleTo(event, asking.actor)) throw notFound(EVENT_MESSAGES.notFound);
      if (event.status !== 'published') throw conflict(EVENT_MESSAGES.notPublished);
      if (event.last_ends_at.getTime() < Date.now()) throw conflict(EVENT_MESSAGES.ended);
      passing.push({ index, asking, clean: validateAnswers(event.questions, asking.answers) });
    } catch (error) {
      outcomes[index] = { error };
    }
  }
  if (!event || passing.length === 0) return outcomes;
  const people = passing.map(({ asking, clean }) => ({
    user_id: asking.actor.userId,
    answers: clean,
    ticket_code: asking.ticketCode,
    outbox_id: asking.outboxId,
  }));
  const rows = await database.read<Taken>(
    sql`select * from nexus_event_register_many(${scopeSetting('all')}, ${eventId}::int, ${event.tenant_id}::int,
      ${event.requires_approval}::boolean, ${JSON.stringify(people)}::jsonb,
      ${DOMAIN_EVENTS['event.registration.confirmed'].version}::int,
      ${DOMAIN_EVENTS['event.registration.waiting'].version}::int)`,
    true,
  );
  for (const taken of rows) {
    const { index, clean } = passing[taken.out_item]!;
    if (taken.out_error === null) outcomes[index] = { event, clean, taken };
    else if (taken.out_error === '23505')
      outcomes[index] = { error: conflict(EVENT_MESSAGES.alreadyRegistered) };
    else outcomes[index] = { error: new Error(`The registration failed (SQLSTATE ${taken.out_error})`) };
  }
  return outcomes;
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

/** The organiser approves a pending registration (it already holds its seat). */
export async function approve(context: EventsContext, event: EventRow, registrationId: number) {
  return inScope(context.database.db, scopeOfTenant(event.tenant_id), async (tx) => {
    const [reg] = await queryRows<RegRow>(
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
    const [reg] = await queryRows<RegRow>(
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
