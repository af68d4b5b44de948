import { COMMUNITY_API, COMMUNITY_MESSAGES, COMPETITIONS_API } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeTenant, member, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { eventBody, eventKit, inDays } from './test-kit';

/**
 * The community link of events and competitions (migration 0033): set by the community's
 * moderators, listed by `community_id` (one community) or `mine` (the caller's communities).
 */

let t: TestApp;
let kit: ReturnType<typeof eventKit>;
let tenantA: number;
let organiser: Actor;
let outsider: Actor;
let memberA: Actor;
let openId: number;
let privateId: number;

async function communityCall(actor: Actor | null, method: 'GET' | 'POST', path: string, payload?: object) {
  t.actAs(actor);
  return t.app.inject({ method, url: `${COMMUNITY_API}/${path}`, ...(payload ? { payload } : {}) });
}

async function competitionCall(
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: object,
) {
  t.actAs(actor);
  return t.app.inject({ method, url: `${COMPETITIONS_API}/${path}`, ...(payload ? { payload } : {}) });
}

const competitionBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Challenge ${Math.random()}`,
  status: 'published',
  visibility: 'platform',
  rounds: [{ name: 'Round 1', submission_deadline: inDays(7), criteria: [{ name: 'Impact', weight: 1 }] }],
  ...overrides,
});

beforeAll(async () => {
  t = await makeApp();
  kit = eventKit(t);
  tenantA = (await makeTenant(t.database)).tenant_id;
  // Both admins organise the tenant's events; only the first owns (so moderates) the platform
  // communities below.
  organiser = tenantAdmin(await kit.newUser(), tenantA);
  outsider = tenantAdmin(await kit.newUser(), tenantA);
  memberA = member(await kit.newUser(), tenantA);
  const open = await communityCall(organiser, 'POST', 'communities/createCommunity', {
    name: 'Open makers',
    visibility: 'public',
    tenant_id: null,
  });
  openId = open.json().data.community_id;
  const closed = await communityCall(organiser, 'POST', 'communities/createCommunity', {
    name: 'Closed makers',
    visibility: 'private',
    tenant_id: null,
  });
  privateId = closed.json().data.community_id;
  expect((await communityCall(memberA, 'POST', `communities/join/${openId}`)).statusCode).toBeLessThan(300);
});
afterAll(async () => {
  await t?.close();
});

describe('events linked to a community', () => {
  it('lets a moderator link an event and lists it for the community and for its members', async () => {
    const event = await kit.created(organiser, { community_id: openId });
    const other = await kit.created(organiser);
    const byCommunity = await kit.list(memberA, `?community_id=${openId}`);
    expect(byCommunity.statusCode, byCommunity.body).toBe(200);
    const ids = byCommunity.json().data.map((e: { event_id: number }) => e.event_id);
    expect(ids).toContain(event.event_id);
    expect(ids).not.toContain(other.event_id);
    expect(byCommunity.json().data[0].community_id).toBe(openId);
    const mine = await kit.list(memberA, '?community_id=mine');
    expect(mine.json().data.map((e: { event_id: number }) => e.event_id)).toEqual([event.event_id]);
    // Someone in no community gets an empty list, not an error.
    const none = await kit.list(member(await kit.newUser(), tenantA), '?community_id=mine');
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toEqual([]);
  });

  it('refuses a link by someone who does not moderate the community, and stores nothing', async () => {
    const refused = await kit.create(outsider, eventBody({ community_id: openId }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMMUNITY_MESSAGES.moderatorsOnly);
    const own = await kit.created(outsider);
    const update = await kit.update(outsider, own.event_id, { community_id: openId });
    expect(update.statusCode).toBe(403);
    expect((await kit.get(outsider, own.event_id)).json().data.community_id).toBeNull();
    // A private community the caller cannot read is not confirmed to exist.
    const hidden = await kit.create(outsider, eventBody({ community_id: privateId }));
    expect(hidden.statusCode).toBe(404);
  });

  it('answers 404 for the events of a private community to a non-member, and 400 for a bad filter', async () => {
    const response = await kit.list(memberA, `?community_id=${privateId}`);
    expect(response.statusCode).toBe(404);
    expect((await kit.list(null, `?community_id=${openId}`)).statusCode).toBe(404);
    expect((await kit.list(memberA, '?community_id=ours')).statusCode).toBe(400);
  });
});

describe('competitions linked to a community', () => {
  it('links on create for a moderator, lists by community and mine, refuses others', async () => {
    const created = await competitionCall(
      organiser,
      'POST',
      'createCompetition',
      competitionBody({ community_id: openId }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.competition_id as number;
    expect(created.json().data.community_id).toBe(openId);
    const listed = await competitionCall(memberA, 'GET', `getCompetitions?community_id=${openId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((c: { competition_id: number }) => c.competition_id)).toEqual([id]);
    const mine = await competitionCall(memberA, 'GET', 'getCompetitions?community_id=mine');
    expect(mine.json().data.map((c: { competition_id: number }) => c.competition_id)).toEqual([id]);
    const refused = await competitionCall(
      outsider,
      'POST',
      'createCompetition',
      competitionBody({ community_id: openId }),
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await competitionCall(memberA, 'GET', `getCompetitions?community_id=${privateId}`)).statusCode,
    ).toBe(404);
  });
});
