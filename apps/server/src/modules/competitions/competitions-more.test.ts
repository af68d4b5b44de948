import { COMPETITION_MESSAGES } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { competitionEntryMembers } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { member } from '../../test/factories';
import { competitionKit, roundsOf } from './test-kit';

/** Issue 17 point 4: declining a team invitation, and the organiser's list of a round's submissions. */

const kit = competitionKit();
const IMPACT = [{ name: 'Impact', weight: 1 }];

/** A competition open to individuals and teams of up to three, judged on Impact alone. */
const create = (actor: Actor, payload: Record<string, unknown> = {}) =>
  kit.create(actor, { participation: 'both', max_team_size: 3, rounds: roundsOf(1, IMPACT), ...payload });

describe('declineInvite', () => {
  /** A tenant A competition where Alice captains a team and has invited Dave. */
  async function invited() {
    const { competition_id: id } = await create(kit.adminA);
    const alice = member(await kit.newUser('Alice'), kit.tenantA);
    const dave = member(await kit.newUser('Dave'), kit.tenantA);
    const team = await kit.call(alice, 'POST', `register/${id}`, { kind: 'team', team_name: 'Chain Gang' });
    expect(team.statusCode, team.body).toBe(201);
    const entryId = team.json().data.entry_id as number;
    const sent = await kit.call(alice, 'POST', `inviteMember/${entryId}`, { user_id: dave.userId });
    expect(sent.statusCode, sent.body).toBe(200);
    return { id, alice, dave, entryId };
  }

  const membership = async (entryId: number, userId: number) =>
    kit.t.database.system
      .select({ status: competitionEntryMembers.status })
      .from(competitionEntryMembers)
      .where(and(eq(competitionEntryMembers.entry_id, entryId), eq(competitionEntryMembers.user_id, userId)));
  const invitesOf = async (actor: Actor) =>
    (await kit.call(actor, 'GET', 'getMyInvites')).json().data as { entry_id: number }[];

  it('drops the invitation: gone from the invitee’s list and the team, and it can no longer be accepted', async () => {
    const { id, alice, dave, entryId } = await invited();
    expect(await invitesOf(dave)).toEqual([expect.objectContaining({ entry_id: entryId })]);

    const response = await kit.call(dave, 'POST', `declineInvite/${entryId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { entry_id: entryId } });

    expect(await membership(entryId, dave.userId)).toEqual([]);
    expect(await invitesOf(dave)).toEqual([]);
    const team = (await kit.call(alice, 'GET', `getMyEntry/${id}`)).json().data;
    expect(team.members.map((m: { user_id: number }) => m.user_id)).toEqual([alice.userId]);
    const late = await kit.call(dave, 'POST', `acceptInvite/${entryId}`);
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(COMPETITION_MESSAGES.noInvite);
    expect((await kit.call(dave, 'POST', `declineInvite/${entryId}`)).statusCode).toBe(404);
    // Declining leaves Dave free: the captain may invite him again, or he may enter alone.
    expect(
      (await kit.call(alice, 'POST', `inviteMember/${entryId}`, { user_id: dave.userId })).statusCode,
    ).toBe(200);
    expect((await kit.call(dave, 'POST', `declineInvite/${entryId}`)).statusCode).toBe(200);
    expect((await kit.call(dave, 'POST', `register/${id}`, { kind: 'individual' })).statusCode).toBe(201);
  });

  it('declines only the team named: another team’s invitation to the same person stays', async () => {
    const { id, dave, entryId } = await invited();
    const erin = member(await kit.newUser('Erin'), kit.tenantA);
    const other = (
      await kit.call(erin, 'POST', `register/${id}`, { kind: 'team', team_name: 'Other' })
    ).json().data.entry_id as number;
    expect((await kit.call(erin, 'POST', `inviteMember/${other}`, { user_id: dave.userId })).statusCode).toBe(
      200,
    );
    expect((await kit.call(dave, 'POST', `declineInvite/${entryId}`)).statusCode).toBe(200);
    expect((await invitesOf(dave)).map((invite) => invite.entry_id)).toEqual([other]);
    expect(await membership(other, dave.userId)).toEqual([{ status: 'invited' }]);
  });

  it('refuses an entry id that is not plain digits with a 400 naming the id, keeping the invitation', async () => {
    const { dave, entryId } = await invited();
    for (const bad of ['abc', '01', '0', '1e3']) {
      const response = await kit.call(dave, 'POST', `declineInvite/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toMatch(/^Invalid params: id: /);
    }
    expect(await membership(entryId, dave.userId)).toEqual([{ status: 'invited' }]);
  });

  it('answers 401 signed out and 404 to anyone not invited (captain, stranger, other tenant), changing nothing', async () => {
    const { alice, dave, entryId } = await invited();
    expect((await kit.call(null, 'POST', `declineInvite/${entryId}`)).statusCode).toBe(401);
    const strangers = [
      alice,
      member(await kit.newUser(), kit.tenantA),
      member(await kit.newUser(), kit.tenantB),
      kit.adminB,
    ];
    for (const stranger of strangers) {
      const response = await kit.call(stranger, 'POST', `declineInvite/${entryId}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(COMPETITION_MESSAGES.noInvite);
    }
    // The captain's membership and Dave's invitation are untouched.
    expect(await membership(entryId, alice.userId)).toEqual([{ status: 'member' }]);
    expect(await membership(entryId, dave.userId)).toEqual([{ status: 'invited' }]);
    expect((await kit.call(dave, 'POST', 'declineInvite/2000000000')).statusCode).toBe(404);
  });
});

describe('getSubmissions', () => {
  /** A two-round tenant A competition with a team and an individual who both submitted in round 1. */
  async function submitted() {
    const created = await create(kit.adminA, { rounds: roundsOf(2, IMPACT) });
    const id = created.competition_id;
    const [first, second] = created.rounds.map((round) => round.round_id) as [number, number];
    const alice = member(await kit.newUser('Alice'), kit.tenantA);
    const bob = member(await kit.newUser('Bob'), kit.tenantA);
    await kit.call(alice, 'POST', `register/${id}`, { kind: 'team', team_name: 'Chain Gang' });
    await kit.call(bob, 'POST', `register/${id}`, { kind: 'individual' });
    const submit = async (actor: Actor, title: string) => {
      const response = await kit.call(actor, 'PUT', `saveSubmission/${first}`, {
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
    const response = await kit.call(kit.adminA, 'GET', `getSubmissions/${id}`);
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
    const byRoot = await kit.call(kit.root, 'GET', `getSubmissions/${id}`);
    expect(byRoot.statusCode).toBe(200);
    expect(byRoot.json().data).toHaveLength(2);
  });

  it('answers a chosen round, and shows a replaced submission as it now stands', async () => {
    const { id, first, second, bob, submit, bobSubmission } = await submitted();
    const later = await kit.call(kit.adminA, 'GET', `getSubmissions/${id}?round_id=${second}`);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data).toEqual([]);
    expect(await submit(bob, 'Solo idea, revised')).toBe(bobSubmission);
    const now = (await kit.call(kit.adminA, 'GET', `getSubmissions/${id}?round_id=${first}`)).json().data as {
      submission_id: number;
      title: string;
    }[];
    expect(now.find((row) => row.submission_id === bobSubmission)?.title).toBe('Solo idea, revised');
    expect(now).toHaveLength(2);
  });

  it('refuses a bad id, a bad or foreign round and unknown query fields with a 400', async () => {
    const { id } = await submitted();
    const elsewhere = (await create(kit.adminA)).rounds[0]!.round_id;
    const foreign = await kit.call(kit.adminA, 'GET', `getSubmissions/${id}?round_id=${elsewhere}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(COMPETITION_MESSAGES.unknownRound);
    for (const query of ['?round_id=abc', '?round_id=0', '?round_id=-2', '?sort=title']) {
      const response = await kit.call(kit.adminA, 'GET', `getSubmissions/${id}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^Invalid querystring: /);
    }
    const badId = await kit.call(kit.adminA, 'GET', 'getSubmissions/01');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/^Invalid params: id: /);
    expect((await kit.call(kit.adminA, 'GET', 'getSubmissions/2000000000')).statusCode).toBe(404);
  });

  it('answers 401 signed out, 403 to entrants and judges, 404 to another tenant’s admin', async () => {
    const { id, alice, bob } = await submitted();
    expect((await kit.call(null, 'GET', `getSubmissions/${id}`)).statusCode).toBe(401);
    const judge = member(await kit.newUser(), null);
    expect(
      (await kit.call(kit.adminA, 'PUT', `setJudges/${id}`, { user_ids: [judge.userId] })).statusCode,
    ).toBe(200);
    for (const outsider of [alice, bob, judge, member(await kit.newUser(), kit.tenantA)]) {
      const response = await kit.call(outsider, 'GET', `getSubmissions/${id}`);
      expect(response.statusCode).toBe(403);
      expect(JSON.stringify(response.json())).not.toContain('Team idea');
    }
    const otherTenant = await kit.call(kit.adminB, 'GET', `getSubmissions/${id}`);
    expect(otherTenant.statusCode).toBe(404);
    expect(otherTenant.json().message).toBe(COMPETITION_MESSAGES.notFound);
  });

  it('refuses a tenant admin the platform’s own competition it can see (403)', async () => {
    const open = await create(kit.root, { tenant_id: null, visibility: 'public' });
    const response = await kit.call(kit.adminA, 'GET', `getSubmissions/${open.competition_id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(COMPETITION_MESSAGES.notOrganiser);
  });
});
