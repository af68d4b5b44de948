import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PROGRAM_LEARNER, liveCallStart, seedLiveProgram } from '../../db/seed/live-program';
import { makeTenant, makeUser, member, platformAdmin, teacher, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}) });
const data = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  (await call(method, url, payload)).json().data;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Whole seconds: iCalendar times carry no milliseconds. */
const inDays = (days: number, hours = 0) =>
  new Date(Math.floor((Date.now() + days * DAY + hours * HOUR) / 1000) * 1000).toISOString();

/** A published program of a fresh tenant with one live session (and one without a start). */
async function liveProgram(startsAt = inDays(3), endsAt = inDays(3, 1.5)) {
  const tenant = await makeTenant(t.database);
  const author = await makeUser(t.database);
  t.actAs(teacher(author.user_id, tenant.tenant_id));
  const program = await data('POST', '/api/program/programs/createProgram', {
    program_name: 'Design sprint',
    status: 'published',
    start_date: inDays(1),
  });
  const course = await data('POST', '/api/program/courses/createCourse', {
    program_id: program.program_id,
    course_name: 'C',
  });
  const module = await data('POST', '/api/program/modules/createModule', {
    course_id: course.course_id,
    module_name: 'M',
  });
  const live = await data('POST', '/api/program/units/createUnit', {
    module_id: module.module_id,
    unit_name: 'Kick-off call',
    unit_type: 'live_session',
    content: { schedule_id: 3, batch_id: 2, starts_at: startsAt, ends_at: endsAt },
  });
  await data('POST', '/api/program/units/createUnit', {
    module_id: module.module_id,
    unit_name: 'Undated call',
    unit_type: 'live_session',
    content: {},
    position: 1,
  });
  const learner = await makeUser(t.database);
  t.actAs(member(learner.user_id, tenant.tenant_id));
  await call('POST', '/api/program/programs-enrolled/createProgramEnrolled', {
    program_id: program.program_id,
  });
  return {
    tenant,
    author,
    learner,
    programId: program.program_id as number,
    unitId: live.unit_id as number,
    startsAt,
    endsAt,
  };
}

function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      url: String(vevent.getFirstPropertyValue('url')),
    };
  });
}

describe('getItems', () => {
  it("lists a learner's live session and the program's first day in UTC, linked to their pages", async () => {
    const p = await liveProgram();
    t.actAs(member(p.learner.user_id, null));
    const answer = await call('GET', `/api/calendar/getItems?start=${inDays(-1)}&end=${inDays(30)}`);
    expect(answer.statusCode).toBe(200);
    const items = answer.json().data;
    expect(items.map((item: { uid: string }) => item.uid)).toEqual([
      `program-start-${p.programId}`,
      `live-session-${p.unitId}`,
    ]);
    expect(items[1]).toMatchObject({
      title: 'Kick-off call',
      start: p.startsAt,
      end: p.endsAt,
      all_day: false,
      kind: 'live_session',
      url: `/program-content/${p.programId}?unit=${p.unitId}`,
    });
    expect(items[0]).toMatchObject({
      all_day: true,
      kind: 'program_start',
      url: `/programs/overview/${p.programId}`,
    });
    expect(items[0].start).toMatch(/T00:00:00.000Z$/);
  });

  it("gives the program's teacher the session's attendance sheet instead", async () => {
    const p = await liveProgram();
    t.actAs(teacher(p.author.user_id, p.tenant.tenant_id));
    const items = await data('GET', `/api/calendar/getItems?start=${inDays(-1)}&end=${inDays(30)}`);
    const sheet = items.find((item: { kind: string }) => item.kind === 'attendance');
    expect(sheet).toMatchObject({
      uid: `attendance-${p.unitId}`,
      url: `/attendance/live_session/3/${p.unitId}/2`,
    });
    expect(items.some((item: { kind: string }) => item.kind === 'live_session')).toBe(false);
  });

  it('defaults to the current month and leaves out what falls outside the range', async () => {
    const p = await liveProgram(inDays(80), inDays(80, 1));
    t.actAs(member(p.learner.user_id, null));
    const answer = (await call('GET', '/api/calendar/getItems')).json();
    const now = new Date();
    expect(answer.meta.start).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    );
    expect(answer.meta.end).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    );
    expect(answer.data.some((item: { kind: string }) => item.kind === 'live_session')).toBe(false);
  });

  it('takes a start alone as the 31 days from it, and a plain date as UTC midnight', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const answer = (await call('GET', '/api/calendar/getItems?start=2026-03-01')).json();
    expect(answer.meta).toEqual({
      start: '2026-03-01T00:00:00.000Z',
      end: '2026-04-01T00:00:00.000Z',
      total: 0,
    });
  });

  it('lists nothing from programs the user is not in', async () => {
    await liveProgram();
    const stranger = await makeUser(t.database);
    t.actAs(member(stranger.user_id, null));
    expect(await data('GET', `/api/calendar/getItems?start=${inDays(-1)}&end=${inDays(30)}`)).toEqual([]);
  });

  it('refuses a malformed, reversed or too long range with a 400 naming the field', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    for (const query of [
      'start=yesterday&end=2026-01-01',
      'start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z',
      'start=2026-01-01T00:00:00Z&end=2028-01-01T00:00:00Z',
      'start=2026-01-01&colour=red',
    ]) {
      const answer = await call('GET', `/api/calendar/getItems?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().details, query).toBeDefined();
    }
  });

  it('needs a session', async () => {
    t.actAs(null);
    expect((await call('GET', '/api/calendar/getItems')).statusCode).toBe(401);
  });
});

describe('downloadItem', () => {
  it('sends one item as an .ics file that an independent parser reads back', async () => {
    const p = await liveProgram();
    t.actAs(member(p.learner.user_id, null));
    const answer = await call('GET', `/api/calendar/downloadItem/live-session-${p.unitId}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/calendar');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="Kick-off-call.ics"');
    const [event] = parseFeed(answer.body);
    expect(event).toMatchObject({ uid: `live-session-${p.unitId}`, start: p.startsAt, end: p.endsAt });
  });

  it("answers 404 for another user's item, an unknown one, and 400 for a malformed uid", async () => {
    const p = await liveProgram();
    const other = await makeUser(t.database);
    t.actAs(member(other.user_id, p.tenant.tenant_id));
    expect((await call('GET', `/api/calendar/downloadItem/live-session-${p.unitId}`)).statusCode).toBe(404);
    t.actAs(member(p.learner.user_id, null));
    expect((await call('GET', '/api/calendar/downloadItem/live-session-999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/calendar/downloadItem/..%2Fetc')).statusCode).toBe(400);
    t.actAs(null);
    expect((await call('GET', `/api/calendar/downloadItem/live-session-${p.unitId}`)).statusCode).toBe(401);
  });
});

describe('the personal feed', () => {
  const feedPath = (url: string) => new URL(url).pathname;

  it('serves the items of its owner, without a session, as RFC 5545 with UTC times, UID and URL', async () => {
    const p = await liveProgram();
    t.actAs(member(p.learner.user_id, null));
    const feed = await data('GET', '/api/calendar/getFeedUrl');
    expect(feed.url).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcal_url).toMatch(/^webcal:\/\//);
    expect((await data('GET', '/api/calendar/getFeedUrl')).url).toBe(feed.url);

    t.actAs(null);
    const answer = await call('GET', feedPath(feed.url));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.body).toContain(`DTSTART:${p.startsAt.replace(/[-:]/g, '').replace('.000', '')}`);
    const events = parseFeed(answer.body);
    const live = events.find((event) => event.uid === `live-session-${p.unitId}`);
    expect(live).toEqual({
      uid: `live-session-${p.unitId}`,
      summary: 'Kick-off call',
      start: p.startsAt,
      end: p.endsAt,
      url: `${new URL(feed.url).origin}/program-content/${p.programId}?unit=${p.unitId}`,
    });
    expect(events.map((event) => event.uid)).toContain(`program-start-${p.programId}`);
  });

  it('holds some weeks back to some months ahead: a session seven months out is not in it yet', async () => {
    const p = await liveProgram(inDays(210), inDays(210, 1));
    t.actAs(member(p.learner.user_id, null));
    const feed = await data('GET', '/api/calendar/getFeedUrl');
    t.actAs(null);
    const uids = parseFeed((await call('GET', feedPath(feed.url))).body).map((event) => event.uid);
    expect(uids).toContain(`program-start-${p.programId}`);
    expect(uids).not.toContain(`live-session-${p.unitId}`);
  });

  it('keeps only a hash of the token', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const feed = await data('GET', '/api/calendar/getFeedUrl');
    const token = feed.url.split('/').pop().replace('.ics', '');
    const rows = await t.database.system.execute(
      `select * from calendar_feeds where user_id = ${user.user_id}`,
    );
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('stops answering the old address once the token is reset', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const before = await data('GET', '/api/calendar/getFeedUrl');
    const reset = await call('POST', '/api/calendar/resetFeedToken');
    expect(reset.statusCode).toBe(200);
    const after = reset.json().data;
    expect(after.url).not.toBe(before.url);
    expect((await data('GET', '/api/calendar/getFeedUrl')).url).toBe(after.url);
    t.actAs(null);
    const old = await call('GET', feedPath(before.url));
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toContain('not valid');
    expect((await call('GET', feedPath(after.url))).statusCode).toBe(200);
  });

  it('answers 404 for an unknown token and 400 for a malformed address; the feed URL needs a session', async () => {
    t.actAs(null);
    expect((await call('GET', `/api/calendar/feed/${'a'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await call('GET', '/api/calendar/feed/short.ics')).statusCode).toBe(400);
    expect((await call('GET', `/api/calendar/feed/${'a'.repeat(43)}.txt`)).statusCode).toBe(400);
    expect((await call('GET', '/api/calendar/getFeedUrl')).statusCode).toBe(401);
    expect((await call('POST', '/api/calendar/resetFeedToken')).statusCode).toBe(401);
  });
});

describe('checking a feed for /test-calendar', () => {
  it('lets a tenant admin check a member of their tenant, with the items the feed serves', async () => {
    const p = await liveProgram();
    const admin = await makeUser(t.database);
    t.actAs(tenantAdmin(admin.user_id, p.tenant.tenant_id));
    const check = await call('GET', `/api/calendar/checkFeed/${p.learner.user_id}`);
    // The learner holds no role in the tenant yet: a tenant admin administers members only.
    expect(check.statusCode).toBe(404);
    await t.database.system.execute(
      `insert into user_roles (user_id, role_id, tenant_id) values (${p.learner.user_id}, 13, ${p.tenant.tenant_id})`,
    );
    const result = await data('GET', `/api/calendar/checkFeed/${p.learner.user_id}`);
    expect(result.user.user_id).toBe(p.learner.user_id);
    expect(result.has_feed).toBe(false);
    expect(result.problems).toEqual([]);
    expect(result.event_count).toBe(result.items.length);
    expect(result.items.map((item: { uid: string }) => item.uid)).toContain(`live-session-${p.unitId}`);

    const users = await call('GET', '/api/calendar/getUsers');
    expect(users.statusCode).toBe(200);
    expect(users.json().data.map((user: { user_id: number }) => user.user_id)).toEqual([p.learner.user_id]);
    expect(users.json().meta).toMatchObject({ page: 1, limit: 10, total: 1 });
  });

  it("hides another tenant's member (404) and refuses members and the signed-out", async () => {
    const p = await liveProgram();
    const other = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    await t.database.system.execute(
      `insert into user_roles (user_id, role_id, tenant_id) values (${p.learner.user_id}, 13, ${p.tenant.tenant_id})`,
    );
    t.actAs(tenantAdmin(admin.user_id, other.tenant_id));
    expect((await call('GET', `/api/calendar/checkFeed/${p.learner.user_id}`)).statusCode).toBe(404);
    expect((await data('GET', '/api/calendar/getUsers')) ?? []).toEqual([]);
    t.actAs(member(admin.user_id, p.tenant.tenant_id));
    expect((await call('GET', `/api/calendar/checkFeed/${p.learner.user_id}`)).statusCode).toBe(403);
    expect((await call('GET', '/api/calendar/getUsers')).statusCode).toBe(403);
    t.actAs(null);
    expect((await call('GET', `/api/calendar/checkFeed/${p.learner.user_id}`)).statusCode).toBe(401);
  });

  it('lets a platform admin check anyone and search people by name', async () => {
    const p = await liveProgram();
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const result = await data('GET', `/api/calendar/checkFeed/${p.learner.user_id}`);
    expect(result.items.length).toBeGreaterThan(0);
    const found = await call('GET', `/api/calendar/getUsers?search=${p.learner.username}`);
    expect(found.json().data.map((user: { user_id: number }) => user.user_id)).toEqual([p.learner.user_id]);
    expect((await call('GET', '/api/calendar/checkFeed/0')).statusCode).toBe(400);
    expect((await call('GET', '/api/calendar/getUsers?limit=500')).statusCode).toBe(400);
    expect((await call('GET', '/api/calendar/checkFeed/2000000000')).statusCode).toBe(404);
  });
});

describe('the demo live call', () => {
  it("is on the demo learner's calendar and feed, one to three days ahead", async () => {
    const learner = await makeUser(t.database, { username: LIVE_PROGRAM_LEARNER });
    expect(await t.database.system.transaction((tx) => seedLiveProgram(tx))).toBe(1);
    expect(await t.database.system.transaction((tx) => seedLiveProgram(tx))).toBe(0);
    t.actAs(member(learner.user_id, null));
    const start = liveCallStart();
    expect(start.getTime() - Date.now()).toBeGreaterThan(DAY);
    expect(start.getTime() - Date.now()).toBeLessThan(3 * DAY);
    const items = await data('GET', `/api/calendar/getItems?start=${inDays(-1)}&end=${inDays(5)}`);
    expect(items).toEqual([
      expect.objectContaining({
        title: 'Community live call',
        start: start.toISOString(),
        kind: 'live_session',
      }),
    ]);
  });
});
