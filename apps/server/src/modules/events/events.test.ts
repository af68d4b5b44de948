import { EVENT_MESSAGES, EVENT_REGISTRATIONS_API } from '@nexus/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsTable, mailOutbox, notifications } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { sendReminder } from './reminders';
import { eventBody, eventKit, inDays } from './test-kit';
import { expireOffer } from './waiting-list';

/** Issue 17 points 1 to 3: events, registration with a waiting list, tickets and check-in. */

let t: TestApp;
let kit: ReturnType<typeof eventKit>;
let tenantA: number;
let tenantB: number;
let adminA: Actor;
let adminB: Actor;
let platform: Actor;

beforeAll(async () => {
  t = await makeApp();
  kit = eventKit(t);
  tenantA = (await makeTenant(t.database)).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
  adminA = tenantAdmin(await kit.newUser(), tenantA);
  adminB = tenantAdmin(await kit.newUser(), tenantB);
  platform = platformAdmin(await kit.newUser());
});
afterAll(async () => {
  await t?.close();
});

const person = async (tenantId: number | null = null) => member(await kit.newUser(), tenantId);

describe('createEvent', () => {
  it('creates a tenant event for its admin and sanitises the description', async () => {
    const response = await kit.create(
      adminA,
      eventBody({ description: '<p onclick="x()">Hi<script>bad()</script></p>' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ tenant_id: tenantA, status: 'published', can_manage: true });
    expect(data.description).toBe('<p>Hi</p>');
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const [before] = await t.database.system.select({ n: sql<number>`count(*)::int` }).from(eventsTable);
    const cases: [Record<string, unknown>, string][] = [
      [{ ends_at: inDays(2) }, EVENT_MESSAGES.endBeforeStart],
      [{ time_zone: 'Mars/Olympus' }, EVENT_MESSAGES.badTimeZone],
      [{ mode: 'online', venue: null }, EVENT_MESSAGES.onlineUrlNeeded],
      [{ venue: null }, EVENT_MESSAGES.venueNeeded],
      [{ rrule: 'EVERY TUESDAY' }, EVENT_MESSAGES.badRrule],
    ];
    for (const [overrides, message] of cases) {
      const response = await kit.create(adminA, eventBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const missing = await kit.create(adminA, { title: 'No dates' });
    expect(missing.statusCode).toBe(400);
    const [after] = await t.database.system.select({ n: sql<number>`count(*)::int` }).from(eventsTable);
    expect(after!.n).toBe(before!.n);
  });

  it('answers 401 signed out and 403 to a member or to another tenant’s admin', async () => {
    expect((await kit.create(null, eventBody())).statusCode).toBe(401);
    expect((await kit.create(await person(tenantA), eventBody())).statusCode).toBe(403);
    const other = await kit.create(adminB, eventBody({ tenant_id: tenantA }));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(EVENT_MESSAGES.otherTenant);
    // Only platform admins organise the platform's own events.
    expect((await kit.create(adminA, eventBody({ tenant_id: null }))).statusCode).toBe(403);
  });

  it('expands a weekly recurrence on the wall clock of the event’s time zone', async () => {
    const created = await kit.created(platform, {
      starts_at: '2027-03-16T17:00:00Z',
      ends_at: '2027-03-16T18:00:00Z',
      rrule: 'FREQ=WEEKLY;COUNT=3',
    });
    const detail = (await kit.get(platform, created.event_id)).json().data;
    // 18:00 in Paris before and after the change to summer time (28 March 2027).
    expect(detail.sessions.map((s: { starts_at: string }) => s.starts_at)).toEqual([
      '2027-03-16T17:00:00.000Z',
      '2027-03-23T17:00:00.000Z',
      '2027-03-30T16:00:00.000Z',
    ]);
  });
});

describe('getEvents and getEvent', () => {
  it('lists public events signed out with only its defaults, never drafts or tenant-only events', async () => {
    const open = await kit.created(adminA, { title: 'Open to all' });
    const draft = await kit.created(adminA, { status: 'draft' });
    const inside = await kit.created(adminA, { visibility: 'tenant' });
    const response = await kit.list(null);
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((row: { event_id: number }) => row.event_id);
    expect(ids).toContain(open.event_id);
    expect(ids).not.toContain(draft.event_id);
    expect(ids).not.toContain(inside.event_id);
    expect(response.json().meta).toMatchObject({ page: 1, limit: 10 });
    // A member of A sees the tenant event; a member of B does not, and gets 404 for it.
    const memberA = await person(tenantA);
    const seenByA = (await kit.list(memberA, '?limit=100'))
      .json()
      .data.map((row: { event_id: number }) => row.event_id);
    expect(seenByA).toContain(inside.event_id);
    expect((await kit.get(await person(tenantB), inside.event_id)).statusCode).toBe(404);
    expect((await kit.get(null, draft.event_id)).statusCode).toBe(404);
    // The organiser's manage view includes the draft.
    const managed = (await kit.list(adminA, '?view=manage&when=all&limit=100')).json().data;
    expect(managed.map((row: { event_id: number }) => row.event_id)).toContain(draft.event_id);
  });

  it('filters by mode, tenant, past and search, and pages', async () => {
    const online = await kit.created(platform, {
      title: 'Remote workshop zebra',
      mode: 'online',
      online_url: 'https://meet.example.test/zebra',
      venue: null,
    });
    const past = await kit.created(adminB, {
      title: 'Old zebra meetup',
      starts_at: inDays(-3),
      ends_at: inDays(-3, 2),
    });
    const ids = async (query: string) =>
      (await kit.list(null, query)).json().data.map((row: { event_id: number }) => row.event_id);
    expect(await ids('?search=zebra&mode=online')).toEqual([online.event_id]);
    expect(await ids('?search=zebra&when=past')).toEqual([past.event_id]);
    expect(await ids(`?search=zebra&when=all&tenant_id=${tenantB}`)).toEqual([past.event_id]);
    expect(await ids('?search=zebra&when=all&tenant_id=0')).toEqual([online.event_id]);
    const paged = await kit.list(null, '?search=zebra&when=all&limit=1&page=2');
    expect(paged.json().meta).toMatchObject({ page: 2, limit: 1, total: 2, totalPages: 2 });
    expect((await kit.list(null, '?limit=0')).statusCode).toBe(400);
    expect((await kit.list(null, '?when=someday')).statusCode).toBe(400);
  });

  it('reveals the online link only to organisers and confirmed attendees', async () => {
    const online = await kit.created(platform, {
      mode: 'online',
      online_url: 'https://meet.example.test/secret',
      venue: null,
    });
    expect((await kit.get(null, online.event_id)).json().data.online_url).toBeNull();
    const someone = await person();
    expect((await kit.get(someone, online.event_id)).json().data.online_url).toBeNull();
    expect((await kit.get(platform, online.event_id)).json().data.online_url).toBe(
      'https://meet.example.test/secret',
    );
    expect((await kit.register(someone, online.event_id)).statusCode).toBe(201);
    expect((await kit.get(someone, online.event_id)).json().data.online_url).toBe(
      'https://meet.example.test/secret',
    );
    expect((await kit.mine(someone, online.event_id)).json().data.online_url).toBe(
      'https://meet.example.test/secret',
    );
  });

  it('answers a repeated list as each caller sees it, with the seats and their status of now', async () => {
    const online = await kit.created(platform, {
      title: 'Kept page walrus',
      mode: 'online',
      online_url: 'https://meet.example.test/walrus',
      venue: null,
      capacity: 3,
    });
    const [reader, attendee] = [await person(), await person()];
    const first = (actor: Actor) =>
      kit.list(actor, '?search=walrus').then((response) => response.json().data[0]);
    // The first read keeps the page; the same list for another person (same visibility) reuses it.
    expect(await first(reader)).toMatchObject({ seats_taken: 0, seats_left: 3, my_status: null });
    expect((await kit.register(attendee, online.event_id)).statusCode).toBe(201);
    expect(await first(reader)).toMatchObject({
      event_id: online.event_id,
      seats_taken: 1,
      seats_left: 2,
      my_status: null,
      online_url: null,
      can_manage: false,
    });
    expect(await first(attendee)).toMatchObject({
      seats_taken: 1,
      my_status: 'confirmed',
      online_url: 'https://meet.example.test/walrus',
    });
    expect((await kit.verb(attendee, 'cancelRegistration', online.event_id)).statusCode).toBe(200);
    expect(await first(attendee)).toMatchObject({ seats_taken: 0, my_status: 'cancelled', online_url: null });
  });
});

describe('updateEvent', () => {
  it('lets the organiser edit, and refuses another tenant’s admin and members', async () => {
    const created = await kit.created(adminA);
    const changed = await kit.update(adminA, created.event_id, { title: 'Renamed' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.title).toBe('Renamed');
    expect((await kit.update(adminB, created.event_id, { title: 'Hijack' })).statusCode).toBe(403);
    expect((await kit.update(await person(tenantA), created.event_id, { title: 'x' })).statusCode).toBe(403);
    expect((await kit.update(null, created.event_id, { title: 'x' })).statusCode).toBe(401);
    expect((await kit.update(adminA, created.event_id, { ends_at: inDays(1) })).statusCode).toBe(400);
    const draft = await kit.created(adminA, { status: 'draft' });
    expect((await kit.update(adminB, draft.event_id, { title: 'x' })).statusCode).toBe(404);
  });
});

describe('registration', () => {
  const questions = [
    {
      question_id: 'role',
      label: 'Your role',
      kind: 'choice',
      required: true,
      choices: ['Student', 'Mentor'],
    },
    { question_id: 'diet', label: 'Dietary needs', kind: 'text', required: false },
  ];

  it('validates answers server-side and refuses a second registration clearly', async () => {
    const event = await kit.created(adminA, { questions, capacity: 5 });
    const someone = await person();
    const missing = await kit.register(someone, event.event_id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(EVENT_MESSAGES.answerRequired);
    const wrong = await kit.register(someone, event.event_id, { role: 'Pilot' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(EVENT_MESSAGES.unknownChoice);
    const unknown = await kit.register(someone, event.event_id, { role: 'Student', shoe: '42' });
    expect(unknown.statusCode).toBe(400);
    const ok = await kit.register(someone, event.event_id, { role: 'Student', diet: 'vegan' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({
      status: 'confirmed',
      answers: { role: 'Student', diet: 'vegan' },
    });
    const again = await kit.register(someone, event.event_id, { role: 'Mentor' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EVENT_MESSAGES.alreadyRegistered);
    expect((await kit.register(null, event.event_id, { role: 'Student' })).statusCode).toBe(401);
  });

  it('keeps answers from other attendees: only organisers list registrations', async () => {
    const event = await kit.created(adminA, { questions });
    const first = await person();
    const second = await person();
    await kit.register(first, event.event_id, { role: 'Mentor', diet: 'none' });
    await kit.register(second, event.event_id, { role: 'Student' });
    expect((await kit.registrations(second, event.event_id)).statusCode).toBe(403);
    expect((await kit.registrations(adminB, event.event_id)).statusCode).toBe(403);
    const listed = await kit.registrations(adminA, event.event_id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toHaveLength(2);
    const mine = (await kit.mine(second, event.event_id)).json().data;
    expect(mine.answers).toEqual({ role: 'Student' });
    const csv = await kit.call(
      adminA,
      'GET',
      `${EVENT_REGISTRATIONS_API}/exportRegistrations/${event.event_id}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'name,email,status,registered_at,checked_in_at,Your role,Dietary needs',
    );
    expect(csv.body).toContain('Mentor');
  });

  it('fills seats, then the waiting list; a cancel offers the seat to the first waiting, who accepts', async () => {
    const event = await kit.created(adminA, { capacity: 2 });
    const [a, b, c, d] = [await person(), await person(), await person(), await person()];
    expect((await kit.register(a, event.event_id)).json().data.status).toBe('confirmed');
    expect((await kit.register(b, event.event_id)).json().data.status).toBe('confirmed');
    const waiting = (await kit.register(c, event.event_id)).json().data;
    expect(waiting).toMatchObject({
      status: 'waiting',
      waiting_position: 1,
      message: EVENT_MESSAGES.waiting,
    });
    expect((await kit.register(d, event.event_id)).json().data.waiting_position).toBe(2);
    const cancelled = await kit.verb(a, 'cancelRegistration', event.event_id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    const offered = (await kit.mine(c, event.event_id)).json().data;
    expect(offered.status).toBe('offered');
    expect(offered.offer_expires_at).not.toBeNull();
    expect((await kit.mine(d, event.event_id)).json().data.status).toBe('waiting');
    // Nobody else can take the held seat.
    expect((await kit.register(await person(), event.event_id)).json().data.status).toBe('waiting');
    expect((await kit.verb(d, 'acceptOffer', event.event_id)).statusCode).toBe(409);
    const accepted = await kit.verb(c, 'acceptOffer', event.event_id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe('confirmed');
    expect(accepted.json().data.ticket_code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await kit.get(null, event.event_id)).json().data).toMatchObject({
      seats_taken: 2,
      seats_left: 0,
    });
    // The offer mail reached c, and the confirmation mail carries the invite.
    await t.app.events.drain();
    await t.app.jobs.drain('mail.send');
    const [mail] = await t.database.system
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `You are registered: ${event.title}`))
      .orderBy(desc(mailOutbox.mail_id))
      .limit(1);
    const ics = (mail?.meta as { ics?: string } | null)?.ics ?? '';
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:event-${event.event_id}@nexus`);
    // Each change reached the person's inbox (category events), once.
    const notices = await t.database.system
      .select({ title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.user_id, c.userId));
    expect(notices.map((notice) => notice.title).sort()).toEqual(
      [
        `A seat is free for you at ${event.title}`,
        `You are on the waiting list for ${event.title}`,
        `You are registered for ${event.title}`,
      ].sort(),
    );
  });

  it('expires an unanswered offer by job and offers the next person', async () => {
    const event = await kit.created(adminA, { capacity: 1 });
    const [a, b, c] = [await person(), await person(), await person()];
    await kit.register(a, event.event_id);
    await kit.register(b, event.event_id);
    await kit.register(c, event.event_id);
    await kit.verb(a, 'cancelRegistration', event.event_id);
    const offered = (await kit.mine(b, event.event_id)).json().data;
    expect(offered.status).toBe('offered');
    await t.database.system.execute(
      sql`update event_registrations set offer_expires_at = now() - interval '1 minute' where registration_id = ${offered.registration_id}`,
    );
    // What the `events.offer.expire` job does at the deadline.
    await expireOffer(
      { database: t.database, jobs: t.app.jobs, origin: 'http://localhost' },
      offered.registration_id,
    );
    expect((await kit.mine(b, event.event_id)).json().data.status).toBe('declined');
    expect((await kit.mine(c, event.event_id)).json().data.status).toBe('offered');
    expect((await kit.verb(b, 'acceptOffer', event.event_id)).statusCode).toBe(409);
    const declined = await kit.verb(c, 'declineOffer', event.event_id);
    expect(declined.json().data.status).toBe('declined');
    expect((await kit.get(null, event.event_id)).json().data.seats_taken).toBe(0);
  });

  it('holds registrations for approval when asked; a decline frees the seat', async () => {
    const event = await kit.created(adminA, { capacity: 1, requires_approval: true });
    const [a, b] = [await person(), await person()];
    const pending = (await kit.register(a, event.event_id)).json().data;
    expect(pending.status).toBe('pending');
    expect((await kit.register(b, event.event_id)).json().data.status).toBe('waiting');
    const url = (verb: string, id: number) => `${EVENT_REGISTRATIONS_API}/${verb}/${event.event_id}/${id}`;
    expect((await kit.call(a, 'PUT', url('approveRegistration', pending.registration_id))).statusCode).toBe(
      403,
    );
    expect(
      (await kit.call(adminB, 'PUT', url('approveRegistration', pending.registration_id))).statusCode,
    ).toBe(403);
    const declined = await kit.call(adminA, 'PUT', url('declineRegistration', pending.registration_id));
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await kit.mine(b, event.event_id)).json().data.status).toBe('offered');
    expect((await kit.verb(b, 'acceptOffer', event.event_id)).json().data.status).toBe('pending');
    const bReg = (await kit.mine(b, event.event_id)).json().data.registration_id;
    const approved = await kit.call(adminA, 'PUT', url('approveRegistration', bReg));
    expect(approved.statusCode).toBe(200);
    expect((await kit.mine(b, event.event_id)).json().data.status).toBe('confirmed');
    expect((await kit.call(adminA, 'PUT', url('approveRegistration', bReg))).statusCode).toBe(409);
  });

  it('mails a reminder only while the registration is confirmed and the event has not moved', async () => {
    const event = await kit.created(adminA, { title: `Reminded ${Date.now()}` });
    const someone = await person();
    const reg = (await kit.register(someone, event.event_id)).json().data;
    const detail = (await kit.get(adminA, event.event_id)).json().data;
    const context = { database: t.database, jobs: t.app.jobs, origin: 'http://localhost' };
    const reminders = async () => {
      await t.app.jobs.drain('mail.send');
      return t.database.system
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, `Tomorrow: ${event.title}`));
    };
    await sendReminder(context, {
      registration_id: reg.registration_id,
      kind: 'day',
      starts_at: '2020-01-01T00:00:00.000Z',
    });
    expect(await reminders()).toHaveLength(0);
    await sendReminder(context, {
      registration_id: reg.registration_id,
      kind: 'day',
      starts_at: detail.starts_at,
    });
    expect(await reminders()).toHaveLength(1);
    await kit.verb(someone, 'cancelRegistration', event.event_id);
    await sendReminder(context, {
      registration_id: reg.registration_id,
      kind: 'day',
      starts_at: detail.starts_at,
    });
    expect(await reminders()).toHaveLength(1);
  });

  it('refuses drafts and ended events', async () => {
    const draft = await kit.created(adminA, { status: 'draft' });
    expect((await kit.register(await person(tenantA), draft.event_id)).statusCode).toBe(404);
    const past = await kit.created(adminA, { starts_at: inDays(-2), ends_at: inDays(-2, 1) });
    const late = await kit.register(await person(), past.event_id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(EVENT_MESSAGES.ended);
  });

  it('puts confirmed events in the person’s calendar', async () => {
    const event = await kit.created(adminA, { title: 'Calendar check' });
    const someone = await person();
    await kit.register(someone, event.event_id);
    t.actAs(someone);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/getItems?start=${encodeURIComponent(inDays(0))}&end=${encodeURIComponent(inDays(10))}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().data as { uid: string; kind: string; url: string }[];
    expect(items).toContainEqual(
      expect.objectContaining({
        uid: `event-${event.event_id}`,
        kind: 'event',
        url: `/events/registered-event/${event.event_id}`,
      }),
    );
  });
});

describe('tickets and check-in', () => {
  it('shows the ticket as a QR, checks it in once, and says when it was used on a second scan', async () => {
    const event = await kit.created(adminA);
    const someone = await person();
    await kit.register(someone, event.event_id);
    const ticket = await kit.ticket(someone, event.event_id);
    expect(ticket.statusCode).toBe(200);
    const data = ticket.json().data;
    expect(data.svg).toContain('<svg');
    expect(data.matrix[0]).toMatch(/^[01]+$/);
    expect(data.matrix).toHaveLength(data.matrix[0].length);
    expect((await kit.ticket(await person(), event.event_id)).statusCode).toBe(404);
    expect((await kit.checkIn(someone, event.event_id, { ticket_code: data.ticket_code })).statusCode).toBe(
      403,
    );
    expect((await kit.checkIn(adminB, event.event_id, { ticket_code: data.ticket_code })).statusCode).toBe(
      403,
    );
    expect((await kit.checkIn(adminA, event.event_id, {})).statusCode).toBe(400);
    const first = await kit.checkIn(adminA, event.event_id, { ticket_code: data.ticket_code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ checked_in_count: 1, message: EVENT_MESSAGES.checkedIn });
    const second = await kit.checkIn(adminA, event.event_id, { ticket_code: data.ticket_code });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^This ticket was already used at .+\(Europe\/Paris\)\.$/);
    const unknown = await kit.checkIn(adminA, event.event_id, { ticket_code: 'not-a-real-ticket-code' });
    expect(unknown.statusCode).toBe(404);
    const count = await kit.call(
      adminA,
      'GET',
      `${EVENT_REGISTRATIONS_API}/getCheckInCount/${event.event_id}`,
    );
    expect(count.json().data).toEqual({ event_id: event.event_id, checked_in: 1, confirmed: 1 });
  });

  it('lets only the organisers follow the event’s room (live check-in count)', async () => {
    const event = await kit.created(adminA);
    const rooms = t.app.realtime.rooms;
    expect(await rooms.authorize('event', adminA, String(event.event_id))).toBe(true);
    expect(await rooms.authorize('event', platform, String(event.event_id))).toBe(true);
    expect(await rooms.authorize('event', adminB, String(event.event_id))).toBe(false);
    expect(await rooms.authorize('event', await person(tenantA), String(event.event_id))).toBe(false);
    expect(await rooms.authorize('event', adminA, 'x')).toBe(false);
  });

  it('checks in by a registration found by name', async () => {
    const event = await kit.created(adminA);
    const someone = await person();
    const reg = (await kit.register(someone, event.event_id)).json().data;
    const found = (await kit.registrations(adminA, event.event_id, '?search=Test%20User')).json().data;
    expect(found.map((row: { registration_id: number }) => row.registration_id)).toContain(
      reg.registration_id,
    );
    const done = await kit.checkIn(adminA, event.event_id, { registration_id: reg.registration_id });
    expect(done.statusCode).toBe(200);
  });
});
