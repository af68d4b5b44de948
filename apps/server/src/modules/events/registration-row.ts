/**
 * A registration's row and the seat it holds: reading it as the attendee sees it, locking it, taking
 * and giving back seats, confirming it. Its own file because registering, the waiting list's offers
 * and the organiser's decisions all change the same row and the same seat counter.
 */
import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  EVENT_MESSAGES,
  type EventRegistrationStatus,
  type MyEventRegistration,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../http/app-error';
import { recordEvent } from '../../kernel/events';
import { type EventRow, iso, isoOrNull } from './service';

export const conflict = (message: string, details?: unknown) =>
  new AppError(ERROR_CODES.conflict, 409, message, details);
export const scopeOfTenant = (tenantId: number | null): TenantScope => tenantId ?? 'main';
/** 24 random bytes: what the QR code carries and the scanner reads back. */
export const newTicketCode = () => randomBytes(24).toString('base64url');

/** Registrations that hold a seat (they count in `seats_taken`). */
export const HOLDS_SEAT: readonly EventRegistrationStatus[] = ['pending', 'confirmed', 'offered'];

/** A registration's row as the database holds it. */
export interface RegRow {
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

/** Takes one seat if one is free: a conditional update on the event row (never above capacity). */
export async function takeSeat(tx: Tx, eventId: number): Promise<boolean> {
  const taken = await queryRows(
    tx,
    sql`update events set seats_taken = seats_taken + 1
      where event_id = ${eventId} and (capacity is null or seats_taken < capacity) returning event_id`,
  );
  return taken.length > 0;
}

/** Gives one seat back (never below zero). */
export async function releaseSeat(tx: Tx, eventId: number) {
  await tx.execute(
    sql`update events set seats_taken = greatest(seats_taken - 1, 0) where event_id = ${eventId}`,
  );
}

/** What every `event.registration.*` event carries: ids only. */
export const payloadOf = (reg: {
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
export async function confirm(tx: Tx, reg: RegRow): Promise<string> {
  const [row] = await queryRows<{ ticket_code: string }>(
    tx,
    sql`update event_registrations set status = 'confirmed', offer_expires_at = null, waiting_since = null,
      ticket_code = coalesce(ticket_code, ${newTicketCode()}), confirmed_at = now(), modified_at = now()
      where registration_id = ${reg.registration_id} returning ticket_code`,
  );
  await recordEvent(tx, 'event.registration.confirmed', payloadOf(reg));
  return row!.ticket_code;
}

/** The place of a waiting registration in its event's queue (1 is next); null when not waiting. */
export async function waitingPosition(tx: Tx, reg: RegRow): Promise<number | null> {
  if (reg.status !== 'waiting') return null;
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select ${waitingPositionSql(reg.registration_id)} as n`,
  );
  return row?.n ?? null;
}

/** The place of a waiting registration in its event's queue (1 is next), as a scalar subquery. */
export const waitingPositionSql = (registrationId: number) =>
  // Compared with the row itself: a JavaScript Date would drop PostgreSQL's microseconds.
  sql`(select count(*)::int from event_registrations w join event_registrations me
      on me.registration_id = ${registrationId} and w.event_id = me.event_id
      where w.status = 'waiting' and (w.waiting_since, w.registration_id) <= (me.waiting_since, me.registration_id))`;

/** The message an answer carries for the registration's state. */
export const MESSAGE_OF: Partial<Record<EventRegistrationStatus, string>> = {
  confirmed: EVENT_MESSAGES.registered,
  waiting: EVENT_MESSAGES.waiting,
  pending: EVENT_MESSAGES.pending,
  cancelled: EVENT_MESSAGES.cancelled,
};

/** The caller's latest registration to the event, as the attendee sees it; null when none. */
export async function mine(tx: Tx, event: EventRow, userId: number): Promise<MyEventRegistration | null> {
  const [reg] = await queryRows<RegRow>(
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

/** Locks the caller's live registration to the event, in the event's scope. */
export async function lockMine(tx: Tx, eventId: number, userId: number) {
  const [reg] = await queryRows<RegRow>(
    tx,
    sql`select * from event_registrations where event_id = ${eventId} and user_id = ${userId}
      and status in ('pending', 'confirmed', 'waiting', 'offered') for update`,
  );
  return reg ?? null;
}
