import { CERTIFICATES_API, EVENT_MESSAGES, EVENT_REGISTRATIONS_API } from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificates,
  domainEventDeliveries,
  domainEvents,
  eventsTable,
  notifications,
} from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, member, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { eventKit } from './test-kit';

/** Issue 17 point 3: certificates of attendance through the certificate service (kind `event`). */

let t: TestApp;
let kit: ReturnType<typeof eventKit>;
let tenantA: number;
let adminA: Actor;
let adminB: Actor;

beforeAll(async () => {
  t = await makeApp();
  kit = eventKit(t);
  tenantA = (await makeTenant(t.database)).tenant_id;
  const tenantB = (await makeTenant(t.database)).tenant_id;
  adminA = tenantAdmin(await kit.newUser(), tenantA);
  adminB = tenantAdmin(await kit.newUser(), tenantB);
});
afterAll(async () => {
  await t?.close();
});

const issue = (actor: Actor | null, eventId: number) =>
  kit.call(actor, 'POST', `${EVENT_REGISTRATIONS_API}/issueCertificates/${eventId}`);

/** Moves the event two days back, as if it had happened (the API refuses no past times, but this is plainer). */
async function endEvent(eventId: number) {
  await t.database.system
    .update(eventsTable)
    .set({
      starts_at: sql`now() - interval '2 days'`,
      ends_at: sql`now() - interval '2 days' + interval '2 hours'`,
      last_ends_at: sql`now() - interval '2 days' + interval '2 hours'`,
    })
    .where(eq(eventsTable.event_id, eventId));
}

const held = async (eventId: number) =>
  t.database.system
    .select({ user_id: certificates.user_id })
    .from(certificates)
    .where(and(eq(certificates.kind, 'event'), eq(certificates.program_id, eventId)));

/** The person's notifications of a new certificate of attendance (their other notifications left out). */
const attendanceNotices = async (userId: number) =>
  t.database.system
    .select({
      title: notifications.title,
      body: notifications.body,
      category: notifications.category,
      link: notifications.link,
      source_event_id: notifications.source_event_id,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.user_id, userId),
        eq(notifications.source_handler, 'notifications.event-certificate-issued'),
      ),
    );

describe('certificates of attendance', () => {
  it('issues them to checked-in attendees of an ended event only, once, and they verify signed out', async () => {
    const event = await kit.created(adminA);
    const came = member(await kit.newUser(), tenantA);
    const stayed = member(await kit.newUser(), tenantA);
    for (const who of [came, stayed]) expect((await kit.register(who, event.event_id)).statusCode).toBe(201);
    const ticket = (await kit.ticket(came, event.event_id)).json().data.ticket_code;
    expect((await kit.checkIn(adminA, event.event_id, { ticket_code: ticket })).statusCode).toBe(200);

    // Not before the end: 400, nothing issued.
    const early = await issue(adminA, event.event_id);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(EVENT_MESSAGES.certificatesBeforeEnd);
    expect(await held(event.event_id)).toEqual([]);

    await endEvent(event.event_id);
    // Wrong people: signed out, a member, another tenant's admin.
    expect((await issue(null, event.event_id)).statusCode).toBe(401);
    expect((await issue(came, event.event_id)).statusCode).toBe(403);
    expect([403, 404]).toContain((await issue(adminB, event.event_id)).statusCode);

    const done = await issue(adminA, event.event_id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ issued: 1, holders: 1 });
    expect((await issue(adminA, event.event_id)).json().data).toMatchObject({ issued: 0, holders: 1 });
    expect((await held(event.event_id)).map((row) => row.user_id)).toEqual([came.userId]);

    const mine = (await kit.mine(came, event.event_id)).json().data;
    expect(mine.certificate_path).toMatch(new RegExp(`^/certification/${came.userId}/`));
    expect((await kit.mine(stayed, event.event_id)).json().data.certificate_path).toBeNull();
    const key = mine.certificate_path.split('/').pop();
    t.actAs(null);
    const verified = await t.app.inject({
      method: 'GET',
      url: `${CERTIFICATES_API}/verify/${came.userId}/${key}`,
    });
    expect(verified.statusCode).toBe(200);
    const body = verified.json().data ?? verified.json();
    expect(body).toMatchObject({ valid: true });
    expect(body.program).toMatch(/^Attendance: /);
  });

  it('issues the certificate at once when someone is checked in after the event ended', async () => {
    const event = await kit.created(adminA);
    const late = member(await kit.newUser(), tenantA);
    const registered = await kit.register(late, event.event_id);
    await endEvent(event.event_id);
    const checked = await kit.checkIn(adminA, event.event_id, {
      registration_id: registered.json().data.registration_id,
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect((await held(event.event_id)).map((row) => row.user_id)).toEqual([late.userId]);
    await t.app.events.drain();
    expect((await attendanceNotices(late.userId)).map((row) => row.title)).toEqual([
      `Your certificate of attendance for ${event.title} is ready`,
    ]);
  });

  it('notifies each checked-in attendee once with a link to their certificate, and never twice', async () => {
    const event = await kit.created(adminA);
    const [ada, ben, cy] = [
      member(await kit.newUser(), tenantA),
      member(await kit.newUser(), tenantA),
      member(await kit.newUser(), tenantA),
    ] as const;
    for (const who of [ada, ben, cy]) expect((await kit.register(who, event.event_id)).statusCode).toBe(201);
    for (const who of [ada, ben]) {
      const ticket = (await kit.ticket(who, event.event_id)).json().data.ticket_code;
      expect((await kit.checkIn(adminA, event.event_id, { ticket_code: ticket })).statusCode).toBe(200);
    }
    await endEvent(event.event_id);

    const done = await issue(adminA, event.event_id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ issued: 2, holders: 2 });
    await t.app.events.drain();

    for (const who of [ada, ben]) {
      const notices = await attendanceNotices(who.userId);
      expect(notices).toHaveLength(1);
      const [notice] = notices;
      expect(notice).toMatchObject({
        category: 'certificates',
        title: `Your certificate of attendance for ${event.title} is ready`,
        body: 'Anyone can check it at its public address.',
      });
      // The link is the attendee's own certificate, which verifies signed out.
      expect(notice?.link).toBe((await kit.mine(who, event.event_id)).json().data.certificate_path);
      const [, , userId, key] = notice!.link.split('/');
      expect(Number(userId)).toBe(who.userId);
      t.actAs(null);
      const verified = await t.app.inject({
        method: 'GET',
        url: `${CERTIFICATES_API}/verify/${userId}/${key}`,
      });
      expect(verified.statusCode).toBe(200);
      const body = verified.json().data ?? verified.json();
      expect(body).toMatchObject({ valid: true });
      expect(body.program).toBe(`Attendance: ${event.title}`);
    }
    // Registered but never checked in: no certificate, no notification.
    expect(await attendanceNotices(cy.userId)).toEqual([]);

    // Issuing again issues nothing and tells nobody again.
    expect((await issue(adminA, event.event_id)).json().data).toMatchObject({ issued: 0, holders: 2 });
    await t.app.events.drain();
    for (const who of [ada, ben]) expect(await attendanceNotices(who.userId)).toHaveLength(1);

    // A redelivered event (its delivery row lost, as after a crash) notifies nobody twice either.
    const [first] = await attendanceNotices(ada.userId);
    await t.database.system
      .delete(domainEventDeliveries)
      .where(eq(domainEventDeliveries.event_id, first!.source_event_id));
    await t.database.system
      .update(domainEvents)
      .set({ status: 'pending' })
      .where(eq(domainEvents.id, first!.source_event_id));
    await t.app.events.drain();
    expect(await attendanceNotices(ada.userId)).toHaveLength(1);
  });
});
