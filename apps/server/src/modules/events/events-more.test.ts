import { CALENDAR_API, EVENT_MESSAGES, EVENTS_API } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsTable, mailOutbox } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { eventKit, inDays } from './test-kit';

/** Issue 17 point 1: an organiser deletes an event (soft); everyone else is refused and nothing changes. */

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
const remove = (actor: Actor | null, id: number | string) =>
  kit.call(actor, 'DELETE', `${EVENTS_API}/deleteEvent/${id}`);

async function rowOf(eventId: number) {
  const [row] = await t.database.system.select().from(eventsTable).where(eq(eventsTable.event_id, eventId));
  return row!;
}

const listed = async (actor: Actor | null, query: string) =>
  (await kit.list(actor, query)).json().data.map((row: { event_id: number }) => row.event_id) as number[];

async function calendarUids(actor: Actor): Promise<string[]> {
  const range = `start=${encodeURIComponent(inDays(0))}&end=${encodeURIComponent(inDays(10))}`;
  const response = await kit.call(actor, 'GET', `${CALENDAR_API}/getItems?${range}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((item: { uid: string }) => item.uid);
}

describe('deleteEvent', () => {
  it('soft-deletes the organiser’s event: stamped in the database, then gone from reads, lists and calendars', async () => {
    const event = await kit.created(adminA, { title: `Doomed meetup ${Date.now()}` });
    const attendee = await person();
    expect((await kit.register(attendee, event.event_id)).statusCode).toBe(201);
    expect(await calendarUids(attendee)).toContain(`event-${event.event_id}`);

    const response = await remove(adminA, event.event_id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { event_id: event.event_id } });

    // The row stays (soft delete) and records who deleted it and when.
    const row = await rowOf(event.event_id);
    expect(row.is_deleted).toBe(true);
    expect(row.deleted_by).toBe(adminA.userId);
    expect(row.deleted_at).toBeInstanceOf(Date);

    // Every following read answers as if the event did not exist.
    const gone = await kit.get(adminA, event.event_id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(EVENT_MESSAGES.notFound);
    expect((await kit.get(null, event.event_id)).statusCode).toBe(404);
    expect(await listed(null, '?limit=100&when=all')).not.toContain(event.event_id);
    expect(await listed(adminA, '?limit=100&when=all&view=manage')).not.toContain(event.event_id);
    expect((await kit.mine(attendee, event.event_id)).statusCode).toBe(404);
    expect((await kit.register(await person(), event.event_id)).statusCode).toBe(404);
    expect(await calendarUids(attendee)).not.toContain(`event-${event.event_id}`);

    // A second delete finds nothing to delete.
    const again = await remove(adminA, event.event_id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(EVENT_MESSAGES.notFound);
  });

  it('lets a platform admin delete a tenant’s event', async () => {
    const event = await kit.created(adminA);
    const response = await remove(platform, event.event_id);
    expect(response.statusCode, response.body).toBe(200);
    expect((await rowOf(event.event_id)).deleted_by).toBe(platform.userId);
  });

  it('refuses an id that is not plain digits with a 400 naming the id, and deletes nothing', async () => {
    const event = await kit.created(adminA);
    for (const id of ['abc', '01', '0', '-1', '1.0', '99999999999']) {
      const response = await remove(adminA, id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message, id).toMatch(/^Invalid params: id: /);
    }
    expect((await rowOf(event.event_id)).is_deleted).toBe(false);
    // A well-formed id of no event is a 404.
    expect((await remove(adminA, 2_000_000_000)).statusCode).toBe(404);
  });

  it('answers 401 signed out and 403 to a member of the event’s tenant, leaving the event in place', async () => {
    const event = await kit.created(adminA);
    const signedOut = await remove(null, event.event_id);
    expect(signedOut.statusCode).toBe(401);
    const insider = await remove(await person(tenantA), event.event_id);
    expect(insider.statusCode).toBe(403);
    const row = await rowOf(event.event_id);
    expect(row.is_deleted).toBe(false);
    expect(row.deleted_by).toBeNull();
    expect((await kit.get(null, event.event_id)).statusCode).toBe(200);
  });

  it('refuses another tenant’s admin: 403 for an event it can see, 404 for one it cannot', async () => {
    const open = await kit.created(adminA);
    const visible = await remove(adminB, open.event_id);
    expect(visible.statusCode).toBe(403);
    expect(visible.json().message).toBe(EVENT_MESSAGES.notOrganiser);
    const inside = await kit.created(adminA, { visibility: 'tenant' });
    const draft = await kit.created(adminA, { status: 'draft' });
    for (const hidden of [inside, draft]) {
      const response = await remove(adminB, hidden.event_id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(EVENT_MESSAGES.notFound);
    }
    for (const untouched of [open, inside, draft])
      expect((await rowOf(untouched.event_id)).is_deleted).toBe(false);
  });

  it('keeps the platform’s own events from tenant admins (403), which only platform admins delete', async () => {
    const event = await kit.created(platform, { tenant_id: null });
    const refused = await remove(adminA, event.event_id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(EVENT_MESSAGES.notOrganiser);
    expect((await rowOf(event.event_id)).is_deleted).toBe(false);
    expect((await remove(platform, event.event_id)).statusCode).toBe(200);
  });
});

describe('an event that moves', () => {
  const jobsOf = (name: string, registrationId: number) =>
    t.app.jobs.query<{ data: { kind: string; starts_at: string } }>(
      `select data from ${t.app.jobs.schema}.job where name = $1 and (data->>'registration_id')::int = $2 order by created_on`,
      [name, registrationId],
    );

  it('tells its confirmed attendees the new time with an updated invite, and plans their reminders again', async () => {
    const event = await kit.created(adminA, { title: `Moving meetup ${Date.now()}` });
    const attendee = await kit.newUser();
    const reg = (await kit.register(member(attendee, null), event.event_id)).json().data;
    expect(reg.status).toBe('confirmed');
    const first = await jobsOf('events.reminder', reg.registration_id);
    expect(first.map((job) => job.data.kind).sort()).toEqual(['day', 'hour']);
    // Each waits until its time: a day and an hour before the start.
    const due = await t.app.jobs.query<{ kind: string; start_after: Date }>(
      `select data->>'kind' as kind, start_after from ${t.app.jobs.schema}.job
        where name = 'events.reminder' and (data->>'registration_id')::int = $1`,
      [reg.registration_id],
    );
    const start = Date.parse(first[0]!.data.starts_at);
    expect(
      Object.fromEntries(due.map((job) => [job.kind, start - new Date(job.start_after).getTime()])),
    ).toEqual({
      day: 86_400_000,
      hour: 3_600_000,
    });

    // A change that keeps the start plans nothing new.
    expect((await kit.update(adminA, event.event_id, { title: `${event.title}!` })).statusCode).toBe(200);
    await t.app.jobs.drain('events.moved');
    expect(await jobsOf('events.reminder', reg.registration_id)).toHaveLength(2);

    const startsAt = inDays(5);
    const moved = await kit.update(adminA, event.event_id, { starts_at: startsAt, ends_at: inDays(5, 2) });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.app.jobs.drain('events.moved');
    await t.app.jobs.drain('mail.send');

    const reminders = await jobsOf('events.reminder', reg.registration_id);
    const planned = reminders.filter((job) => job.data.starts_at === startsAt).map((job) => job.data.kind);
    expect(planned.sort()).toEqual(['day', 'hour']);
    const [mail] = await t.database.system
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `New time: ${event.title}!`));
    expect(mail?.text_body).toContain('has moved');
    const ics = (mail?.meta as { ics?: string } | null)?.ics ?? '';
    expect(ics).toContain(`UID:event-${event.event_id}@nexus`);
    expect(ics).toContain(`DTSTART:${startsAt.slice(0, 19).replace(/[-:]/g, '')}Z`);
  });

  it('leaves a cancelled registration out', async () => {
    const event = await kit.created(adminA, { title: `Left meetup ${Date.now()}` });
    const attendee = member(await kit.newUser(), null);
    const reg = (await kit.register(attendee, event.event_id)).json().data;
    await kit.verb(attendee, 'cancelRegistration', event.event_id);
    const startsAt = inDays(6);
    expect(
      (await kit.update(adminA, event.event_id, { starts_at: startsAt, ends_at: inDays(6, 1) })).statusCode,
    ).toBe(200);
    await t.app.jobs.drain('events.moved');
    const reminders = await jobsOf('events.reminder', reg.registration_id);
    expect(reminders.filter((job) => job.data.starts_at === startsAt)).toHaveLength(0);
  });
});

describe('a repeated list', () => {
  type Listed = {
    event_id: number;
    seats_left: number | null;
    my_status: string | null;
    online_url: string | null;
  };
  const page = async (actor: Actor | null, title: string) =>
    (await kit.list(actor, `?search=${encodeURIComponent(title)}`)).json().data as Listed[];

  it('shows the seats and the caller’s own status as they are now, and a new event at once', async () => {
    const title = `Kept list ${Date.now()}`;
    const event = await kit.created(adminA, {
      title,
      capacity: 5,
      mode: 'online',
      venue: null,
      online_url: 'https://meet.example.test/kept',
    });
    const first = member(await kit.newUser(), null);
    const second = member(await kit.newUser(), null);
    expect(await page(first, title)).toMatchObject([
      { event_id: event.event_id, seats_left: 5, my_status: null },
    ]);
    expect(await page(second, title)).toMatchObject([{ seats_left: 5, my_status: null }]);

    expect((await kit.register(first, event.event_id)).statusCode).toBe(201);
    // The same list, read again at once by each of them: a seat fewer, and only the first registered.
    expect(await page(first, title)).toMatchObject([
      { seats_left: 4, my_status: 'confirmed', online_url: 'https://meet.example.test/kept' },
    ]);
    expect(await page(second, title)).toMatchObject([{ seats_left: 4, my_status: null, online_url: null }]);
    expect(await page(null, title)).toMatchObject([{ seats_left: 4, my_status: null, online_url: null }]);

    const another = await kit.created(adminA, { title: `${title} again` });
    expect((await page(second, title)).map((row) => row.event_id).sort()).toEqual(
      [event.event_id, another.event_id].sort(),
    );
  });
});
