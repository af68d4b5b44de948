import { COMPETITION_MESSAGES, COMPETITIONS_API } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionEntryMembers } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 17 point 4: declining a team invitation, and the organiser's list of a round's submissions. */

const BASE = COMPETITIONS_API;
let t: TestApp;
let tenantA: number;
let tenantB: number;
let adminA: Actor;
let adminB: Actor;
let root: Actor;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const newUser = async (first_name = 'Test') => (await makeUser(t.database, { first_name })).user_id;

function call(
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
) {
  t.actAs(actor);
  return t.app.inject({
    method,
    url: `${BASE}/${path}`,
    ...(payload !== undefined && { payload: payload as object }),
  });
}

const rounds = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    name: `Round ${i + 1}`,
    submission_deadline: inDays(7 * (i + 1)),
    criteria: [{ name: 'Impact', weight: 1 }],
  }));

async function create(actor: Actor, payload: Record<string, unknown> = {}) {
  const response = await call(actor, 'POST', 'createCompetition', {
    title: `Challenge ${Math.random()}`,
    brief: '<p>Build it</p>',
    status: 'published',
    participation: 'both',
    max_team_size: 3,
    rounds: rounds(1),
    ...payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { competition_id: number; rounds: { round_id: number }[] };
}

beforeAll(async () => {
  t = await makeApp();
  tenantA = (await makeTenant(t.database)).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
  adminA = tenantAdmin(await newUser(), tenantA);
  adminB = tenantAdmin(await newUser(), tenantB);
  root = platformAdmin(await newUser());
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('declineInvite', () => {
  /** A tenant A competition where Alice captains a team and has invited Dave. */
  async function invited() {
    const { competition_id: id } = await create(adminA);
    const alice = member(await newUser('Alice'), tenantA);
    const dave = member(await newUser('Dave'), tenantA);
    const team = await call(alice, 'POST', `register/${id}`, { kind: 'team', team_name: 'Chain Gang' });
    expect(team.statusCode, team.body).toBe(201);
    const entryId = team.json().data.entry_id as number;
    const sent = await call(alice, 'POST', `inviteMember/${entryId}`, { user_id: dave.userId });
    expect(sent.statusCode, sent.body).toBe(200);
    return { id, alice, dave, entryId };
  }

  const membership = async (entryId: number, userId: number) =>
    t.database.system
      .select({ status: competitionEntryMembers.status })
      .from(competitionEntryMembers)
      .where(and(eq(competitionEntryMembers.entry_id, entryId), eq(competitionEntryMembers.user_id, userId)));
  const invitesOf = async (actor: Actor) =>
    (await call(actor, 'GET', 'getMyInvites')).json().data as { entry_id: number }[];

  it('drops the invitation: gone from the invitee’s list and the team, and it can no longer be accepted', async () => {
    const { id, alice, dave, entryId } = await invited();
    expect(await invitesOf(dave)).toEqual([expect.objectContaining({ entry_id: entryId })]);

    const response = await call(dave, 'POST', `declineInvite/${entryId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { entry_id: entryId } });

    expect(await membership(entryId, dave.userId)).toEqual([]);
    expect(await invitesOf(dave)).toEqual([]);
    const team = (await call(alice, 'GET', `getMyEntry/${id}`)).json().data;
    expect(team.members.map((m: { user_id: number }) => m.user_id)).toEqual([alice.userId]);
    const late = await call(dave, 'POST', `acceptInvite/${entryId}`);
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(COMPETITION_MESSAGES.noInvite);
    expect((await call(dave, 'POST', `declineInvite/${entryId}`)).statusCode).toBe(404);
    // Declining leaves Dave free: the captain may invite him again, or he may enter alone.
    expect((await call(alice, 'POST', `inviteMember/${entryId}`, { user_id: dave.userId })).statusCode).toBe(
      200,
    );
    expect((await call(dave, 'POST', `declineInvite/${entryId}`)).statusCode).toBe(200);
    expect((await call(dave, 'POST', `register/${id}`, { kind: 'individual' })).statusCode).toBe(201);
  });

  it('declines only the team named: another team’s invitation to the same person stays', async () => {
    const { id, dave, entryId } = await invited();
    const erin = member(await newUser('Erin'), tenantA);
    const other = (await call(erin, 'POST', `register/${id}`, { kind: 'team', team_name: 'Other' })).json()
      .data.entry_id as number;
    expect((await call(erin, 'POST', `inviteMember/${other}`, { user_id: dave.userId })).statusCode).toBe(
      200,
    );
    expect((await call(dave, 'POST', `declineInvite/${entryId}`)).statusCode).toBe(200);
    expect((await invitesOf(dave)).map((invite) => invite.entry_id)).toEqual([other]);
    expect(await membership(other, dave.userId)).toEqual([{ status: 'invited' }]);
  });

  it('refuses an entry id that is not plain digits with a 400 naming the id, keeping the invitation', async () => {
    const { dave, entryId } = await invited();
    for (const bad of ['abc', '01', '0', '1e3']) {
      const response = await call(dave, 'POST', `declineInvite/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toMatch(/^Invalid params: id: /);
    }
    expect(await membership(entryId, dave.userId)).toEqual([{ status: 'invited' }]);
  });

  it('answers 401 signed out and 404 to anyone not invited (captain, stranger, other tenant), changing nothing', async () => {
    const { alice, dave, entryId } = await invited();
    expect((await call(null, 'POST', `declineInvite/${entryId}`)).statusCode).toBe(401);
    const strangers = [alice, member(await newUser(), tenantA), member(await newUser(), tenantB), adminB];
    for (const stranger of strangers) {
      const response = await call(stranger, 'POST', `declineInvite/${entryId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(COMPETITION_MESSAGES.noInvite);
    }
    // The captain's membership and Dave's invitation are untouched.
    expect(await membership(entryId, alice.userId)).toEqual([{ status: 'member' }]);
    expect(await membership(entryId, dave.userId)).toEqual([{ status: 'invited' }]);
    expect((await call(dave, 'POST', 'declineInvite/2000000000')).statusCode).toBe(404);
  });
});

describe('getSubmissions', () => {
  /** A two-round tenant A competition with a team and an individual who both submitted in round 1. */
  async function submitted() {
    const created = await create(adminA, { rounds: rounds(2) });
    const id = created.competition_id;
    const [first, second] = created.rounds.map((round) => round.round_id) as [number, number];
    const alice = member(await newUser('Alice'), tenantA);
    const bob = member(await newUser('Bob'), tenantA);
    await call(alice, 'POST', `register/${id}`, { kind: 'team', team_name: 'Chain Gang' });
    await call(bob, 'POST', `register/${id}`, { kind: 'individual' });
    const submit = async (actor: Actor, title: string) => {
      const response = await call(actor, 'PUT', `saveSubmission/${first}`, {
        title,
        text: `${title} text`,
        links: ['https://example.org/demo'],
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.submission_id as number;
    };
    const teamSubmission = await submit(alice, 'Team idea');
    const bobSubmission = await submit(bob, 'Solo idea');
    return { id, first, second, alice, bob, submit, teamSubmission, bobSubmission };
  }

  it('lists every submission of the current round for the organiser, in order, with the entry’s name', async () => {
    const { id, first, teamSubmission, bobSubmission } = await submitted();
    const response = await call(adminA, 'GET', `getSubmissions/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Record<string, unknown>[];
    expect(data).toEqual([
      {
        submission_id: teamSubmission,
        round_id: first,
        entry_id: expect.any(Number),
        entry_name: 'Chain Gang',
        title: 'Team idea',
        text: 'Team idea text',
        links: ['https://example.org/demo'],
        file_ids: [],
        advanced: false,
        modified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      expect.objectContaining({ submission_id: bobSubmission, entry_name: 'Bob User', title: 'Solo idea' }),
    ]);
    // Platform admins organise every competition.
    const byRoot = await call(root, 'GET', `getSubmissions/${id}`);
    expect(byRoot.statusCode).toBe(200);
    expect(byRoot.json().data).toHaveLength(2);
  });

  it('answers a chosen round, and shows a replaced submission as it now stands', async () => {
    const { id, first, second, bob, submit, bobSubmission } = await submitted();
    const later = await call(adminA, 'GET', `getSubmissions/${id}?round_id=${second}`);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data).toEqual([]);
    expect(await submit(bob, 'Solo idea, revised')).toBe(bobSubmission);
    const now = (await call(adminA, 'GET', `getSubmissions/${id}?round_id=${first}`)).json().data as {
      submission_id: number;
      title: string;
    }[];
    expect(now.find((row) => row.submission_id === bobSubmission)?.title).toBe('Solo idea, revised');
    expect(now).toHaveLength(2);
  });

  it('refuses a bad id, a bad or foreign round and unknown query fields with a 400', async () => {
    const { id } = await submitted();
    const elsewhere = (await create(adminA)).rounds[0]!.round_id;
    const foreign = await call(adminA, 'GET', `getSubmissions/${id}?round_id=${elsewhere}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(COMPETITION_MESSAGES.unknownRound);
    for (const query of ['?round_id=abc', '?round_id=0', '?round_id=-2', '?sort=title']) {
      const response = await call(adminA, 'GET', `getSubmissions/${id}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^Invalid querystring: /);
    }
    const badId = await call(adminA, 'GET', 'getSubmissions/01');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/^Invalid params: id: /);
    expect((await call(adminA, 'GET', 'getSubmissions/2000000000')).statusCode).toBe(404);
  });

  it('answers 401 signed out, 403 to entrants and judges, 404 to another tenant’s admin', async () => {
    const { id, alice, bob } = await submitted();
    expect((await call(null, 'GET', `getSubmissions/${id}`)).statusCode).toBe(401);
    const judge = member(await newUser(), null);
    expect((await call(adminA, 'PUT', `setJudges/${id}`, { user_ids: [judge.userId] })).statusCode).toBe(200);
    for (const outsider of [alice, bob, judge, member(await newUser(), tenantA)]) {
      const response = await call(outsider, 'GET', `getSubmissions/${id}`);
      expect(response.statusCode).toBe(403);
      expect(JSON.stringify(response.json())).not.toContain('Team idea');
    }
    const otherTenant = await call(adminB, 'GET', `getSubmissions/${id}`);
    expect(otherTenant.statusCode).toBe(404);
    expect(otherTenant.json().message).toBe(COMPETITION_MESSAGES.notFound);
  });

  it('refuses a tenant admin the platform’s own competition it can see (403)', async () => {
    const open = await create(root, { tenant_id: null, visibility: 'public' });
    const response = await call(adminA, 'GET', `getSubmissions/${open.competition_id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(COMPETITION_MESSAGES.notOrganiser);
  });
});
