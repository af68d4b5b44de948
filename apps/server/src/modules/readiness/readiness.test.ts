import { READINESS_PATHS as P, READINESS_MESSAGES } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, notifications, userRoles } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

function call(
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  t.actAs(actor);
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function person(roleId = 4, tenantId: number | null = null) {
  const user = await makeUser(t.database);
  await t.database.system
    .insert(userRoles)
    .values({ user_id: user.user_id, role_id: roleId, tenant_id: tenantId });
  return { actor: member(user.user_id, tenantId), email: user.email };
}

async function technologyAnswers(actor: Actor, level: string) {
  const journey = await call(actor, 'GET', `${P.journeys}/getJourney/technology`);
  expect(journey.statusCode, journey.body).toBe(200);
  const question = journey.json().data.questions[0];
  return { [String(question.question_id)]: level };
}

async function submitTechnology(actor: Actor, level: string) {
  const res = await call(actor, 'POST', `${P.results}/createResult`, {
    journey: 'technology',
    answers: await technologyAnswers(actor, level),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function inbox(userId: number) {
  await t.app.events.drain();
  return t.database.system
    .select({ title: notifications.title, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.category, 'assessments')));
}

async function document(ownerId: number, tenantId: number | null = null) {
  const [row] = await t.database.system
    .insert(files)
    .values({
      owner_id: ownerId,
      tenant_id: tenantId,
      purpose: 'document',
      name: 'prototype-test-report.pdf',
      content_type: 'application/pdf',
      size_bytes: 10,
      stored_bytes: 10,
      storage_key: `t/${crypto.randomUUID()}`,
      sha256: 'x',
    })
    .returning();
  return row?.file_id as string;
}

describe('journeys and results', () => {
  it('works with its defaults: every journey listed, nothing taken yet', async () => {
    const { actor } = await person();
    const res = await call(actor, 'GET', `${P.journeys}/getJourneys`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.journeys.map((j: { journey: string }) => j.journey)).toEqual([
      'idea',
      'technology',
      'entrepreneurial',
      'investor',
    ]);
    expect(res.json().data.journeys.every((j: { latest: unknown }) => j.latest === null)).toBe(true);
  });

  it('serves the journey survey from the assessment engine, one question per dimension', async () => {
    const { actor } = await person();
    const res = await call(actor, 'GET', `${P.journeys}/getJourney/entrepreneurial`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.questions.map((q: { dimension: string }) => q.dimension)).toEqual([
      'customer',
      'technology',
      'business_model',
      'ipr',
      'team',
      'funding',
    ]);
    expect(data.questions[0].options).toHaveLength(9);
    expect(data.latest).toBeNull();
    // The engine's own take endpoint sees the same survey.
    const attempt = await call(actor, 'GET', `/api/assessment/take/getAttempt/${data.assessment_id}`);
    expect(attempt.statusCode, attempt.body).toBe(200);
    expect(attempt.json().data.questions).toHaveLength(6);
  });

  it('scores a submission, keeps history and next steps, and records the statistics', async () => {
    const { actor } = await person();
    const first = await submitTechnology(actor, '3');
    expect(first.overall).toBe(3);
    await submitTechnology(actor, '5');
    const journey = (await call(actor, 'GET', `${P.journeys}/getJourney/technology`)).json().data;
    expect(journey.history.map((h: { overall: number }) => h.overall)).toEqual([3, 5]);
    expect(journey.latest.dimensions[0]).toMatchObject({ dimension: 'technology', self_level: 5, level: 5 });
    expect(journey.next_steps[0].advice).toContain('level 6');
    expect(journey.next_steps[0].links.length).toBeGreaterThan(0);
    const stats = (await call(actor, 'GET', `${P.stats}/getStats`)).json().data;
    expect(stats).toHaveLength(1);
    expect(stats[0]).toMatchObject({ module_name: 'Readiness journeys', phase_id: 3, user_id: actor.userId });
    const overall = stats[0].stats.find((s: { category: string }) => s.category === 'Overall Achievements');
    expect(overall.stat_name).toBe('Technology readiness');
    // Both results fall in this month: the month's latest counts.
    expect(overall.scores).toEqual([
      expect.objectContaining({
        score_value: 5,
        score_unit: 'level',
        time_period: new Date().toISOString().slice(0, 7),
      }),
    ]);
    const support = stats[0].stats.find((s: { category: string }) => s.category === 'Need Expert Support');
    expect(support.parent_stat_id).toBe(overall.stat_id);
  });

  it('refuses bad input with 400 and saves nothing', async () => {
    const { actor } = await person();
    const unknown = await call(actor, 'GET', `${P.journeys}/getJourney/rocket`);
    expect(unknown.statusCode).toBe(400);
    const answers = await technologyAnswers(actor, '12');
    const outOfRange = await call(actor, 'POST', `${P.results}/createResult`, {
      journey: 'technology',
      answers,
    });
    expect(outOfRange.statusCode).toBe(400);
    const empty = await call(actor, 'POST', `${P.results}/createResult`, {
      journey: 'technology',
      answers: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(READINESS_MESSAGES.answerEvery);
    const foreign = await call(actor, 'POST', `${P.results}/createResult`, {
      journey: 'technology',
      answers: { '999999': '1' },
    });
    expect(foreign.statusCode).toBe(400);
    const journey = (await call(actor, 'GET', `${P.journeys}/getJourney/technology`)).json().data;
    expect(journey.history).toEqual([]);
    expect((await call(actor, 'GET', `${P.stats}/getStats`)).json().data).toEqual([]);
  });

  it('answers 401 signed out on every route', async () => {
    for (const [method, url] of [
      ['GET', `${P.journeys}/getJourneys`],
      ['GET', `${P.journeys}/getJourney/technology`],
      ['POST', `${P.results}/createResult`],
      ['GET', `${P.results}/getResult/1`],
      ['POST', `${P.evidence}/createEvidence`],
      ['DELETE', `${P.evidence}/deleteEvidence/1`],
      ['POST', `${P.reviews}/createReview`],
      ['GET', `${P.reviews}/getReviews`],
      ['PUT', `${P.reviews}/updateReview/1`],
      ['GET', `${P.stats}/getStats`],
    ] as const) {
      expect(
        (await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode,
      ).toBe(401);
    }
  });

  it("keeps a result to its owner: another person or another tenant's admin gets 404", async () => {
    const tenant = (await makeTenant(t.database)).tenant_id;
    const { actor } = await person(4, tenant);
    const result = await submitTechnology(actor, '4');
    const stranger = await person();
    expect((await call(stranger.actor, 'GET', `${P.results}/getResult/${result.result_id}`)).statusCode).toBe(
      404,
    );
    const other = (await makeTenant(t.database)).tenant_id;
    const admin = await makeUser(t.database);
    const res = await call(
      tenantAdmin(admin.user_id, other),
      'GET',
      `${P.results}/getResult/${result.result_id}`,
    );
    expect(res.statusCode).toBe(404);
    expect((await call(actor, 'GET', `${P.results}/getResult/${result.result_id}`)).statusCode).toBe(200);
  });
});

describe('evidence', () => {
  it('attaches my document to a level, refuses others, and detaches it', async () => {
    const { actor } = await person();
    const result = await submitTechnology(actor, '4');
    const fileId = await document(actor.userId);
    const added = await call(actor, 'POST', `${P.evidence}/createEvidence`, {
      result_id: result.result_id,
      dimension: 'technology',
      file_id: fileId,
    });
    expect(added.statusCode, added.body).toBe(201);
    const evidence = added.json().data.dimensions[0].evidence;
    expect(evidence).toEqual([
      expect.objectContaining({ file_id: fileId, name: 'prototype-test-report.pdf' }),
    ]);

    const stranger = await person();
    const theirs = await document(stranger.actor.userId);
    const notMine = await call(actor, 'POST', `${P.evidence}/createEvidence`, {
      result_id: result.result_id,
      dimension: 'technology',
      file_id: theirs,
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe(READINESS_MESSAGES.fileNotYours);
    const wrongDimension = await call(actor, 'POST', `${P.evidence}/createEvidence`, {
      result_id: result.result_id,
      dimension: 'funding',
      file_id: fileId,
    });
    expect(wrongDimension.statusCode).toBe(400);
    const notMyResult = await call(stranger.actor, 'POST', `${P.evidence}/createEvidence`, {
      result_id: result.result_id,
      dimension: 'technology',
      file_id: theirs,
    });
    expect(notMyResult.statusCode).toBe(404);
    const badUuid = await call(actor, 'POST', `${P.evidence}/createEvidence`, {
      result_id: result.result_id,
      dimension: 'technology',
      file_id: 'not-a-uuid',
    });
    expect(badUuid.statusCode).toBe(400);

    const id = evidence[0].evidence_id;
    expect((await call(stranger.actor, 'DELETE', `${P.evidence}/deleteEvidence/${id}`)).statusCode).toBe(404);
    expect((await call(actor, 'DELETE', `${P.evidence}/deleteEvidence/${id}`)).statusCode).toBe(200);
    const after = (await call(actor, 'GET', `${P.results}/getResult/${result.result_id}`)).json().data;
    expect(after.dimensions[0].evidence).toEqual([]);
  });
});

describe('reviews', () => {
  it('an invited mentor confirms or adjusts a level with a comment; both are notified', async () => {
    const founder = await person();
    const mentor = await person(16);
    const result = await submitTechnology(founder.actor, '4');
    const fileId = await document(founder.actor.userId);
    await call(founder.actor, 'POST', `${P.evidence}/createEvidence`, {
      result_id: result.result_id,
      dimension: 'technology',
      file_id: fileId,
    });
    const asked = await call(founder.actor, 'POST', `${P.reviews}/createReview`, {
      result_id: result.result_id,
      dimension: 'technology',
      reviewer_email: mentor.email.toUpperCase(),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const review = asked.json().data;
    expect(review).toMatchObject({
      status: 'requested',
      self_level: 4,
      reviewer: { user_id: mentor.actor.userId },
    });
    expect(await inbox(mentor.actor.userId)).toEqual([
      expect.objectContaining({ link: '/readiness-journey#reviews' }),
    ]);
    const again = await call(founder.actor, 'POST', `${P.reviews}/createReview`, {
      result_id: result.result_id,
      dimension: 'technology',
      reviewer_id: mentor.actor.userId,
    });
    expect(again.statusCode).toBe(409);

    // The queue works with its defaults; the reviewer may read the result and its evidence.
    const queue = await call(mentor.actor, 'GET', `${P.reviews}/getReviews`);
    expect(queue.json().data.map((r: { review_id: number }) => r.review_id)).toEqual([review.review_id]);
    expect(queue.json().meta).toMatchObject({ page: 1, total: 1 });
    expect((await call(mentor.actor, 'GET', `${P.results}/getResult/${result.result_id}`)).statusCode).toBe(
      200,
    );
    const file = await call(mentor.actor, 'GET', `/api/files/files/getFile/${fileId}`);
    expect(file.statusCode, file.body).toBe(200);

    // Nobody else may answer; bad answers change nothing.
    const stranger = await person(16);
    expect(
      (
        await call(stranger.actor, 'PUT', `${P.reviews}/updateReview/${review.review_id}`, {
          decision: 'confirmed',
          comment: 'ok',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(mentor.actor, 'GET', `/api/files/files/getFile/${await document(stranger.actor.userId)}`))
        .statusCode,
    ).toBe(404);
    const noLevel = await call(mentor.actor, 'PUT', `${P.reviews}/updateReview/${review.review_id}`, {
      decision: 'adjusted',
      comment: 'Lab only so far.',
    });
    expect(noLevel.statusCode).toBe(400);
    const noComment = await call(mentor.actor, 'PUT', `${P.reviews}/updateReview/${review.review_id}`, {
      decision: 'confirmed',
      comment: '  ',
    });
    expect(noComment.statusCode).toBe(400);

    const answered = await call(mentor.actor, 'PUT', `${P.reviews}/updateReview/${review.review_id}`, {
      decision: 'adjusted',
      level: 3,
      comment: 'The validation ran in the lab only: level 3 until the field test.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ status: 'adjusted', reviewed_level: 3 });
    const twice = await call(mentor.actor, 'PUT', `${P.reviews}/updateReview/${review.review_id}`, {
      decision: 'confirmed',
      comment: 'Changed my mind',
    });
    expect(twice.statusCode).toBe(409);

    const detail = (await call(founder.actor, 'GET', `${P.results}/getResult/${result.result_id}`)).json()
      .data;
    expect(detail.dimensions[0]).toMatchObject({ self_level: 4, level: 3 });
    expect(detail.overall).toBe(3);
    expect(await inbox(founder.actor.userId)).toEqual([
      expect.objectContaining({ link: '/technology-readiness', title: expect.stringContaining('adjusted') }),
    ]);
    const stats = (await call(founder.actor, 'GET', `${P.stats}/getStats`)).json().data;
    const overall = stats[0].stats.find((s: { category: string }) => s.category === 'Overall Achievements');
    expect(overall.scores.at(-1).score_value).toBe(3);

    // A second request after the answer is allowed, and confirming keeps the owner's level.
    const next = await call(founder.actor, 'POST', `${P.reviews}/createReview`, {
      result_id: result.result_id,
      dimension: 'technology',
      reviewer_id: mentor.actor.userId,
    });
    expect(next.statusCode, next.body).toBe(201);
    await call(mentor.actor, 'PUT', `${P.reviews}/updateReview/${next.json().data.review_id}`, {
      decision: 'confirmed',
      comment: 'Field test seen.',
    });
    const confirmed = (await call(founder.actor, 'GET', `${P.results}/getResult/${result.result_id}`)).json()
      .data;
    expect(confirmed.dimensions[0].level).toBe(4);
    const done = await call(mentor.actor, 'GET', `${P.reviews}/getReviews?status=answered`);
    expect(done.json().meta.total).toBe(2);
  });

  it('refuses a reviewer who is not eligible, unknown, or myself, and results that are not mine', async () => {
    const founder = await person();
    const result = await submitTechnology(founder.actor, '2');
    const plain = await person(13);
    const body = { result_id: result.result_id, dimension: 'technology' };
    const notEligible = await call(founder.actor, 'POST', `${P.reviews}/createReview`, {
      ...body,
      reviewer_id: plain.actor.userId,
    });
    expect(notEligible.statusCode).toBe(400);
    expect(notEligible.json().message).toBe(READINESS_MESSAGES.reviewerNotEligible);
    const unknown = await call(founder.actor, 'POST', `${P.reviews}/createReview`, {
      ...body,
      reviewer_email: 'nobody-here@example.test',
    });
    expect(unknown.statusCode).toBe(400);
    const neither = await call(founder.actor, 'POST', `${P.reviews}/createReview`, body);
    expect(neither.statusCode).toBe(400);
    const mentorFounder = await person(16);
    const own = await submitTechnology(mentorFounder.actor, '2');
    const self = await call(mentorFounder.actor, 'POST', `${P.reviews}/createReview`, {
      result_id: own.result_id,
      dimension: 'technology',
      reviewer_id: mentorFounder.actor.userId,
    });
    expect(self.statusCode).toBe(400);
    const mentor = await person(16);
    const notMine = await call(plain.actor, 'POST', `${P.reviews}/createReview`, {
      ...body,
      reviewer_id: mentor.actor.userId,
    });
    expect(notMine.statusCode).toBe(404);
    // A person with no reviews has an empty queue, not an error.
    const queue = await call(plain.actor, 'GET', `${P.reviews}/getReviews`);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data).toEqual([]);
    expect((await call(plain.actor, 'GET', `${P.reviews}/getReviews?limit=500`)).statusCode).toBe(400);
  });
});
