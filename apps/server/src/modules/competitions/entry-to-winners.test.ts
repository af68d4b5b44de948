import { CERTIFICATES_API, COMPETITION_MESSAGES } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { member } from '../../test/factories';
import { competitionKit, roundsOf } from './test-kit';

/** Issue 17 point 4: entries, submissions, judging, advancing and winners, end to end. */

const kit = competitionKit();

describe('a competition from entry to winners', () => {
  it('runs one round with two judges, normalises, announces a winner whose certificate verifies signed out', async () => {
    const created = await kit.create(kit.adminA, { participation: 'both', max_team_size: 3 });
    const id = created.competition_id;
    const round = created.rounds[0]!;
    const [impact, execution] = round.criteria.map((c) => c.criterion_id) as [number, number];
    const people = await Promise.all([kit.newUser(), kit.newUser(), kit.newUser(), kit.newUser()]);
    const [alice, bob, carol, dave] = people.map((userId) => member(userId, kit.tenantA)) as [
      Actor,
      Actor,
      Actor,
      Actor,
    ];

    // Alice leads a team and invites Dave; Bob and Carol enter alone.
    const team = await kit.call(alice, 'POST', `register/${id}`, { kind: 'team', team_name: 'Chain Gang' });
    expect(team.statusCode, team.body).toBe(201);
    const teamId = team.json().data.entry_id as number;
    expect((await kit.call(bob, 'POST', `register/${id}`, { kind: 'individual' })).statusCode).toBe(201);
    expect((await kit.call(carol, 'POST', `register/${id}`, { kind: 'individual' })).statusCode).toBe(201);
    const again = await kit.call(bob, 'POST', `register/${id}`, { kind: 'individual' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COMPETITION_MESSAGES.alreadyEntered);
    expect(
      (await kit.call(alice, 'POST', `register/${id}`, { kind: 'team', team_name: 'Again' })).statusCode,
    ).toBe(409);
    expect((await kit.call(null, 'POST', `register/${id}`, { kind: 'individual' })).statusCode).toBe(401);
    expect(
      (
        await kit.call(member(await kit.newUser(), kit.tenantB), 'POST', `register/${id}`, {
          kind: 'individual',
        })
      ).statusCode,
    ).toBe(404);
    expect((await kit.call(bob, 'POST', `inviteMember/${teamId}`, { user_id: dave.userId })).statusCode).toBe(
      404,
    );
    expect(
      (await kit.call(alice, 'POST', `inviteMember/${teamId}`, { user_id: bob.userId })).statusCode,
    ).toBe(409);
    expect(
      (await kit.call(alice, 'POST', `inviteMember/${teamId}`, { user_id: dave.userId })).statusCode,
    ).toBe(200);
    const invites = await kit.call(dave, 'GET', 'getMyInvites');
    expect(invites.json().data).toEqual([
      expect.objectContaining({ entry_id: teamId, team_name: 'Chain Gang' }),
    ]);
    expect((await kit.call(bob, 'POST', `acceptInvite/${teamId}`)).statusCode).toBe(404);
    const accepted = await kit.call(dave, 'POST', `acceptInvite/${teamId}`);
    expect(accepted.json().data.members.map((m: { status: string }) => m.status)).toEqual([
      'member',
      'member',
    ]);

    // Submissions: bad input refused, then one per entry.
    const submit = (actor: Actor, title: string) =>
      kit.call(actor, 'PUT', `saveSubmission/${round.round_id}`, {
        title,
        text: 'Our idea',
        links: ['https://example.org/demo'],
      });
    expect(
      (
        await kit.call(alice, 'PUT', `saveSubmission/${round.round_id}`, {
          title: 'x',
          links: ['javascript:alert(1)'],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await kit.call(alice, 'PUT', `saveSubmission/${round.round_id}`, { title: 'x' })).statusCode,
    ).toBe(400);
    expect(
      (
        await kit.call(alice, 'PUT', `saveSubmission/${round.round_id}`, {
          title: 'x',
          file_ids: ['00000000-0000-4000-8000-000000000000'],
        })
      ).statusCode,
    ).toBe(400);
    expect((await submit(member(await kit.newUser(), kit.tenantA), 'x')).statusCode).toBe(403);
    const sA = (await submit(alice, 'Team draft')).json().data.submission_id as number;
    const edited = await submit(dave, 'Team final');
    expect(edited.json().data.submission_id).toBe(sA);
    expect(edited.json().data.title).toBe('Team final');
    const sB = (await submit(bob, 'Bob')).json().data.submission_id as number;
    const sC = (await submit(carol, 'Carol')).json().data.submission_id as number;

    // Judges: the organiser assigns two; a third person is not one.
    const [j1, j2] = [member(await kit.newUser(), null), member(await kit.newUser(), null)];
    await kit.call(kit.adminA, 'PUT', `setJudges/${id}`, { user_ids: [j1.userId, j2.userId] });
    expect((await kit.call(bob, 'GET', `getJudging/${id}`)).statusCode).toBe(403);
    const judgeEntering = await kit.call(j1, 'POST', `register/${id}`, { kind: 'individual' });
    expect(judgeEntering.statusCode).toBe(409);
    expect(judgeEntering.json().message).toBe(COMPETITION_MESSAGES.judgeCannotEnter);
    const score = (judge: Actor, submissionId: number, a: number, b: number) =>
      kit.call(judge, 'PUT', `scoreSubmission/${submissionId}`, {
        scores: [
          { criterion_id: impact, score: a },
          { criterion_id: execution, score: b },
        ],
      });
    expect((await score(bob, sB, 5, 5)).statusCode).toBe(403);
    expect((await score(j1, sA, 6, 1)).statusCode).toBe(400);
    expect(
      (await kit.call(j1, 'PUT', `scoreSubmission/${sA}`, { scores: [{ criterion_id: impact, score: 3 }] }))
        .statusCode,
    ).toBe(400);
    // Judge 2 has a conflict with Carol's submission and cannot score it.
    expect((await kit.call(j2, 'POST', `declareConflict/${sC}`, { reason: 'My cousin' })).statusCode).toBe(
      200,
    );
    const refused = await score(j2, sC, 5, 5);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMPETITION_MESSAGES.conflicted);
    // The worked example's numbers on A, B and C for judge 1; judge 2 scores A and B.
    expect((await score(j1, sA, 4, 4)).statusCode).toBe(200);
    await score(j1, sB, 2, 2);
    await score(j1, sC, 3, 3);
    await score(j2, sA, 5, 5);
    await score(j2, sB, 3, 3);
    expect((await kit.call(j1, 'POST', `declareConflict/${sA}`, {})).statusCode).toBe(409);

    // A judge sees their own scores only.
    const view = (await kit.call(j2, 'GET', `getJudging/${id}`)).json().data;
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
    const results = await kit.call(kit.adminA, 'GET', `getResults/${id}`);
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
    expect((await kit.call(bob, 'GET', `getResults/${id}`)).statusCode).toBe(403);
    expect((await kit.call(kit.adminB, 'GET', `getResults/${id}`)).statusCode).toBe(404);
    const board = await kit.call(bob, 'GET', `getLeaderboard/${id}`);
    expect(board.statusCode).toBe(403);
    expect(board.json().message).toBe(COMPETITION_MESSAGES.leaderboardPrivate);

    // Announcing waits for the deadline; the deadline also closes submissions.
    const early = await kit.call(kit.adminA, 'POST', `announceWinners/${id}`, { submission_ids: [sA] });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(COMPETITION_MESSAGES.roundOpen);
    await kit.closeRound(round.round_id);
    const late = await submit(bob, 'Too late');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(COMPETITION_MESSAGES.deadlinePassed);
    expect(
      (await kit.call(kit.adminA, 'POST', `announceWinners/${id}`, { submission_ids: [999_999] })).statusCode,
    ).toBe(400);
    expect((await kit.call(bob, 'POST', `announceWinners/${id}`, { submission_ids: [sA] })).statusCode).toBe(
      403,
    );
    const announced = await kit.call(kit.adminA, 'POST', `announceWinners/${id}`, {
      submission_ids: [sA, sC],
    });
    expect(announced.statusCode, announced.body).toBe(200);
    expect(
      (await kit.call(kit.adminA, 'POST', `announceWinners/${id}`, { submission_ids: [sA] })).statusCode,
    ).toBe(409);

    // Both team members hold a certificate that verifies signed out, and hear of it.
    for (const winner of [alice, dave]) {
      const mine = (await kit.call(winner, 'GET', `getMyEntry/${id}`)).json().data;
      expect(mine.place).toBe(1);
      expect(mine.certificate_path).toMatch(new RegExp(`^/certification/${winner.userId}/`));
      const key = mine.certificate_path.split('/').pop();
      kit.t.actAs(null);
      const verified = await kit.t.app.inject({
        method: 'GET',
        url: `${CERTIFICATES_API}/verify/${winner.userId}/${key}`,
      });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().data ?? verified.json()).toMatchObject({ valid: true });
    }
    expect((await kit.call(carol, 'GET', `getMyEntry/${id}`)).json().data.place).toBe(2);
    expect((await kit.call(bob, 'GET', `getMyEntry/${id}`)).json().data.certificate_path).toBeNull();
    await kit.t.app.events.drain();
    const deadline = Date.now() + 20_000;
    let inbox: { title: string }[] = [];
    while (Date.now() < deadline) {
      inbox = await kit.t.database.system
        .select({ title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.user_id, alice.userId)));
      if (inbox.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(inbox.map((n) => n.title)).toEqual([expect.stringMatching(/^You placed 1st in /)]);

    // The organiser makes the leaderboard public: everyone who sees the competition sees it.
    await kit.call(kit.adminA, 'PUT', `updateCompetition/${id}`, { leaderboard_public: true });
    const publicBoard = await kit.call(bob, 'GET', `getLeaderboard/${id}`);
    expect(publicBoard.json().data.rows.map((r: { place: number | null }) => r.place)).toEqual([1, 2, null]);
  }, 60_000);

  it('advances the top N of a closed round; only they may submit in the next round', async () => {
    const created = await kit.create(kit.adminA, { rounds: roundsOf(2), participation: 'individual' });
    const id = created.competition_id;
    const [first, second] = created.rounds as [(typeof created.rounds)[0], (typeof created.rounds)[0]];
    const [x, y] = [member(await kit.newUser(), kit.tenantA), member(await kit.newUser(), kit.tenantA)];
    expect((await kit.call(x, 'POST', `register/${id}`, { kind: 'team', team_name: 'T' })).statusCode).toBe(
      400,
    );
    await kit.call(x, 'POST', `register/${id}`, { kind: 'individual' });
    await kit.call(y, 'POST', `register/${id}`, { kind: 'individual' });
    const sx = (
      await kit.call(x, 'PUT', `saveSubmission/${first.round_id}`, { title: 'X', text: 'x' })
    ).json().data.submission_id as number;
    const sy = (
      await kit.call(y, 'PUT', `saveSubmission/${first.round_id}`, { title: 'Y', text: 'y' })
    ).json().data.submission_id as number;
    expect(
      (await kit.call(x, 'PUT', `saveSubmission/${second.round_id}`, { title: 'X2', text: 'x' })).statusCode,
    ).toBe(403);
    const judgeActor = member(await kit.newUser(), null);
    await kit.call(kit.adminA, 'PUT', `setJudges/${id}`, { user_ids: [judgeActor.userId] });
    const [i, e] = first.criteria.map((c) => c.criterion_id) as [number, number];
    for (const [sid, v] of [
      [sx, 2],
      [sy, 5],
    ] as const)
      await kit.call(judgeActor, 'PUT', `scoreSubmission/${sid}`, {
        scores: [
          { criterion_id: i, score: v },
          { criterion_id: e, score: v },
        ],
      });
    expect(
      (await kit.call(kit.adminA, 'POST', `advance/${id}`, { round_id: first.round_id, top_n: 1 }))
        .statusCode,
    ).toBe(400);
    await kit.closeRound(first.round_id);
    expect(
      (await kit.call(kit.adminA, 'POST', `advance/${id}`, { round_id: second.round_id, top_n: 1 }))
        .statusCode,
    ).toBe(400);
    const advanced = await kit.call(kit.adminA, 'POST', `advance/${id}`, {
      round_id: first.round_id,
      top_n: 1,
    });
    expect(advanced.statusCode, advanced.body).toBe(200);
    expect(
      advanced
        .json()
        .data.rows.filter((r: { advanced: boolean }) => r.advanced)
        .map((r: { submission_id: number }) => r.submission_id),
    ).toEqual([sy]);
    expect(
      (await kit.call(y, 'PUT', `saveSubmission/${second.round_id}`, { title: 'Y2', text: 'y' })).statusCode,
    ).toBe(200);
    const refused = await kit.call(x, 'PUT', `saveSubmission/${second.round_id}`, { title: 'X2', text: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMPETITION_MESSAGES.notInRound);
    expect(
      (await kit.call(x, 'POST', `advance/${id}`, { round_id: first.round_id, top_n: 1 })).statusCode,
    ).toBe(403);
    expect(
      (await kit.call(kit.adminA, 'POST', `advance/${id}`, { round_id: first.round_id, top_n: 0 }))
        .statusCode,
    ).toBe(400);
  }, 60_000);
});
