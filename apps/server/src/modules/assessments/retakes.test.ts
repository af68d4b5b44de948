import { ASSESSMENT_MESSAGES } from '@nexus/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentResponses } from '../../db/schema';
import { makeTenant, makeUser, member, teacher } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}) });
const data = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  (await call(method, url, payload)).json().data;
const TAKE = '/api/assessment/take';

/**
 * A published program whose only unit is a quiz of two single-choice questions (pass mark 100), with
 * the given retake policy. Answering `right` to both scores 100%, one of them 50%, none 0%.
 */
async function quizProgram(policy: object = {}) {
  const tenant = await makeTenant(t.database, { tenant_name: `Retake ${Date.now()}${Math.random()}` });
  const author = await makeUser(t.database);
  const asAuthor = () => t.actAs(teacher(author.user_id, tenant.tenant_id));
  asAuthor();
  const program = await data('POST', '/api/program/programs/createProgram', {
    program_name: 'Arithmetic',
    status: 'published',
  });
  const course = await data('POST', '/api/program/courses/createCourse', {
    program_id: program.program_id,
    course_name: 'C',
  });
  const module = await data('POST', '/api/program/modules/createModule', {
    course_id: course.course_id,
    module_name: 'M',
  });
  const created = await call('POST', '/api/assessment/assessments/createAssessment', {
    title: 'Sums',
    status: 'published',
    pass_mark: 100,
    ...policy,
  });
  expect(created.statusCode).toBe(201);
  const quiz = created.json().data;
  const questionIds: string[] = [];
  for (const prompt of ['2 + 2?', '3 + 3?']) {
    const question = await data('POST', '/api/assessment/questions/createQuestion', {
      assessment_id: quiz.assessment_id,
      question_type: 'single_choice',
      prompt,
      options: [
        { id: 'right', label: 'Right' },
        { id: 'wrong', label: 'Wrong' },
      ],
      correct_options: ['right'],
    });
    questionIds.push(String(question.question_id));
  }
  const unit = await data('POST', '/api/program/units/createUnit', {
    module_id: module.module_id,
    unit_name: 'Quiz',
    unit_type: 'assessment',
    content: { assessment_id: quiz.assessment_id },
  });
  const learner = await makeUser(t.database);
  const asLearner = () => t.actAs(member(learner.user_id, tenant.tenant_id));
  asLearner();
  await call('POST', '/api/program/programs-enrolled/createProgramEnrolled', {
    program_id: program.program_id,
  });
  const [first, second] = questionIds as [string, string];
  const answers = (right: number) => ({
    answers: { [first]: right >= 1 ? 'right' : 'wrong', [second]: right >= 2 ? 'right' : 'wrong' },
  });
  return {
    tenant,
    asAuthor,
    asLearner,
    learner,
    quiz,
    quizId: quiz.assessment_id as number,
    programId: program.program_id as number,
    unitId: unit.unit_id as number,
    answers,
    submit: (right: number) => call('POST', `${TAKE}/submit/${quiz.assessment_id}`, answers(right)),
    retake: () => call('POST', `${TAKE}/retake/${quiz.assessment_id}`),
    attempt: () => data('GET', `${TAKE}/getAttempt/${quiz.assessment_id}`),
  };
}

describe('the retake policy', () => {
  it('keeps the one-submission rule of before by default', async () => {
    const q = await quizProgram();
    expect(q.quiz).toMatchObject({
      max_attempts: 1,
      retake_wait_minutes: 0,
      scoring: 'best',
      show_correct_answers: false,
    });
    expect((await q.submit(1)).json().data).toMatchObject({ passed: false, attempt: 1 });
    expect((await q.attempt()).retake).toEqual({
      allowed: 1,
      used: 1,
      can_retake: false,
      blocked: 'no_attempts_left',
      opens_at: null,
    });
    const refused = await q.retake();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ASSESSMENT_MESSAGES.noAttemptsLeft);
    expect((await q.submit(2)).statusCode).toBe(409);
  });

  it('lets a learner retake within the attempts, counting the best attempt, and stops at the last', async () => {
    const q = await quizProgram({ max_attempts: 3, scoring: 'best' });
    expect((await q.submit(1)).json().data).toMatchObject({ percent: 50, passed: false, attempt: 1 });
    expect((await q.attempt()).retake).toMatchObject({
      allowed: 3,
      used: 1,
      can_retake: true,
      blocked: null,
    });

    const second = await q.retake();
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({
      attempt: 2,
      is_completed: false,
      answers: {},
      percent: null,
      passed: null,
      submitted_at: null,
    });
    // Starting again while the attempt is open starts nothing more.
    expect((await q.retake()).json().data).toMatchObject({ attempt: 2, is_completed: false });
    expect((await q.attempt()).retake.blocked).toBe('open');

    // A worse second attempt: the best (50%) still counts; both are kept.
    expect((await q.submit(0)).json().data).toMatchObject({
      attempt: 2,
      percent: 50,
      score: 1,
      passed: false,
    });
    const after = await q.attempt();
    expect(after.attempts.map((a: { percent: number }) => a.percent)).toEqual([50, 0]);
    expect(after.retake).toMatchObject({ allowed: 3, used: 2, can_retake: true });

    expect((await q.retake()).json().data.attempt).toBe(3);
    expect((await q.submit(0)).json().data).toMatchObject({ attempt: 3, percent: 50 });
    expect((await q.attempt()).retake).toMatchObject({
      used: 3,
      can_retake: false,
      blocked: 'no_attempts_left',
    });
    const refused = await q.retake();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ASSESSMENT_MESSAGES.noAttemptsLeft);
    // Nothing refused changed the response.
    expect((await q.attempt()).response).toMatchObject({ attempt: 3, is_completed: true, percent: 50 });
    expect((await q.attempt()).review).toBeNull();
  });

  it('counts the last attempt when the author chose so', async () => {
    const q = await quizProgram({ max_attempts: 2, scoring: 'last' });
    expect((await q.submit(1)).json().data).toMatchObject({ percent: 50 });
    await q.retake();
    expect((await q.submit(0)).json().data).toMatchObject({
      attempt: 2,
      percent: 0,
      score: 0,
      passed: false,
    });
    expect((await q.attempt()).attempts.map((a: { percent: number }) => a.percent)).toEqual([50, 0]);
  });

  it('makes the learner wait between attempts and says when the next one opens', async () => {
    const q = await quizProgram({ max_attempts: 2, retake_wait_minutes: 90 });
    const failed = (await q.submit(0)).json().data;
    const opensAt = new Date(Date.parse(failed.submitted_at) + 90 * 60_000).toISOString();
    expect((await q.attempt()).retake).toMatchObject({
      can_retake: false,
      blocked: 'waiting',
      opens_at: opensAt,
    });
    const early = await q.retake();
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe(`Your next attempt opens at ${opensAt}.`);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(80 * 60);
    expect((await q.attempt()).response).toMatchObject({ attempt: 1, is_completed: true });

    // The wait over (the submission moved two hours back), the retake opens.
    await t.database.system
      .update(assessmentResponses)
      .set({ submitted_at: sql`submitted_at - interval '2 hours'` })
      .where(eq(assessmentResponses.response_id, failed.response_id));
    expect((await q.attempt()).retake).toMatchObject({ can_retake: true, opens_at: null });
    expect((await q.retake()).json().data).toMatchObject({ attempt: 2, is_completed: false });
  });

  it('ticks the unit and issues the certificate on a pass after a fail, then shows the answers and allows no retake', async () => {
    const q = await quizProgram({ max_attempts: 3, show_correct_answers: true });
    await q.submit(1);
    // While attempts remain, the answers stay hidden.
    expect((await q.attempt()).review).toBeNull();
    const progress = () => data('GET', `/api/program/progress/getProgress/${q.programId}`);
    expect((await progress()).completed_unit_ids).toEqual([]);
    const done = await call('POST', `/api/program/progress/completeUnit/${q.unitId}`);
    expect(done.statusCode).toBe(400);

    await q.retake();
    expect((await q.submit(2)).json().data).toMatchObject({ attempt: 2, percent: 100, passed: true });
    expect((await progress()).completed_unit_ids).toEqual([q.unitId]);
    expect(await data('GET', '/api/certificates/getMyCertificates')).toHaveLength(1);

    const final = await q.attempt();
    expect(final.retake).toMatchObject({ can_retake: false, blocked: 'passed' });
    expect(final.review).toEqual([
      expect.objectContaining({ correct: true, correct_options: ['right'] }),
      expect.objectContaining({ correct: true, correct_options: ['right'] }),
    ]);
    const again = await q.retake();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ASSESSMENT_MESSAGES.retakePassed);
  });

  it('shows the correct answers once no attempt is left, and never the answers of open attempts', async () => {
    const q = await quizProgram({ max_attempts: 2, show_correct_answers: true });
    await q.submit(0);
    expect((await q.attempt()).review).toBeNull();
    await q.retake();
    expect((await q.attempt()).review).toBeNull();
    await q.submit(1);
    const review = (await q.attempt()).review;
    expect(review.map((r: { correct: boolean }) => r.correct)).toEqual([true, false]);
    expect(review[1].correct_options).toEqual(['right']);
  });

  it('grants one more attempt, open at once, when a teacher reopens the response', async () => {
    const q = await quizProgram({ max_attempts: 1, retake_wait_minutes: 600 });
    const failed = (await q.submit(0)).json().data;
    q.asAuthor();
    const reopened = await call('POST', `/api/assessment/reports/reopenResponse/${failed.response_id}`);
    expect(reopened.json().data).toMatchObject({ attempt: 2, is_completed: false });
    q.asLearner();
    expect((await q.attempt()).retake).toMatchObject({ allowed: 2, used: 1, blocked: 'open' });
    expect((await q.submit(2)).json().data).toMatchObject({ attempt: 2, passed: true });
    expect((await q.attempt()).attempts).toHaveLength(2);
  });
});

describe('who may retake', () => {
  it('answers 401 signed out, only ever touches the caller’s own response, and 404 in another tenant', async () => {
    const q = await quizProgram({ max_attempts: 3 });
    await q.submit(0);

    t.actAs(null);
    expect((await q.retake()).statusCode).toBe(401);

    // Another learner of the tenant has no response to retake: the first learner's stays as it was.
    const other = await makeUser(t.database);
    t.actAs(member(other.user_id, q.tenant.tenant_id));
    const refused = await q.retake();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ASSESSMENT_MESSAGES.retakeNotSubmitted);

    const elsewhere = await makeTenant(t.database, { tenant_name: `Retake other ${Date.now()}` });
    t.actAs(member(q.learner.user_id, elsewhere.tenant_id));
    const foreign = await q.retake();
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ASSESSMENT_MESSAGES.notFound);

    q.asLearner();
    expect((await q.attempt()).response).toMatchObject({ attempt: 1, is_completed: true });
    expect((await call('POST', `${TAKE}/retake/abc`)).statusCode).toBe(400);
  });

  it('refuses a survey retake and a policy out of range, changing nothing', async () => {
    const q = await quizProgram();
    for (const bad of [
      { max_attempts: 0 },
      { max_attempts: 11 },
      { max_attempts: 2.5 },
      { retake_wait_minutes: -1 },
      { retake_wait_minutes: 7 * 24 * 60 + 1 },
      { scoring: 'average' },
      { show_correct_answers: 'yes' },
    ]) {
      q.asAuthor();
      const response = await call('PUT', `/api/assessment/assessments/update/${q.quizId}`, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const kept = await data('GET', `/api/assessment/assessments/getAssessment/${q.quizId}`);
    expect(kept).toMatchObject({ max_attempts: 1, retake_wait_minutes: 0, scoring: 'best' });
    const changed = await data('PUT', `/api/assessment/assessments/update/${q.quizId}`, {
      max_attempts: 10,
      retake_wait_minutes: 60,
      scoring: 'last',
      show_correct_answers: true,
    });
    expect(changed).toMatchObject({ max_attempts: 10, retake_wait_minutes: 60, scoring: 'last' });

    const survey = await data('POST', '/api/assessment/assessments/createAssessment', {
      title: 'Feedback',
      kind: 'survey',
      status: 'published',
      max_attempts: 3,
    });
    q.asLearner();
    expect((await call('POST', `${TAKE}/submit/${survey.assessment_id}`, { answers: {} })).statusCode).toBe(
      200,
    );
    const refused = await call('POST', `${TAKE}/retake/${survey.assessment_id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ASSESSMENT_MESSAGES.retakeSurvey);
  });
});
