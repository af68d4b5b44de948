import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programEnrollments } from '../../db/schema';
import { makeTenant, makeUser, member, teacher } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const API = '/api/program';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, payload });

/** A published program of one module with two required units; its id and the units' ids. */
async function program(tenantId: number) {
  const author = await makeUser(t.database);
  t.actAs(teacher(author.user_id, tenantId));
  const data = async (url: string, payload: object) => (await call('POST', url, payload)).json().data;
  const p = await data('/programs/createProgram', { program_name: 'Come back', status: 'published' });
  const course = await data('/courses/createCourse', { program_id: p.program_id, course_name: 'Course' });
  const module = await data('/modules/createModule', { course_id: course.course_id, module_name: 'Module' });
  const units: number[] = [];
  for (const [position, name] of ['first', 'second'].entries()) {
    units.push(
      (await data('/units/createUnit', { module_id: module.module_id, unit_name: name, position })).unit_id,
    );
  }
  return {
    programId: p.program_id as number,
    units: units as [number, number],
    author: teacher(author.user_id, tenantId),
  };
}

const enrol = (programId: number) =>
  call('POST', '/programs-enrolled/createProgramEnrolled', { program_id: programId });
const progress = async (programId: number) =>
  (await call('GET', `/progress/getProgress/${programId}`)).json().data;
const rowsOf = (userId: number) =>
  t.database.system.select().from(programEnrollments).where(eq(programEnrollments.user_id, userId));

describe('leaving a program and coming back (issue 13)', () => {
  it('re-enrols after deleteMany with a new enrolment, keeps the one left as history, and resumes the progress', async () => {
    const tenant = await makeTenant(t.database);
    const { programId, units } = await program(tenant.tenant_id);
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, tenant.tenant_id));
    const first = await enrol(programId);
    expect(first.statusCode, first.body).toBe(201);
    const firstId: number = first.json().data.enrollment_id;
    await call('POST', `/progress/completeUnit/${units[0]}`);
    await call('PUT', `/progress/selectUnit/${units[1]}`);

    const left = await call('PUT', '/programs-enrolled/deleteMany', {
      enrollment_ids: [firstId],
      deleted_by: learner.user_id,
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await progress(programId)).toMatchObject({ enrolled: false, status: null });

    const again = await enrol(programId);
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json().data;
    expect(second.enrollment_id).not.toBe(firstId);
    expect(second).toMatchObject({ user_id: learner.user_id, status: 'active', selected_unit_id: units[1] });
    // The unit done before leaving still counts; the learner resumes at the unit they had open.
    expect(await progress(programId)).toMatchObject({
      enrolled: true,
      status: 'active',
      selected_unit_id: units[1],
      completed_unit_ids: [units[0]],
      program: { done: 1, total: 2 },
    });
    const history = await rowsOf(learner.user_id);
    expect(history.map((row) => [row.enrollment_id, row.is_deleted, row.deleted_by])).toEqual(
      expect.arrayContaining([
        [firstId, true, learner.user_id],
        [second.enrollment_id, false, null],
      ]),
    );
    expect(history).toHaveLength(2);
    // Still one live enrolment per learner and program.
    const twice = await enrol(programId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A record with these values already exists.');
    const listed = (await call('GET', '/programs-enrolled/getAll')).json().data;
    expect(listed.map((row: { enrollment_id: number }) => row.enrollment_id)).toEqual([second.enrollment_id]);
  });

  it('re-enrols after the single delete, and a finished program comes back completed with its certificate', async () => {
    const tenant = await makeTenant(t.database);
    const { programId, units } = await program(tenant.tenant_id);
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, tenant.tenant_id));
    const id: number = (await enrol(programId)).json().data.enrollment_id;
    await call('POST', `/progress/completeUnit/${units[0]}`);
    const finished = (await call('POST', `/progress/completeUnit/${units[1]}`)).json().data;
    expect(finished).toMatchObject({ status: 'completed' });
    expect(finished.certificate).not.toBeNull();

    const left = await call('DELETE', `/programs-enrolled/delete/${id}/${learner.user_id}`);
    expect(left.statusCode, left.body).toBe(200);
    const again = await enrol(programId);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.status).toBe('completed');
    expect(Date.parse(again.json().data.completed_at)).toBe(Date.parse(finished.completed_at));
    expect(await progress(programId)).toMatchObject({
      enrolled: true,
      status: 'completed',
      completed_at: finished.completed_at,
      program: { done: 2, total: 2 },
      certificate: finished.certificate,
    });
  });

  it("carries only the learner's own enrolment over, and never re-enrols into a program closed since", async () => {
    const tenant = await makeTenant(t.database);
    // Its own author closes it: another teacher may not (docs/learning.md "Authors").
    const { programId, units, author } = await program(tenant.tenant_id);
    const [ada, bob] = [await makeUser(t.database), await makeUser(t.database)];
    t.actAs(member(bob.user_id, tenant.tenant_id));
    const bobs: number = (await enrol(programId)).json().data.enrollment_id;
    await call('PUT', `/progress/selectUnit/${units[1]}`);
    await call('DELETE', `/programs-enrolled/delete/${bobs}/${bob.user_id}`);
    t.actAs(member(ada.user_id, tenant.tenant_id));
    const adas = await enrol(programId);
    expect(adas.json().data).toMatchObject({ status: 'active', selected_unit_id: null, completed_at: null });
    expect((await rowsOf(bob.user_id)).map((row) => [row.enrollment_id, row.is_deleted])).toEqual([
      [bobs, true],
    ]);
    t.actAs(author);
    expect((await call('PUT', `/programs/update/${programId}`, { status: 'draft' })).statusCode).toBe(200);
    t.actAs(member(bob.user_id, tenant.tenant_id));
    expect((await enrol(programId)).statusCode).toBe(400);
  });
});
