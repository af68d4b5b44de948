import { FILES_API, HIRING_MESSAGES } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobApplications, jobPostings, notifications } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, member, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { hiringKit } from './test-kit';

/** Issue 20 point 2: applying, the applicant's view, the pipeline, notes, scorecards, bulk decline. */

let t: TestApp;
let kit: ReturnType<typeof hiringKit>;
let tenantA: number;
let tenantB: number;
let adminA: Actor;
let adminA2: Actor;
let adminB: Actor;

beforeAll(async () => {
  t = await makeApp();
  kit = hiringKit(t);
  tenantA = (await makeTenant(t.database)).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
  adminA = tenantAdmin(await kit.newUser(), tenantA);
  adminA2 = tenantAdmin(await kit.newUser(), tenantA);
  adminB = tenantAdmin(await kit.newUser(), tenantB);
});
afterAll(async () => {
  await t?.close();
});

const person = async () => member(await kit.newUser(), null);

const applicationsOf = async (postingId: number) =>
  t.database.system.select().from(jobApplications).where(eq(jobApplications.posting_id, postingId));

describe('apply', () => {
  it('takes one application per person with a real CV and valid answers', async () => {
    const posting = await kit.posted(adminA);
    const alice = await person();
    const cv = await kit.cv(alice);
    const base = { posting_id: posting.posting_id, cv_file_id: cv };
    const refused: [Record<string, unknown>, string | null][] = [
      [{ answers: { start: 'Now' } }, HIRING_MESSAGES.answerRequired],
      [{ answers: { why: 'x', start: 'Tomorrow' } }, HIRING_MESSAGES.unknownChoice],
      [{ answers: { why: 'x', shoe: '44' } }, HIRING_MESSAGES.unknownQuestion],
      [{ answers: { why: 'x' }, cv_file_id: 'not-a-file' }, null],
      [{ answers: { why: 'x' }, cv_file_id: await kit.cv(await person()) }, HIRING_MESSAGES.cvNotFound],
      [{ answers: { why: 'x' }, cv_file_id: await kit.cv(alice, 'text') }, HIRING_MESSAGES.cvNotFound],
      [{ answers: { why: 'x' }, user_id: 1 }, null],
    ];
    for (const [overrides, message] of refused) {
      const response = await kit.apply(alice, { ...base, ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      if (message) expect(response.json().message).toBe(message);
    }
    expect(await applicationsOf(posting.posting_id)).toHaveLength(0);
    expect((await kit.apply(null, { ...base, answers: { why: 'x' } })).statusCode).toBe(401);
    const ok = await kit.apply(alice, { ...base, answers: { why: 'Because', start: 'Now' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ data: { stage: 'applied' }, message: HIRING_MESSAGES.applied });
    const again = await kit.apply(alice, { ...base, answers: { why: 'Again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(HIRING_MESSAGES.alreadyApplied);
    expect(await applicationsOf(posting.posting_id)).toHaveLength(1);
    expect((await kit.get(alice, posting.posting_id)).json().data.my_application).toMatchObject({
      stage: 'applied',
    });
  });

  it('takes none after the closing date, even before the closing job ran', async () => {
    const posting = await kit.posted(adminA);
    await t.database.system
      .update(jobPostings)
      .set({ closes_at: new Date(Date.now() - 1000) })
      .where(eq(jobPostings.posting_id, posting.posting_id));
    const bob = await person();
    const response = await kit.apply(bob, {
      posting_id: posting.posting_id,
      cv_file_id: await kit.cv(bob),
      answers: { why: 'Late' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(HIRING_MESSAGES.closed);
    expect((await kit.apply(bob, { posting_id: 999999, cv_file_id: await kit.cv(bob) })).statusCode).toBe(
      404,
    );
  });
});

describe('pipeline', () => {
  it('moves an application through the stages, telling the applicant each time', async () => {
    const posting = await kit.posted(adminA);
    const carol = await person();
    const id = await kit.applied(carol, posting.posting_id);
    const board = await kit.pipeline(adminA, posting.posting_id);
    expect(board.statusCode).toBe(200);
    expect(board.json().data).toEqual([expect.objectContaining({ application_id: id, stage: 'applied' })]);
    // Another tenant, the applicant and signed out see no board.
    expect((await kit.pipeline(adminB, posting.posting_id)).statusCode).toBe(403);
    expect((await kit.pipeline(carol, posting.posting_id)).statusCode).toBe(403);
    expect((await kit.pipeline(null, posting.posting_id)).statusCode).toBe(401);

    expect((await kit.move(adminA, id, 'screening')).statusCode).toBe(200);
    const moved = await kit.move(adminA, id, 'interview');
    expect(moved.json().data.stage).toBe('interview');
    expect((await kit.move(adminA, id, 'interview')).statusCode).toBe(409);
    expect((await kit.move(adminA, id, 'promoted')).statusCode).toBe(400);
    expect((await kit.move(adminB, id, 'offer')).statusCode).toBe(404);
    expect((await kit.move(carol, id, 'hired')).statusCode).toBe(403);
    expect((await kit.move(null, id, 'hired')).statusCode).toBe(401);
    expect((await kit.move(adminA, 999999, 'hired')).statusCode).toBe(404);

    const mine = await kit.mine(carol);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual([
      expect.objectContaining({ application_id: id, stage: 'interview', title: posting.title }),
    ]);
    expect(Object.keys(mine.json().data[0])).not.toContain('notes');
    await t.app.events.drain();
    const notices = await t.database.system
      .select({ title: notifications.title, category: notifications.category })
      .from(notifications)
      .where(and(eq(notifications.user_id, carol.userId), eq(notifications.category, 'jobs')));
    const titles = notices.map((n) => n.title).sort();
    expect(titles).toHaveLength(2);
    expect(titles[0]).toMatch(new RegExp(`^Your application for ${posting.title} at .+: Interview$`));
    expect(titles[1]).toMatch(new RegExp(`^Your application for ${posting.title} at .+: Screening$`));
    expect((await kit.mine(null)).statusCode).toBe(401);
  });

  it('keeps notes and scorecards to the employer, hiding other scorecards until one submits', async () => {
    const posting = await kit.posted(adminA, { scorecard_attributes: ['Skills', 'Communication'] });
    const dan = await person();
    const id = await kit.applied(dan, posting.posting_id);
    expect((await kit.note(adminA, id, '  ')).statusCode).toBe(400);
    expect((await kit.note(adminB, id, 'Peek')).statusCode).toBe(404);
    expect((await kit.note(dan, id, 'Hire me')).statusCode).toBe(403);
    const noted = await kit.note(adminA, id, 'Strong portfolio');
    expect(noted.json().data.notes_list).toEqual([expect.objectContaining({ body: 'Strong portfolio' })]);
    expect((await kit.detail(dan, id)).statusCode).toBe(403);
    expect((await kit.detail(adminB, id)).statusCode).toBe(404);

    expect((await kit.score(adminA, id, { ratings: { Height: 5 } })).json().message).toBe(
      HIRING_MESSAGES.unknownAttribute,
    );
    expect((await kit.score(adminA, id, { ratings: { Skills: 9 } })).statusCode).toBe(400);
    const incomplete = await kit.score(adminA, id, { ratings: { Skills: 4 }, submit: true });
    expect(incomplete.json().message).toBe(HIRING_MESSAGES.ratingsIncomplete);
    const submitted = await kit.score(adminA, id, {
      ratings: { Skills: 4, Communication: 5 },
      comment: 'Clear',
      submit: true,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.mine.submitted_at).not.toBeNull();
    expect((await kit.score(adminA, id, { ratings: { Skills: 1 } })).statusCode).toBe(409);

    // The second reviewer sees that one exists, not what it says, until submitting their own.
    const before = (await kit.detail(adminA2, id)).json().data;
    expect(before).toMatchObject({ others: [], others_hidden: 1, mine: null });
    const draft = await kit.score(adminA2, id, { ratings: { Skills: 2 } });
    expect(draft.json().data).toMatchObject({ others: [], others_hidden: 1 });
    const after = await kit.score(adminA2, id, { ratings: { Skills: 2, Communication: 3 }, submit: true });
    expect(after.json().data.others).toEqual([
      expect.objectContaining({ reviewer_id: adminA.userId, ratings: { Skills: 4, Communication: 5 } }),
    ]);
  });

  it("lets the employer read the applicant's CV, not another tenant", async () => {
    const posting = await kit.posted(adminA);
    const erin = await person();
    const id = await kit.applied(erin, posting.posting_id);
    const fileId = (await kit.detail(adminA, id)).json().data.cv_file_id;
    expect((await kit.call(adminA, 'GET', `${FILES_API}/content/${fileId}`)).statusCode).toBe(200);
    expect((await kit.call(adminB, 'GET', `${FILES_API}/content/${fileId}`)).statusCode).not.toBe(200);
  });
});

describe('declineMany', () => {
  it('declines all with the message or none at all', async () => {
    const posting = await kit.posted(adminA);
    const people = [await person(), await person(), await person()];
    const ids: number[] = [];
    for (const who of people) ids.push(await kit.applied(who, posting.posting_id));
    const [first, second, third] = ids as [number, number, number];
    await kit.move(adminA, third, 'declined');
    const mixed = await kit.decline(adminA, { application_ids: [first, second, third], message: 'Thanks' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(HIRING_MESSAGES.declineMixed);
    expect((await kit.decline(adminA, { application_ids: [], message: 'Thanks' })).statusCode).toBe(400);
    expect((await kit.decline(adminA, { application_ids: [first], message: ' ' })).statusCode).toBe(400);
    expect((await kit.decline(adminA, { application_ids: [first, 999999], message: 'x' })).statusCode).toBe(
      404,
    );
    expect((await kit.decline(adminB, { application_ids: [first, second], message: 'x' })).statusCode).toBe(
      404,
    );
    expect((await kit.decline(null, { application_ids: [first], message: 'x' })).statusCode).toBe(401);
    const stages = async () =>
      (await applicationsOf(posting.posting_id)).map((row) => row.stage).sort((a, b) => a.localeCompare(b));
    expect(await stages()).toEqual(['applied', 'applied', 'declined']);

    const done = await kit.decline(adminA, {
      application_ids: [first, second],
      message: 'We chose another candidate this time.',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ declined: 2 });
    expect(await stages()).toEqual(['declined', 'declined', 'declined']);
    await t.app.events.drain();
    const [notice] = await t.database.system
      .select({ body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.user_id, people[0]!.userId), eq(notifications.category, 'jobs')));
    expect(notice?.body).toBe('We chose another candidate this time.');
    const mine = (await kit.mine(people[0]!)).json().data[0];
    expect(mine).toMatchObject({
      stage: 'declined',
      decline_message: 'We chose another candidate this time.',
    });
  });
});
