import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, member, teacher } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const API = '/api/assessment';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A published quiz (pass mark 50) of one tenant: single choice (2 points), multiple choice, short text, rating. */
async function quiz(kind: 'quiz' | 'survey' = 'quiz') {
  const tenant = await makeTenant(t.database, { tenant_name: `Quiz tenant ${Date.now()}${Math.random()}` });
  const author = await makeUser(t.database);
  t.actAs(teacher(author.user_id, tenant.tenant_id));
  const created = (
    await call('POST', '/assessments/createAssessment', {
      title: 'Capitals',
      kind,
      status: 'published',
      pass_mark: 50,
      institute_name: 'Riverside',
    })
  ).json().data;
  const id = created.assessment_id as number;
  const q = async (body: object) =>
    (await call('POST', '/questions/createQuestion', { assessment_id: id, ...body })).json().data
      .question_id as number;
  const single = await q({
    question_type: 'single_choice',
    prompt: 'Capital of France?',
    options: [
      { id: 'a', label: 'Paris' },
      { id: 'b', label: 'Lyon' },
    ],
    correct_options: ['a'],
    points: 2,
    position: 0,
  });
  const multiple = await q({
    question_type: 'multiple_choice',
    prompt: 'Which are in Europe?',
    options: [
      { id: 'x', label: 'Rome' },
      { id: 'y', label: 'Lima' },
      { id: 'z', label: 'Oslo' },
    ],
    correct_options: ['x', 'z'],
    position: 1,
  });
  const text = await q({ question_type: 'short_text', prompt: 'Why?', is_required: false, position: 2 });
  const rating = await q({ question_type: 'rating', prompt: 'How hard?', rating_max: 5, position: 3 });
  return { tenant, author, id, single, multiple, text, rating };
}

async function learnerOf(tenantId: number) {
  const user = await makeUser(t.database, { first_name: 'Grace', last_name: 'Hopper' });
  t.actAs(member(user.user_id, tenantId));
  return user;
}

describe('assessments: authoring', () => {
  it('refuses learners, signed-out callers and bad questions with clear errors', async () => {
    const { tenant, id } = await quiz();
    const learner = await learnerOf(tenant.tenant_id);
    expect((await call('POST', '/assessments/createAssessment', { title: 'Mine' })).statusCode).toBe(403);
    expect(
      (await call('GET', `/questions/getAll?filterFields=${encodeURIComponent('{"assessment_id":1}')}`))
        .statusCode,
    ).toBe(403);
    expect(learner.user_id).toBeGreaterThan(0);
    t.actAs(null);
    expect((await call('GET', '/assessments/getAll')).statusCode).toBe(401);
    expect((await call('GET', `/take/getAttempt/${id}`)).statusCode).toBe(401);

    const author = await makeUser(t.database);
    t.actAs(teacher(author.user_id, tenant.tenant_id));
    const single = await call('POST', '/questions/createQuestion', {
      assessment_id: id,
      question_type: 'single_choice',
      prompt: 'Only one option',
      options: [{ id: 'a', label: 'A' }],
      correct_options: ['b'],
    });
    expect(single.statusCode).toBe(400);
    expect(single.body).toContain('A choice question needs at least two options.');
    expect(single.body).toContain('b is not one of the options.');
    const orphan = await call('POST', '/questions/createQuestion', {
      assessment_id: 2_000_000_000,
      question_type: 'short_text',
      prompt: 'Lost',
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().message).toContain('assessment_id');
  });

  it('hides drafts from learners and every assessment from another tenant', async () => {
    const { tenant, id } = await quiz();
    const author = await makeUser(t.database);
    t.actAs(teacher(author.user_id, tenant.tenant_id));
    const draft = (await call('POST', '/assessments/createAssessment', { title: 'Draft one' })).json().data;
    expect(draft.status).toBe('draft');
    await learnerOf(tenant.tenant_id);
    expect((await call('GET', `/take/getAttempt/${draft.assessment_id}`)).statusCode).toBe(404);
    const list = (await call('GET', '/assessments/getAll?limit=-1')).json().data as {
      assessment_id: number;
    }[];
    expect(list.map((row) => row.assessment_id)).toContain(id);
    expect(list.map((row) => row.assessment_id)).not.toContain(draft.assessment_id);

    const other = await makeTenant(t.database, { tenant_name: `Other ${Date.now()}` });
    await learnerOf(other.tenant_id);
    const foreign = await call('GET', `/take/getAttempt/${id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Assessment not found');
    expect((await call('PUT', `/take/saveAnswers/${id}`, { answers: {} })).statusCode).toBe(404);
  });
});

describe('assessments: taking one', () => {
  it('autosaves, resumes, scores choice questions against the pass mark, and takes one submission', async () => {
    const { tenant, id, single, multiple, text, rating } = await quiz();
    await learnerOf(tenant.tenant_id);
    const attempt = (await call('GET', `/take/getAttempt/${id}`)).json().data;
    expect(attempt.response).toBeNull();
    expect(attempt.questions).toHaveLength(4);
    expect(JSON.stringify(attempt.questions)).not.toContain('correct_options');

    const saved = await call('PUT', `/take/saveAnswers/${id}`, {
      answers: { [single]: 'a' },
      response_for_type: 'program',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      is_completed: false,
      response_for_type: 'program',
      institute_name: 'Riverside',
    });
    await call('PUT', `/take/saveAnswers/${id}`, { answers: { [multiple]: ['x'] } });
    const resumed = (await call('GET', `/take/getAttempt/${id}`)).json().data.response;
    expect(resumed.answers).toEqual({ [single]: 'a', [multiple]: ['x'] });

    const early = await call('POST', `/take/submit/${id}`, { answers: {} });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Answer every required question before you submit.');
    expect(early.body).toContain(`answers.${rating}`);

    const bad = await call('PUT', `/take/saveAnswers/${id}`, { answers: { [rating]: 9, [single]: 'q' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Rate from 1 to 5.');
    expect(bad.body).toContain('Choose one of the options.');
    expect(
      (await call('GET', `/take/getAttempt/${id}`)).json().data.response.answers[rating],
    ).toBeUndefined();

    // 2 of 3 points: the multiple-choice answer misses Oslo.
    const submitted = await call('POST', `/take/submit/${id}`, {
      answers: { [rating]: 4, [text]: 'Because' },
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data).toMatchObject({
      is_completed: true,
      score: 2,
      max_score: 3,
      percent: 66,
      passed: true,
    });
    const again = await call('POST', `/take/submit/${id}`, { answers: { [multiple]: ['x', 'z'] } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already submitted this assessment.');
    expect((await call('PUT', `/take/saveAnswers/${id}`, { answers: {} })).statusCode).toBe(409);

    const mine = (await call('GET', '/take/getMyResponses')).json().data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ assessment_id: id, title: 'Capitals', passed: true, percent: 66 });
  });

  it('fails a quiz below the pass mark and never scores a survey', async () => {
    const { tenant, id, single, multiple, rating } = await quiz();
    await learnerOf(tenant.tenant_id);
    const failed = (
      await call('POST', `/take/submit/${id}`, {
        answers: { [single]: 'b', [multiple]: ['x', 'z'], [rating]: 1 },
      })
    ).json().data;
    expect(failed).toMatchObject({ score: 1, max_score: 3, percent: 33, passed: false });

    const survey = await quiz('survey');
    await learnerOf(survey.tenant.tenant_id);
    const done = (
      await call('POST', `/take/submit/${survey.id}`, {
        answers: { [survey.single]: 'a', [survey.multiple]: ['y'], [survey.rating]: 5 },
      })
    ).json().data;
    expect(done).toMatchObject({ is_completed: true, passed: null });
  });
});

describe('assessments: report', () => {
  it('counts answers per option, rating statistics and texts, and exports every response as CSV', async () => {
    const { tenant, author, id, single, multiple, text, rating } = await quiz();
    const answers = [
      { [single]: 'a', [multiple]: ['x', 'z'], [rating]: 5, [text]: '=HYPERLINK("x")' },
      { [single]: 'b', [multiple]: ['x'], [rating]: 2 },
      { [single]: 'a', [multiple]: ['z', 'x'], [rating]: 4, [text]: 'Fine, thanks' },
    ];
    for (const set of answers) {
      await learnerOf(tenant.tenant_id);
      expect((await call('POST', `/take/submit/${id}`, { answers: set })).statusCode).toBe(200);
    }
    await learnerOf(tenant.tenant_id);
    await call('PUT', `/take/saveAnswers/${id}`, { answers: { [single]: 'b' } });
    expect((await call('GET', `/reports/getReport/${id}`)).statusCode).toBe(403);

    t.actAs(teacher(author.user_id, tenant.tenant_id));
    const report = (await call('GET', `/reports/getReport/${id}`)).json().data;
    expect(report).toMatchObject({ responses: 4, submitted: 3, pass_rate: 67, average_percent: 66.67 });
    const [q1, q2, q3, q4] = report.questions;
    expect(q1.options.map((o: { count: number }) => o.count)).toEqual([2, 1]);
    expect(q1.correct_rate).toBe(67);
    expect(q2.options.map((o: { count: number }) => o.count)).toEqual([3, 0, 2]);
    expect(q3.texts).toEqual(['=HYPERLINK("x")', 'Fine, thanks']);
    expect(q4).toMatchObject({ mean: 3.67, median: 4, answered: 3 });
    expect(q4.ratings.map((r: { count: number }) => r.count)).toEqual([0, 1, 0, 1, 1]);

    const csv = await call('GET', `/reports/exportCsv/${id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain('Capital of France?');
    expect(lines[1]).toContain('Grace Hopper');
    expect(lines[1]).toContain('Rome; Oslo');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);

    const other = await makeTenant(t.database, { tenant_name: `Report other ${Date.now()}` });
    const stranger = await makeUser(t.database);
    t.actAs(teacher(stranger.user_id, other.tenant_id));
    expect((await call('GET', `/reports/getReport/${id}`)).statusCode).toBe(404);
    expect((await call('GET', `/reports/exportCsv/${id}`)).statusCode).toBe(404);
  });
});
