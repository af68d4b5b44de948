import { CERTIFICATES_API, COMPETITION_MESSAGES, COMPETITIONS_API } from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionRounds, competitions, notifications, userRoles } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 17 point 4: competitions, entries, submissions, judging, advancing and winners. */

const BASE = COMPETITIONS_API;
let t: TestApp;
let tenantA: number;
let tenantB: number;
let adminA: Actor;
let adminB: Actor;
let root: Actor;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const newUser = async () => (await makeUser(t.database)).user_id;

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

const rounds = (n = 1) =>
  Array.from({ length: n }, (_, i) => ({
    name: `Round ${i + 1}`,
    submission_deadline: inDays(7 * (i + 1)),
    criteria: [
      { name: 'Impact', weight: 2 },
      { name: 'Execution', weight: 1 },
    ],
  }));

async function create(actor: Actor, payload: Record<string, unknown> = {}) {
  const response = await call(actor, 'POST', 'createCompetition', {
    title: `Challenge ${Math.random()}`,
    brief: '<p>Build it</p>',
    status: 'published',
    rounds: rounds(),
    ...payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    competition_id: number;
    rounds: { round_id: number; criteria: { criterion_id: number }[] }[];
  };
}

/** Moves a round's deadline into the past, as time passing would. */
async function closeRound(roundId: number) {
  await t.database.system
    .update(competitionRounds)
    .set({ submission_deadline: new Date(Date.now() - 1000) })
    .where(eq(competitionRounds.round_id, roundId));
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

describe('createCompetition', () => {
  it('creates a tenant competition with rounds and criteria, the brief sanitised', async () => {
    const created = await create(adminA, {
      brief: '<p onclick="x()">Hi<script>alert(1)</script></p>',
      slug: 'tenant-a-challenge',
    });
    const [row] = await t.database.system
      .select()
      .from(competitions)
      .where(eq(competitions.competition_id, created.competition_id));
    expect(row!.brief).toBe('<p>Hi</p>');
    expect(row!.tenant_id).toBe(tenantA);
    expect(row!.visibility).toBe('tenant');
    expect(created.rounds).toHaveLength(1);
    expect(created.rounds[0]!.criteria).toHaveLength(2);
  });

  it('refuses bad input with a 400 naming the problem, storing nothing', async () => {
    const before = await t.database.system.select({ n: sql<number>`count(*)::int` }).from(competitions);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x', rounds: [] }, COMPETITION_MESSAGES.roundsNeeded],
      [{ title: '', rounds: rounds() }, COMPETITION_MESSAGES.titleEmpty],
      [
        {
          title: 'x',
          rounds: [
            { ...rounds()[0], submission_deadline: inDays(5) },
            { ...rounds()[0], submission_deadline: inDays(3) },
          ],
        },
        COMPETITION_MESSAGES.deadlineOrder,
      ],
      [{ title: 'x', rounds: [{ ...rounds()[0], criteria: [] }] }, COMPETITION_MESSAGES.criteriaNeeded],
      [{ title: 'x', rounds: [{ ...rounds()[0], criteria: [{ name: 'a', weight: 0 }] }] }, 'weight'],
      [{ title: 'x', rounds: rounds(), slug: 'Not A Slug!' }, 'lower-case'],
      [{ title: 'x', rounds: rounds(), created_by: 5, hacker: true }, ''],
    ];
    for (const [payload, message] of cases) {
      const response = await call(adminA, 'POST', 'createCompetition', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toContain(message);
    }
    const after = await t.database.system.select({ n: sql<number>`count(*)::int` }).from(competitions);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers 401 signed out, 403 to a member, 403 for another tenant, 409 for a taken slug', async () => {
    expect((await call(null, 'POST', 'createCompetition', { title: 'x', rounds: rounds() })).statusCode).toBe(
      401,
    );
    const learner = member(await newUser(), tenantA);
    expect(
      (await call(learner, 'POST', 'createCompetition', { title: 'x', rounds: rounds() })).statusCode,
    ).toBe(403);
    const other = await call(adminA, 'POST', 'createCompetition', {
      title: 'x',
      rounds: rounds(),
      tenant_id: tenantB,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(COMPETITION_MESSAGES.otherTenant);
    const platform = await call(adminA, 'POST', 'createCompetition', {
      title: 'x',
      rounds: rounds(),
      tenant_id: null,
    });
    expect(platform.statusCode).toBe(403);
    await create(root, { slug: 'taken-slug', tenant_id: null, visibility: 'public' });
    const taken = await call(root, 'POST', 'createCompetition', {
      title: 'x',
      rounds: rounds(),
      slug: 'taken-slug',
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('reading competitions', () => {
  it('lists with only its defaults; public ones signed out; tenant ones only to their people; drafts to organisers', async () => {
    const open = await create(root, { tenant_id: null, visibility: 'public', title: 'Open Galaxy Hack' });
    const platformOnly = await create(root, { tenant_id: null, visibility: 'platform' });
    const ofA = await create(adminA);
    const draft = await create(adminA, { status: 'draft' });
    const ids = async (actor: Actor | null, query = '') => {
      const response = await call(actor, 'GET', `getCompetitions${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { competition_id: number }[]).map((row) => row.competition_id);
    };
    const limit = '?limit=1000';
    const signedOut = await ids(null, limit);
    expect(signedOut).toContain(open.competition_id);
    expect(signedOut).not.toContain(platformOnly.competition_id);
    expect(signedOut).not.toContain(ofA.competition_id);
    const inA = await ids(member(await newUser(), tenantA), limit);
    expect(inA).toEqual(
      expect.arrayContaining([open.competition_id, platformOnly.competition_id, ofA.competition_id]),
    );
    expect(inA).not.toContain(draft.competition_id);
    expect(await ids(member(await newUser(), tenantB), limit)).not.toContain(ofA.competition_id);
    expect(await ids(adminA, `${limit}&view=manage`)).toEqual(
      expect.arrayContaining([ofA.competition_id, draft.competition_id]),
    );
    expect(await ids(adminB, `${limit}&view=manage`)).not.toContain(ofA.competition_id);
    expect(await ids(null, '?search=galaxy')).toEqual([open.competition_id]);
    expect(await ids(null, '?when=past&search=galaxy')).toEqual([]);
    const first = await call(null, 'GET', 'getCompetitions');
    expect(first.json().meta).toMatchObject({ page: 1, limit: 10 });
    expect((await call(null, 'GET', 'getCompetitions?limit=0')).statusCode).toBe(400);
    expect((await call(null, 'GET', 'getCompetitions?view=everything')).statusCode).toBe(400);
  });

  it('gets one: public signed out and by slug; another tenant’s or a draft is 404', async () => {
    const open = await create(root, { tenant_id: null, visibility: 'public', slug: 'open-one' });
    expect((await call(null, 'GET', `getCompetition/${open.competition_id}`)).statusCode).toBe(200);
    const bySlug = await call(null, 'GET', 'getCompetitionBySlug/open-one');
    expect(bySlug.json().data.competition_id).toBe(open.competition_id);
    const ofA = await create(adminA);
    expect((await call(null, 'GET', `getCompetition/${ofA.competition_id}`)).statusCode).toBe(404);
    expect(
      (await call(member(await newUser(), tenantB), 'GET', `getCompetition/${ofA.competition_id}`))
        .statusCode,
    ).toBe(404);
    const draft = await create(adminA, { status: 'draft' });
    expect(
      (await call(member(await newUser(), tenantA), 'GET', `getCompetition/${draft.competition_id}`))
        .statusCode,
    ).toBe(404);
    expect((await call(null, 'GET', 'getCompetition/01')).statusCode).toBe(400);
  });
});

describe('updateCompetition and judges', () => {
  it('updates the brief and rounds; refuses another tenant’s admin (404) and a member (403)', async () => {
    const created = await create(adminA);
    const roundId = created.rounds[0]!.round_id;
    const response = await call(adminA, 'PUT', `updateCompetition/${created.competition_id}`, {
      prizes: '<p>1000 credits</p>',
      leaderboard_public: true,
      rounds: [
        { ...rounds()[0], round_id: roundId, name: 'Ideas' },
        { ...rounds(2)[1], name: 'Finals' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.rounds.map((r: { name: string }) => r.name)).toEqual(['Ideas', 'Finals']);
    expect(response.json().data.rounds[0].round_id).toBe(roundId);
    expect(
      (await call(adminB, 'PUT', `updateCompetition/${created.competition_id}`, { title: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(member(await newUser(), tenantA), 'PUT', `updateCompetition/${created.competition_id}`, {
          title: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(null, 'PUT', `updateCompetition/${created.competition_id}`, { title: 'x' })).statusCode,
    ).toBe(401);
    expect(
      (await call(adminA, 'PUT', `updateCompetition/${created.competition_id}`, { visibility: 'secret' }))
        .statusCode,
    ).toBe(400);
  });

  it('sets judges all or nothing', async () => {
    const created = await create(adminA);
    const judgeId = await newUser();
    const bad = await call(adminA, 'PUT', `setJudges/${created.competition_id}`, {
      user_ids: [judgeId, 99_999_999],
    });
    expect(bad.statusCode).toBe(400);
    expect((await call(adminA, 'GET', `getJudges/${created.competition_id}`)).json().data).toEqual([]);
    const ok = await call(adminA, 'PUT', `setJudges/${created.competition_id}`, { user_ids: [judgeId] });
    expect(ok.json().data.map((j: { user_id: number }) => j.user_id)).toEqual([judgeId]);
    expect(
      (await call(adminB, 'PUT', `setJudges/${created.competition_id}`, { user_ids: [] })).statusCode,
    ).toBe(404);
    // The organiser finds people of the tenant by name; a member who is no captain may not search.
    const inA = await makeUser(t.database, { first_name: 'Zebulon' });
    const inB = await makeUser(t.database, { first_name: 'Zebulon' });
    await t.database.system.insert(userRoles).values([
      { user_id: inA.user_id, role_id: 2, tenant_id: tenantA },
      { user_id: inB.user_id, role_id: 2, tenant_id: tenantB },
    ]);
    const found = await call(adminA, 'GET', `getPeople/${created.competition_id}?search=zebulon`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((p: { user_id: number }) => p.user_id)).toEqual([inA.user_id]);
    const learner = member(await newUser(), tenantA);
    expect((await call(learner, 'GET', `getPeople/${created.competition_id}`)).statusCode).toBe(403);
    expect((await call(adminB, 'GET', `getPeople/${created.competition_id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `getPeople/${created.competition_id}`)).statusCode).toBe(401);
  });
});

describe('a competition from entry to winners', () => {
  it('runs one round with two judges, normalises, announces a winner whose certificate verifies signed out', async () => {
    const created = await create(adminA, { participation: 'both', max_team_size: 3 });
    const id = created.competition_id;
    const round = created.rounds[0]!;
    const [impact, execution] = round.criteria.map((c) => c.criterion_id) as [number, number];
    const people = await Promise.all([newUser(), newUser(), newUser(), newUser()]);
    const [alice, bob, carol, dave] = people.map((userId) => member(userId, tenantA)) as [
      Actor,
      Actor,
      Actor,
      Actor,
    ];

    // Alice leads a team and invites Dave; Bob and Carol enter alone.
    const team = await call(alice, 'POST', `register/${id}`, { kind: 'team', team_name: 'Chain Gang' });
    expect(team.statusCode, team.body).toBe(201);
    const teamId = team.json().data.entry_id as number;
    expect((await call(bob, 'POST', `register/${id}`, { kind: 'individual' })).statusCode).toBe(201);
    expect((await call(carol, 'POST', `register/${id}`, { kind: 'individual' })).statusCode).toBe(201);
    const again = await call(bob, 'POST', `register/${id}`, { kind: 'individual' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COMPETITION_MESSAGES.alreadyEntered);
    expect(
      (await call(alice, 'POST', `register/${id}`, { kind: 'team', team_name: 'Again' })).statusCode,
    ).toBe(409);
    expect((await call(null, 'POST', `register/${id}`, { kind: 'individual' })).statusCode).toBe(401);
    expect(
      (await call(member(await newUser(), tenantB), 'POST', `register/${id}`, { kind: 'individual' }))
        .statusCode,
    ).toBe(404);
    expect((await call(bob, 'POST', `inviteMember/${teamId}`, { user_id: dave.userId })).statusCode).toBe(
      404,
    );
    expect((await call(alice, 'POST', `inviteMember/${teamId}`, { user_id: bob.userId })).statusCode).toBe(
      409,
    );
    expect((await call(alice, 'POST', `inviteMember/${teamId}`, { user_id: dave.userId })).statusCode).toBe(
      200,
    );
    const invites = await call(dave, 'GET', 'getMyInvites');
    expect(invites.json().data).toEqual([
      expect.objectContaining({ entry_id: teamId, team_name: 'Chain Gang' }),
    ]);
    expect((await call(bob, 'POST', `acceptInvite/${teamId}`)).statusCode).toBe(404);
    const accepted = await call(dave, 'POST', `acceptInvite/${teamId}`);
    expect(accepted.json().data.members.map((m: { status: string }) => m.status)).toEqual([
      'member',
      'member',
    ]);

    // Submissions: bad input refused, then one per entry.
    const submit = (actor: Actor, title: string) =>
      call(actor, 'PUT', `saveSubmission/${round.round_id}`, {
        title,
        text: 'Our idea',
        links: ['https://example.org/demo'],
      });
    expect(
      (
        await call(alice, 'PUT', `saveSubmission/${round.round_id}`, {
          title: 'x',
          links: ['javascript:alert(1)'],
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(alice, 'PUT', `saveSubmission/${round.round_id}`, { title: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (
        await call(alice, 'PUT', `saveSubmission/${round.round_id}`, {
          title: 'x',
          file_ids: ['00000000-0000-4000-8000-000000000000'],
        })
      ).statusCode,
    ).toBe(400);
    expect((await submit(member(await newUser(), tenantA), 'x')).statusCode).toBe(403);
    const sA = (await submit(alice, 'Team draft')).json().data.submission_id as number;
    const edited = await submit(dave, 'Team final');
    expect(edited.json().data.submission_id).toBe(sA);
    expect(edited.json().data.title).toBe('Team final');
    const sB = (await submit(bob, 'Bob')).json().data.submission_id as number;
    const sC = (await submit(carol, 'Carol')).json().data.submission_id as number;

    // Judges: the organiser assigns two; a third person is not one.
    const [j1, j2] = [member(await newUser(), null), member(await newUser(), null)];
    await call(adminA, 'PUT', `setJudges/${id}`, { user_ids: [j1.userId, j2.userId] });
    expect((await call(bob, 'GET', `getJudging/${id}`)).statusCode).toBe(403);
    const judgeEntering = await call(j1, 'POST', `register/${id}`, { kind: 'individual' });
    expect(judgeEntering.statusCode).toBe(409);
    expect(judgeEntering.json().message).toBe(COMPETITION_MESSAGES.judgeCannotEnter);
    const score = (judge: Actor, submissionId: number, a: number, b: number) =>
      call(judge, 'PUT', `scoreSubmission/${submissionId}`, {
        scores: [
          { criterion_id: impact, score: a },
          { criterion_id: execution, score: b },
        ],
      });
    expect((await score(bob, sB, 5, 5)).statusCode).toBe(403);
    expect((await score(j1, sA, 6, 1)).statusCode).toBe(400);
    expect(
      (await call(j1, 'PUT', `scoreSubmission/${sA}`, { scores: [{ criterion_id: impact, score: 3 }] }))
        .statusCode,
    ).toBe(400);
    // Judge 2 has a conflict with Carol's submission and cannot score it.
    expect((await call(j2, 'POST', `declareConflict/${sC}`, { reason: 'My cousin' })).statusCode).toBe(200);
    const refused = await score(j2, sC, 5, 5);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMPETITION_MESSAGES.conflicted);
    // The worked example's numbers on A, B and C for judge 1; judge 2 scores A and B.
    expect((await score(j1, sA, 4, 4)).statusCode).toBe(200);
    await score(j1, sB, 2, 2);
    await score(j1, sC, 3, 3);
    await score(j2, sA, 5, 5);
    await score(j2, sB, 3, 3);
    expect((await call(j1, 'POST', `declareConflict/${sA}`, {})).statusCode).toBe(409);

    // A judge sees their own scores only.
    const view = (await call(j2, 'GET', `getJudging/${id}`)).json().data;
    const seen = JSON.stringify(view);
    expect(view.submissions.find((s: { submission_id: number }) => s.submission_id === sC).conflict).toBe(
      true,
    );
    expect(
      view.submissions.find((s: { submission_id: number }) => s.submission_id === sA).my_scores,
    ).toHaveLength(2);
    expect(seen).not.toContain(`"judge_id"`);
    expect(
      view.submissions.flatMap((s: { my_scores: { score: number }[] }) => s.my_scores.map((x) => x.score)),
    ).toEqual(expect.not.arrayContaining([4, 2]));

    // Results: judge 1 raw 4,2,3 → z 1.2247, −1.2247, 0; judge 2 raw 5,3 → z 1, −1.
    const results = await call(adminA, 'GET', `getResults/${id}`);
    expect(results.statusCode, results.body).toBe(200);
    const rows = results.json().data.rows as {
      submission_id: number;
      normalised_score: number;
      raw_score: number;
    }[];
    expect(rows.map((r) => r.submission_id)).toEqual([sA, sC, sB]);
    expect(rows[0]!.normalised_score).toBeCloseTo((1.224745 + 1) / 2, 3);
    expect(rows[1]!.normalised_score).toBeCloseTo(0, 3);
    expect(rows[2]!.normalised_score).toBeCloseTo((-1.224745 - 1) / 2, 3);
    expect(rows[0]!.raw_score).toBe(4.5);
    expect((await call(bob, 'GET', `getResults/${id}`)).statusCode).toBe(403);
    expect((await call(adminB, 'GET', `getResults/${id}`)).statusCode).toBe(404);
    const board = await call(bob, 'GET', `getLeaderboard/${id}`);
    expect(board.statusCode).toBe(403);
    expect(board.json().message).toBe(COMPETITION_MESSAGES.leaderboardPrivate);

    // Announcing waits for the deadline; the deadline also closes submissions.
    const early = await call(adminA, 'POST', `announceWinners/${id}`, { submission_ids: [sA] });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(COMPETITION_MESSAGES.roundOpen);
    await closeRound(round.round_id);
    const late = await submit(bob, 'Too late');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(COMPETITION_MESSAGES.deadlinePassed);
    expect(
      (await call(adminA, 'POST', `announceWinners/${id}`, { submission_ids: [999_999] })).statusCode,
    ).toBe(400);
    expect((await call(bob, 'POST', `announceWinners/${id}`, { submission_ids: [sA] })).statusCode).toBe(403);
    const announced = await call(adminA, 'POST', `announceWinners/${id}`, { submission_ids: [sA, sC] });
    expect(announced.statusCode, announced.body).toBe(200);
    expect((await call(adminA, 'POST', `announceWinners/${id}`, { submission_ids: [sA] })).statusCode).toBe(
      409,
    );

    // Both team members hold a certificate that verifies signed out, and hear of it.
    for (const winner of [alice, dave]) {
      const mine = (await call(winner, 'GET', `getMyEntry/${id}`)).json().data;
      expect(mine.place).toBe(1);
      expect(mine.certificate_path).toMatch(new RegExp(`^/certification/${winner.userId}/`));
      const key = mine.certificate_path.split('/').pop();
      t.actAs(null);
      const verified = await t.app.inject({
        method: 'GET',
        url: `${CERTIFICATES_API}/verify/${winner.userId}/${key}`,
      });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().data ?? verified.json()).toMatchObject({ valid: true });
    }
    expect((await call(carol, 'GET', `getMyEntry/${id}`)).json().data.place).toBe(2);
    expect((await call(bob, 'GET', `getMyEntry/${id}`)).json().data.certificate_path).toBeNull();
    await t.app.events.drain();
    const deadline = Date.now() + 20_000;
    let inbox: { title: string }[] = [];
    while (Date.now() < deadline) {
      inbox = await t.database.system
        .select({ title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.user_id, alice.userId)));
      if (inbox.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(inbox.map((n) => n.title)).toEqual([expect.stringMatching(/^You placed 1st in /)]);

    // The organiser makes the leaderboard public: everyone who sees the competition sees it.
    await call(adminA, 'PUT', `updateCompetition/${id}`, { leaderboard_public: true });
    const publicBoard = await call(bob, 'GET', `getLeaderboard/${id}`);
    expect(publicBoard.json().data.rows.map((r: { place: number | null }) => r.place)).toEqual([1, 2, null]);
  }, 60_000);

  it('advances the top N of a closed round; only they may submit in the next round', async () => {
    const created = await create(adminA, { rounds: rounds(2), participation: 'individual' });
    const id = created.competition_id;
    const [first, second] = created.rounds as [(typeof created.rounds)[0], (typeof created.rounds)[0]];
    const [x, y] = [member(await newUser(), tenantA), member(await newUser(), tenantA)];
    expect((await call(x, 'POST', `register/${id}`, { kind: 'team', team_name: 'T' })).statusCode).toBe(400);
    await call(x, 'POST', `register/${id}`, { kind: 'individual' });
    await call(y, 'POST', `register/${id}`, { kind: 'individual' });
    const sx = (await call(x, 'PUT', `saveSubmission/${first.round_id}`, { title: 'X', text: 'x' })).json()
      .data.submission_id as number;
    const sy = (await call(y, 'PUT', `saveSubmission/${first.round_id}`, { title: 'Y', text: 'y' })).json()
      .data.submission_id as number;
    expect(
      (await call(x, 'PUT', `saveSubmission/${second.round_id}`, { title: 'X2', text: 'x' })).statusCode,
    ).toBe(403);
    const judgeActor = member(await newUser(), null);
    await call(adminA, 'PUT', `setJudges/${id}`, { user_ids: [judgeActor.userId] });
    const [i, e] = first.criteria.map((c) => c.criterion_id) as [number, number];
    for (const [sid, v] of [
      [sx, 2],
      [sy, 5],
    ] as const)
      await call(judgeActor, 'PUT', `scoreSubmission/${sid}`, {
        scores: [
          { criterion_id: i, score: v },
          { criterion_id: e, score: v },
        ],
      });
    expect(
      (await call(adminA, 'POST', `advance/${id}`, { round_id: first.round_id, top_n: 1 })).statusCode,
    ).toBe(400);
    await closeRound(first.round_id);
    expect(
      (await call(adminA, 'POST', `advance/${id}`, { round_id: second.round_id, top_n: 1 })).statusCode,
    ).toBe(400);
    const advanced = await call(adminA, 'POST', `advance/${id}`, { round_id: first.round_id, top_n: 1 });
    expect(advanced.statusCode, advanced.body).toBe(200);
    expect(
      advanced
        .json()
        .data.rows.filter((r: { advanced: boolean }) => r.advanced)
        .map((r: { submission_id: number }) => r.submission_id),
    ).toEqual([sy]);
    expect(
      (await call(y, 'PUT', `saveSubmission/${second.round_id}`, { title: 'Y2', text: 'y' })).statusCode,
    ).toBe(200);
    const refused = await call(x, 'PUT', `saveSubmission/${second.round_id}`, { title: 'X2', text: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMPETITION_MESSAGES.notInRound);
    expect((await call(x, 'POST', `advance/${id}`, { round_id: first.round_id, top_n: 1 })).statusCode).toBe(
      403,
    );
    expect(
      (await call(adminA, 'POST', `advance/${id}`, { round_id: first.round_id, top_n: 0 })).statusCode,
    ).toBe(400);
  }, 60_000);

  it('lets an organiser delete a competition; it then answers 404', async () => {
    const created = await create(adminA);
    expect((await call(adminB, 'DELETE', `deleteCompetition/${created.competition_id}`)).statusCode).toBe(
      404,
    );
    expect((await call(adminA, 'DELETE', `deleteCompetition/${created.competition_id}`)).statusCode).toBe(
      200,
    );
    expect((await call(adminA, 'GET', `getCompetition/${created.competition_id}`)).statusCode).toBe(404);
  });
});
