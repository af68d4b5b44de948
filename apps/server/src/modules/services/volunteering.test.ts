import { VOLUNTEERING_API, VOLUNTEERING_MESSAGES } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 22 point 4: opportunities, shifts, sign-ups within capacity, hours and the profile's view. */

const V = VOLUNTEERING_API;
let t: TestApp;
let tenantA: number;
let adminA: Actor;
let adminB: Actor;
let vol: Actor;
let other: Actor;

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Beach clean-up',
  description: 'Collect litter along the shore.',
  cause: 'environment',
  location: 'Juhu, Mumbai',
  shifts: [
    { starts_at: inHours(48), ends_at: inHours(51), capacity: 2 },
    { starts_at: inHours(72), ends_at: inHours(74), capacity: 5 },
  ],
  ...overrides,
});

const call = (actor: Actor | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
  t.actAs(actor);
  return t.app.inject({ method, url: `${V}${url}`, ...(payload ? { payload: payload as object } : {}) });
};
async function publish(actor: Actor, overrides: Record<string, unknown> = {}) {
  const response = await call(actor, 'POST', '/createOpportunity', body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { opportunity_id: number; shifts: { shift_id: number }[] };
}
const signupCount = async () =>
  (
    (await t.database.system.execute(sql`select count(*)::int as n from volunteer_signups`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n ?? 0;

beforeAll(async () => {
  t = await makeApp();
  tenantA = (await makeTenant(t.database, { tenant_name: 'Green Mumbai' })).tenant_id;
  const tenantB = (await makeTenant(t.database)).tenant_id;
  adminA = tenantAdmin((await makeUser(t.database)).user_id, tenantA);
  adminB = tenantAdmin((await makeUser(t.database)).user_id, tenantB);
  vol = member((await makeUser(t.database, { first_name: 'Vera', last_name: 'Vol' })).user_id, null);
  other = member((await makeUser(t.database)).user_id, null);
});
afterAll(async () => {
  await t?.close();
});

describe('opportunities', () => {
  it('publishes with shifts for a tenant admin and lists with only the defaults', async () => {
    const created = await publish(adminA);
    expect(created.shifts).toHaveLength(2);
    const list = await call(vol, 'GET', '/getOpportunities');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ page: 1, limit: 12 });
    expect(list.json().data[0]).toMatchObject({
      organisation: 'Green Mumbai',
      cause: 'environment',
      upcoming_shifts: 2,
      open_places: 7,
    });
  });

  it('searches by word, filters by cause and day, and paginates', async () => {
    await publish(adminA, { title: 'Reading club', cause: 'education', description: 'Read with children.' });
    const words = await call(vol, 'GET', '/getOpportunities?search=reading');
    expect(words.json().data.map((o: { title: string }) => o.title)).toEqual(['Reading club']);
    const cause = await call(vol, 'GET', '/getOpportunities?cause=environment');
    expect(cause.json().data.every((o: { cause: string }) => o.cause === 'environment')).toBe(true);
    const far = await call(vol, 'GET', '/getOpportunities?from=2099-01-01');
    expect(far.json().data).toEqual([]);
    const paged = await call(vol, 'GET', '/getOpportunities?limit=1&page=2');
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().meta).toMatchObject({ page: 2, limit: 1, totalPages: paged.json().meta.total });
    expect((await call(vol, 'GET', '/getOpportunities?cause=knitting')).statusCode).toBe(400);
  });

  it('refuses members, signed-out callers and bad shifts, storing nothing', async () => {
    expect((await call(vol, 'POST', '/createOpportunity', body())).statusCode).toBe(403);
    expect((await call(null, 'POST', '/createOpportunity', body())).statusCode).toBe(401);
    expect((await call(null, 'GET', '/getOpportunities')).statusCode).toBe(401);
    const past = await call(
      adminA,
      'POST',
      '/createOpportunity',
      body({
        shifts: [{ starts_at: inHours(-2), ends_at: inHours(-1), capacity: 1 }],
      }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0].path).toBe('shifts.0.starts_at');
    const backwards = await call(
      adminA,
      'POST',
      '/createOpportunity',
      body({
        shifts: [{ starts_at: inHours(5), ends_at: inHours(4), capacity: 1 }],
      }),
    );
    expect(backwards.json().message).toBe(VOLUNTEERING_MESSAGES.endsBeforeStart);
    expect((await call(adminA, 'POST', '/createOpportunity', body({ shifts: [] }))).statusCode).toBe(400);
    expect((await call(adminA, 'POST', '/createOpportunity', body({ tenant_id: 99 }))).statusCode).toBe(400);
    // A platform admin outside any organisation has no tenant to publish in.
    expect((await call(platformAdmin(adminA.userId), 'POST', '/createOpportunity', body())).statusCode).toBe(
      403,
    );
  });
});

describe('sign-ups', () => {
  it('signs up once, refuses a full shift, and frees the place on cancel', async () => {
    const { opportunity_id, shifts } = await publish(adminA);
    const shift = shifts[0]!.shift_id;
    const first = await call(vol, 'POST', '/signUp', { shift_id: shift });
    expect(first.statusCode, first.body).toBe(201);
    expect((await call(vol, 'POST', '/signUp', { shift_id: shift })).json().message).toBe(
      VOLUNTEERING_MESSAGES.alreadySignedUp,
    );
    expect((await call(other, 'POST', '/signUp', { shift_id: shift })).statusCode).toBe(201);
    const third = member((await makeUser(t.database)).user_id, null);
    const full = await call(third, 'POST', '/signUp', { shift_id: shift });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(VOLUNTEERING_MESSAGES.full);
    const detail = await call(vol, 'GET', `/getOpportunity/${opportunity_id}`);
    expect(detail.json().data.shifts[0]).toMatchObject({ taken: 2, my_signup: { status: 'signed_up' } });
    // Someone else's sign-up does not exist for the caller.
    const signupId = first.json().data.signup_id;
    expect((await call(other, 'POST', `/cancelSignup/${signupId}`)).statusCode).toBe(404);
    expect((await call(vol, 'POST', `/cancelSignup/${signupId}`)).json().data.status).toBe('cancelled');
    expect((await call(third, 'POST', '/signUp', { shift_id: shift })).statusCode).toBe(201);
  });

  it('refuses a bad body and an unknown shift, storing nothing', async () => {
    const before = await signupCount();
    expect((await call(vol, 'POST', '/signUp', {})).statusCode).toBe(400);
    expect((await call(vol, 'POST', '/signUp', { shift_id: 'x' })).statusCode).toBe(400);
    expect((await call(vol, 'POST', '/signUp', { shift_id: 2_147_000_000 })).statusCode).toBe(404);
    expect((await call(null, 'POST', '/signUp', { shift_id: 1 })).statusCode).toBe(401);
    expect(await signupCount()).toBe(before);
  });
});

describe('hours', () => {
  it('lets the organiser record hours once the shift started; they show in my shifts and on the profile', async () => {
    const { opportunity_id, shifts } = await publish(adminA, { title: 'Food bank' });
    const shift = shifts[0]!.shift_id;
    const signup = (await call(vol, 'POST', '/signUp', { shift_id: shift })).json().data.signup_id;
    expect((await call(adminA, 'PUT', `/recordHours/${signup}`, { attended: true })).json().message).toBe(
      VOLUNTEERING_MESSAGES.notStartedYet,
    );
    await t.database.system.execute(
      sql`update volunteer_shifts set starts_at = now() - interval '4 hours', ends_at = now() - interval '1 hour'
        where shift_id = ${shift}`,
    );
    // Another tenant's admin, and the volunteer, find no such sign-up.
    expect((await call(adminB, 'PUT', `/recordHours/${signup}`, { attended: true })).statusCode).toBe(404);
    expect((await call(vol, 'PUT', `/recordHours/${signup}`, { attended: true })).statusCode).toBe(403);
    expect(
      (await call(adminA, 'PUT', `/recordHours/${signup}`, { attended: true, hours: 9 })).statusCode,
    ).toBe(400);
    const recorded = await call(adminA, 'PUT', `/recordHours/${signup}`, { attended: true, hours: 2.5 });
    expect(recorded.json().data).toMatchObject({ status: 'attended', hours: 2.5 });
    const roster = await call(adminA, 'GET', `/getRoster/${opportunity_id}`);
    expect(roster.json().data[0].volunteers[0]).toMatchObject({ name: 'Vera Vol', hours: 2.5 });
    expect((await call(adminB, 'GET', `/getRoster/${opportunity_id}`)).statusCode).toBe(404);

    const mine = await call(vol, 'GET', '/getMyShifts');
    expect(mine.json().hours).toMatchObject({ total_hours: 2.5, shifts_attended: 1 });
    expect(mine.json().data.some((s: { title: string }) => s.title === 'Food bank')).toBe(true);
    const profile = await call(other, 'GET', `/getHours/${vol.userId}`);
    expect(profile.json().data).toMatchObject({
      total_hours: 2.5,
      recent: [{ title: 'Food bank', hours: 2.5 }],
    });
    expect((await call(other, 'GET', '/getHours/2147000000')).statusCode).toBe(404);
    expect((await call(null, 'GET', `/getHours/${vol.userId}`)).statusCode).toBe(401);
  });
});
