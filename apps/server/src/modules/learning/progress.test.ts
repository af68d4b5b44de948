import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Two courses of one module each: units a, b (course 1, b optional) and c (course 2). */
async function program(tenantId: number) {
  const author = await makeUser(t.database);
  t.actAs(teacher(author.user_id, tenantId));
  const post = async (url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: `${API}${url}`, payload })).json().data;
  const p = await post('/programs/createProgram', { program_name: 'Two courses', status: 'published' });
  const ids: number[] = [];
  for (const [i, units] of [
    [
      ['a', true],
      ['b', false],
    ],
    [['c', true]],
  ].entries()) {
    const course = await post('/courses/createCourse', {
      program_id: p.program_id,
      course_name: `Course ${i + 1}`,
      position: i,
    });
    const module = await post('/modules/createModule', {
      course_id: course.course_id,
      module_name: `Module ${i + 1}`,
    });
    for (const [j, [name, required]] of (units as [string, boolean][]).entries()) {
      const unit = await post('/units/createUnit', {
        module_id: module.module_id,
        unit_name: name,
        position: j,
        is_required: required,
      });
      ids.push(unit.unit_id);
    }
  }
  return { programId: p.program_id as number, units: ids };
}

describe('progress', () => {
  it('counts required units per program, course and module, resumes at the selected unit, and issues a verifiable certificate at the end', async () => {
    const tenant = await makeTenant(t.database, { tenant_name: `Riverside ${Date.now()}` });
    const { programId, units } = await program(tenant.tenant_id);
    const [a, b, c] = units as [number, number, number];
    const learner = await makeUser(t.database, { first_name: 'Ada', last_name: 'Lovelace' });
    t.actAs(member(learner.user_id, tenant.tenant_id));
    const complete = (unitId: number) =>
      t.app.inject({ method: 'POST', url: `${API}/progress/completeUnit/${unitId}` });
    const refused = await complete(a);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Enrol in the program first.');
    await t.app.inject({
      method: 'POST',
      url: `${API}/programs-enrolled/createProgramEnrolled`,
      payload: { program_id: programId },
    });

    const first = (await complete(a)).json().data;
    expect(first.program).toEqual({ done: 1, total: 2, percent: 50 });
    expect(first.certificate).toBeNull();
    expect((await complete(a)).json().data.program.done).toBe(1);
    expect((await complete(b)).json().data.program).toEqual({ done: 1, total: 2, percent: 50 });
    await t.app.inject({ method: 'PUT', url: `${API}/progress/selectUnit/${c}` });
    const before = (
      await t.app.inject({ method: 'GET', url: `${API}/progress/getProgress/${programId}` })
    ).json().data;
    expect(before).toMatchObject({
      enrolled: true,
      status: 'active',
      selected_unit_id: c,
      completed_unit_ids: [a, b],
    });
    expect(Object.values(before.courses)).toEqual([
      { done: 1, total: 1, percent: 100 },
      { done: 0, total: 1, percent: 0 },
    ]);

    const last = (await complete(c)).json().data;
    expect(last).toMatchObject({ status: 'completed', program: { done: 2, total: 2, percent: 100 } });
    expect(last.certificate).toMatchObject({ user_id: learner.user_id });
    // Coming back later, the progress still names the certificate.
    const again = await t.app.inject({ method: 'GET', url: `${API}/progress/getProgress/${programId}` });
    expect(again.json().data.certificate).toEqual(last.certificate);
    t.actAs(null);
    const verdict = await t.app.inject({
      method: 'GET',
      url: `/api/certificates/verify/${learner.user_id}/${last.certificate.public_key}`,
    });
    expect(verdict.json().data).toMatchObject({
      valid: true,
      holder: 'Ada Lovelace',
      program: 'Two courses',
      issuer: tenant.tenant_name,
    });
  });

  it('answers 404 for a unit of another tenant and 401 signed out', async () => {
    const tenant = await makeTenant(t.database);
    const other = await makeTenant(t.database);
    const { units } = await program(tenant.tenant_id);
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, other.tenant_id));
    expect(
      (await t.app.inject({ method: 'POST', url: `${API}/progress/completeUnit/${units[0]}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${API}/progress/selectUnit/${units[0]}` })).statusCode,
    ).toBe(404);
    t.actAs(null);
    expect(
      (await t.app.inject({ method: 'POST', url: `${API}/progress/completeUnit/${units[0]}` })).statusCode,
    ).toBe(401);
  });
});
