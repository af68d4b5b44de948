import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, member, teacher, tenantAdmin } from '../../test/factories';
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
const data = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  (await call(method, url, payload)).json().data;
const REPORTS = '/api/assessment/reports';

/** A published program whose only unit is a quiz (pass mark 100) of one single-choice question. */
async function quizProgram() {
  const tenant = await makeTenant(t.database, { tenant_name: `Reopen ${Date.now()}${Math.random()}` });
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
  const quiz = await data('POST', '/api/assessment/assessments/createAssessment', {
    title: 'Sums',
    status: 'published',
    pass_mark: 100,
  });
  const question = await data('POST', '/api/assessment/questions/createQuestion', {
    assessment_id: quiz.assessment_id,
    question_type: 'single_choice',
    prompt: '2 + 2?',
    options: [
      { id: 'four', label: '4' },
      { id: 'five', label: '5' },
    ],
    correct_options: ['four'],
  });
  const unit = await data('POST', '/api/program/units/createUnit', {
    module_id: module.module_id,
    unit_name: 'Quiz',
    unit_type: 'assessment',
    content: { assessment_id: quiz.assessment_id },
  });
  return {
    tenant,
    asAuthor,
    programId: program.program_id as number,
    unitId: unit.unit_id as number,
    quizId: quiz.assessment_id as number,
    questionId: String(question.question_id),
  };
}

async function learner(tenantId: number, programId: number | null, names: object = {}) {
  const user = await makeUser(t.database, names);
  const asLearner = () => t.actAs(member(user.user_id, tenantId));
  asLearner();
  if (programId !== null) {
    await call('POST', '/api/program/programs-enrolled/createProgramEnrolled', { program_id: programId });
  }
  return { user, asLearner };
}

describe('reopening a response', () => {
  it('lets a learner who failed correct their answers, pass, tick the unit and earn the certificate', async () => {
    const p = await quizProgram();
    const ada = await learner(p.tenant.tenant_id, p.programId, { first_name: 'Ada', last_name: 'Byron' });
    const failed = await data('POST', `/api/assessment/take/submit/${p.quizId}`, {
      answers: { [p.questionId]: 'five' },
    });
    expect(failed).toMatchObject({ is_completed: true, passed: false, percent: 0 });
    expect(
      (await data('GET', `/api/program/progress/getProgress/${p.programId}`)).completed_unit_ids,
    ).toEqual([]);

    p.asAuthor();
    const listed = (await data('GET', `${REPORTS}/getResponses/${p.quizId}`))[0];
    expect(listed).toMatchObject({
      response_id: failed.response_id,
      user_id: ada.user.user_id,
      display_name: 'Ada Byron',
      email: ada.user.email,
      is_completed: true,
      passed: false,
      percent: 0,
    });
    const reopened = await call('POST', `${REPORTS}/reopenResponse/${failed.response_id}`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data).toMatchObject({
      response_id: failed.response_id,
      is_completed: false,
      submitted_at: null,
      score: null,
      max_score: null,
      percent: null,
      passed: null,
      answers: { [p.questionId]: 'five' },
    });
    expect(reopened.json().data.reopened_at).toEqual(expect.any(String));
    const again = await call('POST', `${REPORTS}/reopenResponse/${failed.response_id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This response is not submitted, so there is nothing to reopen.');

    ada.asLearner();
    const attempt = (await data('GET', `/api/assessment/take/getAttempt/${p.quizId}`)).response;
    expect(attempt).toMatchObject({ is_completed: false, answers: { [p.questionId]: 'five' } });
    const passed = await data('POST', `/api/assessment/take/submit/${p.quizId}`, {
      answers: { [p.questionId]: 'four' },
    });
    expect(passed).toMatchObject({ is_completed: true, passed: true, percent: 100, score: 1 });
    expect(
      (await data('GET', `/api/program/progress/getProgress/${p.programId}`)).completed_unit_ids,
    ).toEqual([p.unitId]);
    const certificates = await data('GET', '/api/certificates/getMyCertificates');
    expect(certificates.map((c: { program_id: number }) => c.program_id)).toEqual([p.programId]);

    // A pass, once reopened, leaves the unit ticked and the certificate standing.
    p.asAuthor();
    expect((await call('POST', `${REPORTS}/reopenResponse/${failed.response_id}`)).statusCode).toBe(200);
    ada.asLearner();
    expect(
      (await data('GET', `/api/program/progress/getProgress/${p.programId}`)).completed_unit_ids,
    ).toEqual([p.unitId]);
    expect(await data('GET', '/api/certificates/getMyCertificates')).toHaveLength(1);
    expect(
      (await call('POST', `/api/assessment/take/submit/${p.quizId}`, { answers: {} })).json().data,
    ).toMatchObject({ is_completed: true, passed: true });
    expect(await data('GET', '/api/certificates/getMyCertificates')).toHaveLength(1);
  });
});

describe('listing responses', () => {
  it('pages the responses newest activity first and searches by name or email', async () => {
    const p = await quizProgram();
    const people = [
      { first_name: 'Grace', last_name: 'Hopper' },
      { first_name: 'Alan', last_name: 'Turing' },
      { first_name: 'Katherine', last_name: 'Johnson' },
    ];
    const ids: number[] = [];
    for (const names of people) {
      await learner(p.tenant.tenant_id, null, names);
      ids.push(
        (
          await data('POST', `/api/assessment/take/submit/${p.quizId}`, {
            answers: { [p.questionId]: 'four' },
          })
        ).response_id,
      );
    }
    const alan = await learner(p.tenant.tenant_id, null, { first_name: 'Alan', last_name: 'Kay' });
    await call('PUT', `/api/assessment/take/saveAnswers/${p.quizId}`, {
      answers: { [p.questionId]: 'five' },
    });

    p.asAuthor();
    const first = await call('GET', `${REPORTS}/getResponses/${p.quizId}?page=1&limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2 });
    expect(first.json().data.map((row: { display_name: string }) => row.display_name)).toEqual([
      'Alan Kay',
      'Katherine Johnson',
    ]);
    expect(first.json().data[0]).toMatchObject({ is_completed: false, submitted_at: null, passed: null });
    const second = (await call('GET', `${REPORTS}/getResponses/${p.quizId}?page=2&limit=2`)).json();
    expect(second.data.map((row: { response_id: number }) => row.response_id)).toEqual([ids[1], ids[0]]);
    const beyond = (await call('GET', `${REPORTS}/getResponses/${p.quizId}?page=5&limit=2`)).json();
    expect(beyond).toEqual({ data: [], meta: { page: 5, limit: 2, total: 4, totalPages: 2 } });

    // Reopening is activity: the reopened response comes first.
    await call('POST', `${REPORTS}/reopenResponse/${ids[0]}`);
    const latest = (await data('GET', `${REPORTS}/getResponses/${p.quizId}?limit=1`))[0];
    expect(latest).toMatchObject({ response_id: ids[0], is_completed: false });

    const byName = (
      await call('GET', `${REPORTS}/getResponses/${p.quizId}?search=${encodeURIComponent(' alan ')}`)
    ).json();
    expect(byName.meta.total).toBe(2);
    const byFullName = await data(
      'GET',
      `${REPORTS}/getResponses/${p.quizId}?search=${encodeURIComponent('Alan K')}`,
    );
    expect(byFullName.map((row: { user_id: number }) => row.user_id)).toEqual([alan.user.user_id]);
    const byEmail = await data(
      'GET',
      `${REPORTS}/getResponses/${p.quizId}?search=${alan.user.email.toUpperCase()}`,
    );
    expect(byEmail).toHaveLength(1);
    expect(await data('GET', `${REPORTS}/getResponses/${p.quizId}?search=%25`)).toEqual([]);
  });

  it('refuses bad paths and queries with 400', async () => {
    const p = await quizProgram();
    for (const url of [
      `${REPORTS}/getResponses/abc`,
      `${REPORTS}/getResponses/0`,
      `${REPORTS}/getResponses/${p.quizId}?limit=0`,
      `${REPORTS}/getResponses/${p.quizId}?limit=101`,
      `${REPORTS}/getResponses/${p.quizId}?page=first`,
      `${REPORTS}/getResponses/${p.quizId}?sortField=email`,
    ]) {
      expect((await call('GET', url)).statusCode, url).toBe(400);
    }
    expect((await call('POST', `${REPORTS}/reopenResponse/abc`)).statusCode).toBe(400);
    expect((await call('POST', `${REPORTS}/reopenResponse/1.5`)).statusCode).toBe(400);
  });
});

describe('who may list and reopen', () => {
  it('answers 401 signed out, 403 to learners and 404 for another tenant or an unknown response', async () => {
    const p = await quizProgram();
    await learner(p.tenant.tenant_id, null);
    const response = await data('POST', `/api/assessment/take/submit/${p.quizId}`, {
      answers: { [p.questionId]: 'five' },
    });
    const reopen = `${REPORTS}/reopenResponse/${response.response_id}`;
    const list = `${REPORTS}/getResponses/${p.quizId}`;
    expect((await call('POST', reopen)).statusCode).toBe(403);
    expect((await call('GET', list)).statusCode).toBe(403);

    t.actAs(null);
    expect((await call('POST', reopen)).statusCode).toBe(401);
    expect((await call('GET', list)).statusCode).toBe(401);

    const other = await makeTenant(t.database, { tenant_name: `Reopen other ${Date.now()}` });
    const stranger = await makeUser(t.database);
    t.actAs(tenantAdmin(stranger.user_id, other.tenant_id));
    const foreign = await call('POST', reopen);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Response not found');
    expect((await call('GET', list)).statusCode).toBe(404);

    p.asAuthor();
    expect((await call('POST', `${REPORTS}/reopenResponse/2147483000`)).statusCode).toBe(404);
    // None of the refusals changed the submission.
    const [row] = await data('GET', list);
    expect(row).toMatchObject({ response_id: response.response_id, is_completed: true, passed: false });
  });
});
