import { ECOSYSTEM_API, FUNDING_API, FUNDING_MESSAGES } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundingCalls, notifications, profileSections } from '../../../db/schema';
import type { Actor } from '../../../http/policy';
import { makeApp, type TestApp } from '../../../test/make-app';
import { caller, makeStartup, STARTUP, somebody } from '../test-helpers';

let t: TestApp;
let call: ReturnType<typeof caller>;
const F = FUNDING_API;

beforeAll(async () => {
  t = await makeApp();
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
});

const INVESTOR = {
  name: 'Baobab Ventures',
  kind: 'vc',
  country: 'NG',
  sectors: ['climate'],
  stages: ['seed'],
};
const CALL = {
  title: 'Climate seed round 2027',
  thesis: 'Seed tickets for climate hardware in West Africa.',
  sector: 'climate',
  stage: 'seed',
  ticket_min: 50_000,
  ticket_max: 250_000,
};
const closesIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function investorWithCall(): Promise<{ investor: Actor; callId: number }> {
  const investor = await somebody(t);
  const profile = await call(investor, 'POST', `${F}/createInvestor`, INVESTOR);
  expect(profile.statusCode, profile.body).toBe(201);
  const created = await call(investor, 'POST', `${F}/createCall`, { ...CALL, closes_at: closesIn(30) });
  expect(created.statusCode, created.body).toBe(201);
  return { investor, callId: created.json().data.call_id };
}

async function founderWithProfile() {
  const founder = await somebody(t);
  await t.database.system.insert(profileSections).values({
    user_id: founder.userId,
    section: 'fundraising',
    data: { amount_sought: 200000, currency: 'USD', stage: 'seed', show_on_profile: true },
  });
  const { startup_id } = await makeStartup(t, founder);
  return { founder, startupId: startup_id };
}

describe('investors and calls', () => {
  it('lists investors and open calls signed out, with their defaults', async () => {
    const { callId } = await investorWithCall();
    const investors = await call(null, 'GET', `${F}/getInvestors`);
    expect(investors.statusCode, investors.body).toBe(200);
    expect(investors.json().data.some((i: { name: string }) => i.name === INVESTOR.name)).toBe(true);
    const calls = await call(null, 'GET', `${F}/getCalls`);
    expect(calls.statusCode).toBe(200);
    const listed = calls.json().data.find((c: { call_id: number }) => c.call_id === callId);
    expect(listed.is_open).toBe(true);
    // How many applied is the investor's business only.
    expect(listed.applications).toBeNull();
    expect((await call(null, 'GET', `${F}/getCalls/${callId}`)).json().data.title).toBe(CALL.title);
    expect((await call(null, 'GET', `${F}/getCalls?sector=health&search=climate`)).json().data).toEqual([]);
    expect(
      (await call(null, 'POST', `${F}/createCall`, { ...CALL, closes_at: closesIn(3) })).statusCode,
    ).toBe(401);
  });

  it('refuses a call without an investor profile, a past closing date or tickets upside down', async () => {
    const nobody = await somebody(t);
    const refused = await call(nobody, 'POST', `${F}/createCall`, { ...CALL, closes_at: closesIn(3) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(FUNDING_MESSAGES.needInvestor);
    const { investor, callId } = await investorWithCall();
    expect((await call(investor, 'POST', `${F}/createInvestor`, INVESTOR)).statusCode).toBe(409);
    const past = await call(investor, 'POST', `${F}/createCall`, {
      ...CALL,
      closes_at: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    const upside = await call(investor, 'POST', `${F}/createCall`, {
      ...CALL,
      ticket_min: 10,
      ticket_max: 5,
      closes_at: closesIn(3),
    });
    expect(upside.statusCode).toBe(400);
    const other = await somebody(t);
    expect((await call(other, 'DELETE', `${F}/deleteCall/${callId}`)).statusCode).toBe(403);
  });
});

describe('one investor and their own profile and calls', () => {
  it('shows an investor signed out, gives the owner their profile, and lets only them edit', async () => {
    const { investor, callId } = await investorWithCall();
    const mine = await call(investor, 'GET', `${F}/getMyInvestor`);
    expect(mine.statusCode, mine.body).toBe(200);
    const investorId = mine.json().data.investor_id;
    expect(mine.json().data.name).toBe(INVESTOR.name);
    expect((await call(await somebody(t), 'GET', `${F}/getMyInvestor`)).json().data).toBeNull();
    expect((await call(null, 'GET', `${F}/getMyInvestor`)).statusCode).toBe(401);

    const shown = await call(null, 'GET', `${F}/getInvestors/${investorId}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.name).toBe(INVESTOR.name);
    expect((await call(null, 'GET', `${F}/getInvestors/999999`)).statusCode).toBe(404);

    const other = await somebody(t);
    const body = { name: 'Baobab Capital' };
    expect((await call(other, 'PUT', `${F}/updateInvestor/${investorId}`, body)).statusCode).toBe(403);
    expect((await call(null, 'PUT', `${F}/updateInvestor/${investorId}`, body)).statusCode).toBe(401);
    expect(
      (await call(investor, 'PUT', `${F}/updateInvestor/${investorId}`, { kind: 'dragon' })).statusCode,
    ).toBe(400);
    const renamed = await call(investor, 'PUT', `${F}/updateInvestor/${investorId}`, body);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await call(null, 'GET', `${F}/getInvestors/${investorId}`)).json().data.name).toBe(
      'Baobab Capital',
    );

    // An edit sends the whole call again (the form's every field).
    const retitled = { ...CALL, title: 'Climate seed round 2027, second close', closes_at: closesIn(40) };
    expect((await call(other, 'PUT', `${F}/updateCall/${callId}`, retitled)).statusCode).toBe(403);
    expect(
      (
        await call(investor, 'PUT', `${F}/updateCall/${callId}`, {
          ...retitled,
          ticket_min: 10,
          ticket_max: 5,
        })
      ).statusCode,
    ).toBe(400);
    const updated = await call(investor, 'PUT', `${F}/updateCall/${callId}`, retitled);
    expect(updated.statusCode, updated.body).toBe(200);
    const read = (await call(null, 'GET', `${F}/getCalls/${callId}`)).json().data;
    expect(read.title).toBe(retitled.title);
    expect(read.ticket_min).toBe(CALL.ticket_min);
  });
});

describe('funding applications and the deal-flow board', () => {
  it('applies once with the fundraising profile; the investor moves, rates and notes it', async () => {
    const { investor, callId } = await investorWithCall();
    const { founder, startupId } = await founderWithProfile();
    const applied = await call(founder, 'POST', `${F}/createApplication`, {
      call_id: callId,
      startup_id: startupId,
      message: 'We match your thesis.',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const applicationId = applied.json().data.application_id;
    const twice = await call(founder, 'POST', `${F}/createApplication`, {
      call_id: callId,
      startup_id: startupId,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(FUNDING_MESSAGES.alreadyApplied);

    // The investor now reads the startup's private fields; a stranger still does not.
    const seen = (await call(investor, 'GET', `${ECOSYSTEM_API}/getStartups/${startupId}`)).json().data;
    expect(seen.traction).toBe(STARTUP.traction);

    const board = (await call(investor, 'GET', `${F}/getDealFlow`)).json().data;
    expect(board).toHaveLength(1);
    expect(board[0].stage).toBe('new');
    expect(board[0].fundraising.amount_sought).toBe(200000);
    const moved = await call(investor, 'PUT', `${F}/moveDeal/${applicationId}`, {
      stage: 'meeting',
      position: 0,
    });
    expect(moved.json().data.stage).toBe('meeting');
    const rated = await call(investor, 'PUT', `${F}/rateDeal/${applicationId}`, {
      rating: 4,
      notes: 'Call the CTO.',
    });
    expect(rated.json().data.rating).toBe(4);
    expect((await call(investor, 'PUT', `${F}/rateDeal/${applicationId}`, { rating: 9 })).statusCode).toBe(
      400,
    );
    expect((await call(investor, 'PUT', `${F}/moveDeal/${applicationId}`, { stage: 'won' })).statusCode).toBe(
      400,
    );

    // The founder sees the application, never the board's stage, rating or notes.
    const mine = (await call(founder, 'GET', `${F}/getMyApplications`)).json().data;
    expect(mine).toHaveLength(1);
    expect(JSON.stringify(mine)).not.toContain('Call the CTO');
    expect((await call(founder, 'PUT', `${F}/rateDeal/${applicationId}`, { rating: 5 })).statusCode).toBe(
      404,
    );
    expect((await call(founder, 'GET', `${F}/getDealFlow`)).json().data).toEqual([]);

    await t.app.events.drain();
    const inbox = await t.database.system
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.user_id, investor.userId), eq(notifications.category, 'ecosystem')));
    expect(inbox.map((n) => n.title)).toEqual([`Solar Loop applied to ${CALL.title}`]);
  });

  it('needs a fundraising profile, the startup’s owner and an open call', async () => {
    const { callId } = await investorWithCall();
    const bare = await somebody(t);
    const { startup_id } = await makeStartup(t, bare);
    const noProfile = await call(bare, 'POST', `${F}/createApplication`, { call_id: callId, startup_id });
    expect(noProfile.statusCode).toBe(400);
    expect(noProfile.json().message).toContain(FUNDING_MESSAGES.needFundraising);
    const { founder, startupId } = await founderWithProfile();
    const foreign = await call(founder, 'POST', `${F}/createApplication`, { call_id: callId, startup_id });
    expect(foreign.statusCode).toBe(400);
    await t.database.system
      .update(fundingCalls)
      .set({ closes_at: new Date(Date.now() - 1000) })
      .where(eq(fundingCalls.call_id, callId));
    const late = await call(founder, 'POST', `${F}/createApplication`, {
      call_id: callId,
      startup_id: startupId,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(FUNDING_MESSAGES.callClosed);
    const open = (await call(null, 'GET', `${F}/getCalls`)).json().data;
    expect(open.some((c: { call_id: number }) => c.call_id === callId)).toBe(false);
    const all = (await call(null, 'GET', `${F}/getCalls?state=all&limit=100`)).json().data;
    expect(all.find((c: { call_id: number }) => c.call_id === callId)?.is_open).toBe(false);
  });
});
