/**
 * The waiting list's offers: a freed seat is offered to the first person waiting, who accepts or
 * declines it before the offer expires (the `events.offer.expire` job). Its own file because the
 * offers run their own cycle (offer, answer or lapse, next offer) beside the registration itself.
 */
import { EVENT_MESSAGES } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { inScope } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { offerMail } from './mail';
import {
  confirm,
  conflict,
  lockMine,
  mine,
  payloadOf,
  type RegRow,
  releaseSeat,
  scopeOfTenant,
  takeSeat,
} from './registration-row';
import type { EventsContext } from './registrations';
import { iso, loadEvent, personOf, readableEvent } from './service';
import { HOUR } from './time';

/**
 * Offers freed seats to the people waiting, first come first served, while seats are free. Each
 * offer holds its seat until it expires (the `events.offer.expire` job) or is answered.
 */
export async function offerNext(tx: Tx, context: EventsContext, eventId: number): Promise<number> {
  let offered = 0;
  for (;;) {
    const [next] = await queryRows<RegRow>(
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
    const [reg] = await queryRows<RegRow>(
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
