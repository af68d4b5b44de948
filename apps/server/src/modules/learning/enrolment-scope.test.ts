import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programEnrollments, unitProgress } from '../../db/schema';
import { makeTenant, makeUser, member, teacher, tenantAdmin } from '../../test/factories';
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

/** A published program of one unit in the scope given (null: the whole platform). */
async function program(tenantId: number | null) {
  const author = await makeUser(t.database);
  t.actAs(teacher(author.user_id, tenantId));
  const data = async (url: string, payload: object) => (await call('POST', url, payload)).json().data;
  const p = await data('/programs/createProgram', { program_name: 'Everywhere', status: 'published' });
  const course = await data('/courses/createCourse', { program_id: p.program_id, course_name: 'Course' });
  const module = await data('/modules/createModule', { course_id: course.course_id, module_name: 'Module' });
  const unit = await data('/units/createUnit', { module_id: module.module_id, unit_name: 'One' });
  const second = await data('/units/createUnit', {
    module_id: module.module_id,
    unit_name: 'Two',
    position: 1,
  });
  return { programId: p.program_id as number, units: [unit.unit_id, second.unit_id] as number[], author };
}

const library = async () =>
  ((await call('GET', '/programs-enrolled/getAll?limit=100')).json().data as { program_id: number }[]).map(
    (row) => row.program_id,
  );

describe("a person's enrolment is theirs wherever they look at it (issue 23 point 5)", () => {
  it('a platform program enrolled in inside an organisation is enrolled, with its progress, on the main platform', async () => {
    const riverside = await makeTenant(t.database);
    const { programId, units } = await program(null);
    const learner = await makeUser(t.database);

    t.actAs(member(learner.user_id, riverside.tenant_id));
    const enrolled = await call('POST', '/programs-enrolled/createProgramEnrolled', {
      program_id: programId,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    expect((await call('POST', `/progress/completeUnit/${units[0]}`)).statusCode).toBe(200);
    // The row lives in the program's scope, not the context it was made from.
    const [row] = await t.database.system
      .select()
      .from(programEnrollments)
      .where(eq(programEnrollments.user_id, learner.user_id));
    expect(row?.tenant_id).toBeNull();

    t.actAs(member(learner.user_id, null));
    const main = (await call('GET', `/progress/getProgress/${programId}`)).json().data;
    expect(main).toMatchObject({ enrolled: true, status: 'active', completed_unit_ids: [units[0]] });
    expect(await library()).toContain(programId);
    // Progress made on the main platform shows inside the organisation too.
    expect((await call('POST', `/progress/completeUnit/${units[1]}`)).statusCode).toBe(200);
    // Enrolling again anywhere is the same enrolment: refused, not a second one.
    const again = await call('POST', '/programs-enrolled/createProgramEnrolled', { program_id: programId });
    expect(again.statusCode).toBe(409);

    t.actAs(member(learner.user_id, riverside.tenant_id));
    const inside = (await call('GET', `/progress/getProgress/${programId}`)).json().data;
    expect(inside).toMatchObject({ enrolled: true, status: 'completed', program: { done: 2, total: 2 } });
    expect(await library()).toContain(programId);
  });

  it('the learner leaves a platform program from inside an organisation, and it is left on the main platform', async () => {
    const riverside = await makeTenant(t.database);
    const { programId } = await program(null);
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, null));
    const id = (
      await call('POST', '/programs-enrolled/createProgramEnrolled', { program_id: programId })
    ).json().data.enrollment_id;

    t.actAs(member(learner.user_id, riverside.tenant_id));
    expect((await call('GET', `/programs-enrolled/getEnrolledProgram/${id}`)).statusCode).toBe(200);
    const left = await call('DELETE', `/programs-enrolled/delete/${id}/${learner.user_id}`);
    expect(left.statusCode, left.body).toBe(200);

    t.actAs(member(learner.user_id, null));
    expect((await call('GET', `/progress/getProgress/${programId}`)).json().data.enrolled).toBe(false);
  });

  it("keeps tenant isolation: an organisation's staff and other members never see the platform's enrolments, another organisation never sees its own", async () => {
    const riverside = await makeTenant(t.database);
    const oakridge = await makeTenant(t.database);
    const platform = await program(null);
    const local = await program(riverside.tenant_id);
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, riverside.tenant_id));
    const onPlatform = (
      await call('POST', '/programs-enrolled/createProgramEnrolled', { program_id: platform.programId })
    ).json().data.enrollment_id;
    const inRiverside = (
      await call('POST', '/programs-enrolled/createProgramEnrolled', { program_id: local.programId })
    ).json().data.enrollment_id;
    await call('POST', `/progress/completeUnit/${platform.units[0]}`);

    // Riverside's administrator lists Riverside's enrolments only.
    const admin = await makeUser(t.database);
    t.actAs(tenantAdmin(admin.user_id, riverside.tenant_id));
    const seen = (await call('GET', '/programs-enrolled/getAll?limit=100'))
      .json()
      .data.map((row: { enrollment_id: number }) => row.enrollment_id);
    expect(seen).toContain(inRiverside);
    expect(seen).not.toContain(onPlatform);
    expect((await call('GET', `/programs-enrolled/getEnrolledProgram/${onPlatform}`)).statusCode).toBe(404);
    const withdraw = await call('PUT', `/programs-enrolled/update/${onPlatform}`, { status: 'withdrawn' });
    expect(withdraw.statusCode).toBe(404);

    // Another member of Riverside sees neither.
    const other = await makeUser(t.database);
    t.actAs(member(other.user_id, riverside.tenant_id));
    expect(await library()).toEqual([]);
    expect((await call('GET', `/programs-enrolled/getEnrolledProgram/${onPlatform}`)).statusCode).toBe(404);

    // Oakridge, even the learner's own view from there, never reaches Riverside's rows.
    t.actAs(member(learner.user_id, oakridge.tenant_id));
    expect(await library()).toEqual([platform.programId]);
    expect((await call('GET', `/programs-enrolled/getEnrolledProgram/${inRiverside}`)).statusCode).toBe(404);

    // The platform's author sees the platform enrolment, made inside Riverside, on the main platform.
    t.actAs(teacher(platform.author.user_id, null));
    const platformSeen = (await call('GET', '/programs-enrolled/getAll?limit=100'))
      .json()
      .data.map((row: { enrollment_id: number }) => row.enrollment_id);
    expect(platformSeen).toContain(onPlatform);
    expect(platformSeen).not.toContain(inRiverside);
    const progressRows = await t.database.system
      .select()
      .from(unitProgress)
      .where(eq(unitProgress.user_id, learner.user_id));
    expect(progressRows.map((r) => r.tenant_id)).toEqual([null]);
  });

  it('signed out, nothing is read', async () => {
    t.actAs(null);
    expect((await call('GET', '/programs-enrolled/getAll')).statusCode).toBe(401);
  });
});
