import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, member, teacher } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { windowOpen } from './service';

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

/** A published program whose only module holds a live session (schedule 3) and a quiz unit. */
async function liveProgram(content: Record<string, unknown> = {}) {
  const tenant = await makeTenant(t.database, { tenant_name: `Live ${Date.now()}${Math.random()}` });
  const author = await makeUser(t.database);
  t.actAs(teacher(author.user_id, tenant.tenant_id));
  const program = await data('POST', '/api/program/programs/createProgram', {
    program_name: 'Live program',
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
  const live = await data('POST', '/api/program/units/createUnit', {
    module_id: module.module_id,
    unit_name: 'Kick-off call',
    unit_type: 'live_session',
    content: { schedule_id: 3, batch_id: 1, ...content },
  });
  const quiz = await data('POST', '/api/assessment/assessments/createAssessment', {
    title: 'Check',
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
  const quizUnit = await data('POST', '/api/program/units/createUnit', {
    module_id: module.module_id,
    unit_name: 'Quiz',
    unit_type: 'assessment',
    content: { assessment_id: quiz.assessment_id },
    position: 1,
  });
  const sheet = `live_session/3/${live.unit_id}/1`;
  return {
    tenant,
    author,
    programId: program.program_id as number,
    liveUnit: live.unit_id as number,
    quizUnit: quizUnit.unit_id as number,
    quizId: quiz.assessment_id as number,
    questionId: question.question_id as number,
    sheet,
  };
}

async function enrolledLearner(tenantId: number, programId: number) {
  const user = await makeUser(t.database, { first_name: 'Ada', last_name: 'Byron' });
  t.actAs(member(user.user_id, tenantId));
  await call('POST', '/api/program/programs-enrolled/createProgramEnrolled', { program_id: programId });
  return user;
}

describe('attendance window', () => {
  it('opens 15 minutes before the start and closes at the end', () => {
    const content = { starts_at: '2026-05-01T10:00:00Z', ends_at: '2026-05-01T11:00:00Z' };
    expect(windowOpen(content, new Date('2026-05-01T09:44:59Z'))).toBe(false);
    expect(windowOpen(content, new Date('2026-05-01T09:45:00Z'))).toBe(true);
    expect(windowOpen(content, new Date('2026-05-01T11:00:00Z'))).toBe(true);
    expect(windowOpen(content, new Date('2026-05-01T11:00:01Z'))).toBe(false);
    expect(windowOpen({}, new Date())).toBe(true);
  });
});

describe('attendance', () => {
  it('shows the code only to instructors; learners check in with it, and that completes the unit', async () => {
    const p = await liveProgram();
    const code = (await data('GET', `/api/attendance/getSheet/${p.sheet}`)).code as string;
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    expect((await data('GET', `/api/attendance/getSheet/${p.sheet}`)).code).toBe(code);

    const learner = await enrolledLearner(p.tenant.tenant_id, p.programId);
    const mine = await data('GET', `/api/attendance/getSheet/${p.sheet}`);
    expect(mine).toMatchObject({
      instructor: false,
      code: null,
      roster: null,
      my_status: null,
      window_open: true,
    });
    const manual = await call('POST', `/api/program/progress/completeUnit/${p.liveUnit}`);
    expect(manual.statusCode).toBe(400);
    expect(manual.json().message).toContain('Attend the live session');

    const wrong = await call('POST', `/api/attendance/checkIn/${p.sheet}`, { code: 'ZZZZZZ' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('That code is not right. Check it with your instructor.');
    const ok = await data('POST', `/api/attendance/checkIn/${p.sheet}`, { code: code.toLowerCase() });
    expect(ok.status).toBe('present');
    expect(ok.progress.completed_unit_ids).toEqual([p.liveUnit]);

    t.actAs(teacher(p.author.user_id, p.tenant.tenant_id));
    const roster = (await data('GET', `/api/attendance/getSheet/${p.sheet}`)).roster;
    expect(roster).toEqual([
      expect.objectContaining({
        user_id: learner.user_id,
        name: 'Ada Byron',
        status: 'present',
        method: 'code',
      }),
    ]);
  });

  it('refuses check-in outside the window, unenrolled learners and a schedule that does not match', async () => {
    const p = await liveProgram({ starts_at: '2020-01-01T10:00:00Z', ends_at: '2020-01-01T11:00:00Z' });
    const code = (await data('GET', `/api/attendance/getSheet/${p.sheet}`)).code as string;
    const outsider = await makeUser(t.database);
    t.actAs(member(outsider.user_id, p.tenant.tenant_id));
    const unenrolled = await call('POST', `/api/attendance/checkIn/${p.sheet}`, { code });
    expect(unenrolled.json().message).toBe('Enrol in the program first.');
    await enrolledLearner(p.tenant.tenant_id, p.programId);
    const late = await call('POST', `/api/attendance/checkIn/${p.sheet}`, { code });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Check-in is open only during the session.');
    const wrongSchedule = await call('GET', `/api/attendance/getSheet/live_session/4/${p.liveUnit}/1`);
    expect(wrongSchedule.statusCode).toBe(404);
    expect(wrongSchedule.json().message).toBe('Session not found');
    expect((await call('GET', `/api/attendance/getSheet/video/3/${p.liveUnit}/1`)).statusCode).toBe(400);
    const other = await makeTenant(t.database, { tenant_name: `Elsewhere ${Date.now()}` });
    const stranger = await makeUser(t.database);
    t.actAs(teacher(stranger.user_id, other.tenant_id));
    expect((await call('GET', `/api/attendance/getSheet/${p.sheet}`)).statusCode).toBe(404);
    t.actAs(null);
    expect((await call('GET', `/api/attendance/getSheet/${p.sheet}`)).statusCode).toBe(401);
  });

  it('lets instructors mark and correct a batch, all or nothing, and only instructors', async () => {
    const p = await liveProgram();
    const a = await enrolledLearner(p.tenant.tenant_id, p.programId);
    const b = await enrolledLearner(p.tenant.tenant_id, p.programId);
    const mark = (records: object[]) => call('PUT', `/api/attendance/markAttendance/${p.sheet}`, { records });
    expect((await mark([{ user_id: a.user_id, status: 'present' }])).statusCode).toBe(403);

    t.actAs(teacher(p.author.user_id, p.tenant.tenant_id));
    const stranger = await makeUser(t.database);
    const mixed = await mark([
      { user_id: a.user_id, status: 'present' },
      { user_id: stranger.user_id, status: 'present' },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(`user_id ${stranger.user_id} is not enrolled in this program.`);
    const untouched = (await data('GET', `/api/attendance/getSheet/${p.sheet}`)).roster;
    expect(untouched.every((row: { status: string | null }) => row.status === null)).toBe(true);

    const marked = (
      await mark([
        { user_id: a.user_id, status: 'present' },
        { user_id: b.user_id, status: 'excused' },
      ])
    ).json().data;
    expect(marked.map((row: { status: string }) => row.status).sort()).toEqual(['excused', 'present']);
    t.actAs(member(a.user_id, p.tenant.tenant_id));
    expect(
      (await data('GET', `/api/program/progress/getProgress/${p.programId}`)).completed_unit_ids,
    ).toEqual([p.liveUnit]);

    t.actAs(teacher(p.author.user_id, p.tenant.tenant_id));
    await mark([{ user_id: a.user_id, status: 'absent' }]);
    t.actAs(member(a.user_id, p.tenant.tenant_id));
    expect(
      (await data('GET', `/api/program/progress/getProgress/${p.programId}`)).completed_unit_ids,
    ).toEqual([]);
  });

  it('completes the program, with its certificate, once the session is attended and the quiz passed (passing ticks the quiz unit)', async () => {
    const p = await liveProgram();
    const code = (await data('GET', `/api/attendance/getSheet/${p.sheet}`)).code as string;
    await enrolledLearner(p.tenant.tenant_id, p.programId);
    const early = await call('POST', `/api/program/progress/completeUnit/${p.quizUnit}`);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(
      'Pass the assessment first: this unit is done once you have passed it.',
    );
    await call('POST', `/api/attendance/checkIn/${p.sheet}`, { code });
    const failed = await data('POST', `/api/assessment/take/submit/${p.quizId}`, {
      answers: { [p.questionId]: 'five' },
    });
    expect(failed.passed).toBe(false);
    expect((await call('POST', `/api/program/progress/completeUnit/${p.quizUnit}`)).statusCode).toBe(400);
    expect(
      (await data('GET', `/api/program/progress/getProgress/${p.programId}`)).completed_unit_ids,
    ).toEqual([p.liveUnit]);

    const second = await liveProgram();
    const code2 = (await data('GET', `/api/attendance/getSheet/${second.sheet}`)).code as string;
    await enrolledLearner(second.tenant.tenant_id, second.programId);
    await call('POST', `/api/attendance/checkIn/${second.sheet}`, { code: code2 });
    await data('POST', `/api/assessment/take/submit/${second.quizId}`, {
      answers: { [second.questionId]: 'four' },
    });
    // Passing completes the quiz unit by itself, and with it the program.
    const after = await data('GET', `/api/program/progress/getProgress/${second.programId}`);
    expect(after.completed_unit_ids.sort()).toEqual([second.liveUnit, second.quizUnit].sort());
    expect(after.status).toBe('completed');
    const done = await data('POST', `/api/program/progress/completeUnit/${second.quizUnit}`);
    expect(done.program).toEqual({ done: 2, total: 2, percent: 100 });
    expect(done.status).toBe('completed');
    expect(done.certificate?.public_key).toBeTruthy();
  });
});
