import { COMPETITION_MESSAGES } from '@nexus/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { competitions } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { member } from '../../test/factories';
import { competitionKit, inDays, roundsOf } from './test-kit';

/** Issue 17 point 4: the organiser creates, updates and deletes competitions; who reads which. */

const kit = competitionKit();

describe('createCompetition', () => {
  it('creates a tenant competition with rounds and criteria, the brief sanitised', async () => {
    const created = await kit.create(kit.adminA, {
      brief: '<p onclick="x()">Hi<script>alert(1)</script></p>',
      slug: 'tenant-a-challenge',
    });
    const [row] = await kit.t.database.system
      .select()
      .from(competitions)
      .where(eq(competitions.competition_id, created.competition_id));
    expect(row!.brief).toBe('<p>Hi</p>');
    expect(row!.tenant_id).toBe(kit.tenantA);
    expect(row!.visibility).toBe('tenant');
    expect(created.rounds).toHaveLength(1);
    expect(created.rounds[0]!.criteria).toHaveLength(2);
  });

  it('refuses bad input with a 400 naming the problem, storing nothing', async () => {
    const before = await kit.t.database.system.select({ n: sql<number>`count(*)::int` }).from(competitions);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x', rounds: [] }, COMPETITION_MESSAGES.roundsNeeded],
      [{ title: '', rounds: roundsOf() }, COMPETITION_MESSAGES.titleEmpty],
      [
        {
          title: 'x',
          rounds: [
            { ...roundsOf()[0], submission_deadline: inDays(5) },
            { ...roundsOf()[0], submission_deadline: inDays(3) },
          ],
        },
        COMPETITION_MESSAGES.deadlineOrder,
      ],
      [{ title: 'x', rounds: [{ ...roundsOf()[0], criteria: [] }] }, COMPETITION_MESSAGES.criteriaNeeded],
      [{ title: 'x', rounds: [{ ...roundsOf()[0], criteria: [{ name: 'a', weight: 0 }] }] }, 'weight'],
      [{ title: 'x', rounds: roundsOf(), slug: 'Not A Slug!' }, 'lower-case'],
      [{ title: 'x', rounds: roundsOf(), created_by: 5, hacker: true }, ''],
    ];
    for (const [payload, message] of cases) {
      const response = await kit.call(kit.adminA, 'POST', 'createCompetition', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toContain(message);
    }
    const after = await kit.t.database.system.select({ n: sql<number>`count(*)::int` }).from(competitions);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers 401 signed out, 403 to a member, 403 for another tenant, 409 for a taken slug', async () => {
    expect(
      (await kit.call(null, 'POST', 'createCompetition', { title: 'x', rounds: roundsOf() })).statusCode,
    ).toBe(401);
    const learner = member(await kit.newUser(), kit.tenantA);
    expect(
      (await kit.call(learner, 'POST', 'createCompetition', { title: 'x', rounds: roundsOf() })).statusCode,
    ).toBe(403);
    const other = await kit.call(kit.adminA, 'POST', 'createCompetition', {
      title: 'x',
      rounds: roundsOf(),
      tenant_id: kit.tenantB,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(COMPETITION_MESSAGES.otherTenant);
    const platform = await kit.call(kit.adminA, 'POST', 'createCompetition', {
      title: 'x',
      rounds: roundsOf(),
      tenant_id: null,
    });
    expect(platform.statusCode).toBe(403);
    await kit.create(kit.root, { slug: 'taken-slug', tenant_id: null, visibility: 'public' });
    const taken = await kit.call(kit.root, 'POST', 'createCompetition', {
      title: 'x',
      rounds: roundsOf(),
      slug: 'taken-slug',
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('reading competitions', () => {
  it('lists with only its defaults; public ones signed out; tenant ones only to their people; drafts to organisers', async () => {
    const open = await kit.create(kit.root, {
      tenant_id: null,
      visibility: 'public',
      title: 'Open Galaxy Hack',
    });
    const platformOnly = await kit.create(kit.root, { tenant_id: null, visibility: 'platform' });
    const ofA = await kit.create(kit.adminA);
    const draft = await kit.create(kit.adminA, { status: 'draft' });
    const ids = async (actor: Actor | null, query = '') => {
      const response = await kit.call(actor, 'GET', `getCompetitions${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { competition_id: number }[]).map((row) => row.competition_id);
    };
    const limit = '?limit=1000';
    const signedOut = await ids(null, limit);
    expect(signedOut).toContain(open.competition_id);
    expect(signedOut).not.toContain(platformOnly.competition_id);
    expect(signedOut).not.toContain(ofA.competition_id);
    const inA = await ids(member(await kit.newUser(), kit.tenantA), limit);
    expect(inA).toEqual(
      expect.arrayContaining([open.competition_id, platformOnly.competition_id, ofA.competition_id]),
    );
    expect(inA).not.toContain(draft.competition_id);
    expect(await ids(member(await kit.newUser(), kit.tenantB), limit)).not.toContain(ofA.competition_id);
    expect(await ids(kit.adminA, `${limit}&view=manage`)).toEqual(
      expect.arrayContaining([ofA.competition_id, draft.competition_id]),
    );
    expect(await ids(kit.adminB, `${limit}&view=manage`)).not.toContain(ofA.competition_id);
    expect(await ids(null, '?search=galaxy')).toEqual([open.competition_id]);
    expect(await ids(null, '?when=past&search=galaxy')).toEqual([]);
    const first = await kit.call(null, 'GET', 'getCompetitions');
    expect(first.json().meta).toMatchObject({ page: 1, limit: 10 });
    expect((await kit.call(null, 'GET', 'getCompetitions?limit=0')).statusCode).toBe(400);
    expect((await kit.call(null, 'GET', 'getCompetitions?view=everything')).statusCode).toBe(400);
  });

  it('gets one: public signed out and by slug; another tenant’s or a draft is 404', async () => {
    const open = await kit.create(kit.root, { tenant_id: null, visibility: 'public', slug: 'open-one' });
    expect((await kit.call(null, 'GET', `getCompetition/${open.competition_id}`)).statusCode).toBe(200);
    const bySlug = await kit.call(null, 'GET', 'getCompetitionBySlug/open-one');
    expect(bySlug.json().data.competition_id).toBe(open.competition_id);
    const ofA = await kit.create(kit.adminA);
    expect((await kit.call(null, 'GET', `getCompetition/${ofA.competition_id}`)).statusCode).toBe(404);
    expect(
      (
        await kit.call(
          member(await kit.newUser(), kit.tenantB),
          'GET',
          `getCompetition/${ofA.competition_id}`,
        )
      ).statusCode,
    ).toBe(404);
    const draft = await kit.create(kit.adminA, { status: 'draft' });
    expect(
      (
        await kit.call(
          member(await kit.newUser(), kit.tenantA),
          'GET',
          `getCompetition/${draft.competition_id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await kit.call(null, 'GET', 'getCompetition/01')).statusCode).toBe(400);
  });
});

describe('updateCompetition and deleteCompetition', () => {
  it('updates the brief and rounds; refuses another tenant’s admin (404) and a member (403)', async () => {
    const created = await kit.create(kit.adminA);
    const roundId = created.rounds[0]!.round_id;
    const response = await kit.call(kit.adminA, 'PUT', `updateCompetition/${created.competition_id}`, {
      prizes: '<p>1000 credits</p>',
      leaderboard_public: true,
      rounds: [
        { ...roundsOf()[0], round_id: roundId, name: 'Ideas' },
        { ...roundsOf(2)[1], name: 'Finals' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.rounds.map((r: { name: string }) => r.name)).toEqual(['Ideas', 'Finals']);
    expect(response.json().data.rounds[0].round_id).toBe(roundId);
    expect(
      (await kit.call(kit.adminB, 'PUT', `updateCompetition/${created.competition_id}`, { title: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await kit.call(
          member(await kit.newUser(), kit.tenantA),
          'PUT',
          `updateCompetition/${created.competition_id}`,
          {
            title: 'x',
          },
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await kit.call(null, 'PUT', `updateCompetition/${created.competition_id}`, { title: 'x' })).statusCode,
    ).toBe(401);
    expect(
      (
        await kit.call(kit.adminA, 'PUT', `updateCompetition/${created.competition_id}`, {
          visibility: 'secret',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lets an organiser delete a competition; it then answers 404', async () => {
    const created = await kit.create(kit.adminA);
    expect(
      (await kit.call(kit.adminB, 'DELETE', `deleteCompetition/${created.competition_id}`)).statusCode,
    ).toBe(404);
    expect(
      (await kit.call(kit.adminA, 'DELETE', `deleteCompetition/${created.competition_id}`)).statusCode,
    ).toBe(200);
    expect((await kit.call(kit.adminA, 'GET', `getCompetition/${created.competition_id}`)).statusCode).toBe(
      404,
    );
  });
});
