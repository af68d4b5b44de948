import { ENROLLMENT_MESSAGES } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, programEnrollments } from '../../db/schema';
import { inScope } from '../../db/scope';
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

/** A published program of one unit in a fresh tenant, its teacher, and a learner enrolled in it. */
async function enrolled() {
  const tenant = await makeTenant(t.database);
  const author = await makeUser(t.database);
  t.actAs(teacher(author.user_id, tenant.tenant_id));
  const post = async (url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: `${API}${url}`, payload })).json().data;
  const program = await post('/programs/createProgram', { program_name: 'One unit', status: 'published' });
  const course = await post('/courses/createCourse', { program_id: program.program_id, course_name: 'C' });
  const module = await post('/modules/createModule', { course_id: course.course_id, module_name: 'M' });
  await post('/units/createUnit', { module_id: module.module_id, unit_name: 'U', is_required: true });
  const learner = await makeUser(t.database);
  t.actAs(member(learner.user_id, tenant.tenant_id));
  const enrolment = await post('/programs-enrolled/createProgramEnrolled', {
    program_id: program.program_id,
  });
  return { tenant, author, learner, enrollmentId: enrolment.enrollment_id as number };
}

const update = (id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `${API}/programs-enrolled/update/${id}`, payload });

async function statusOf(tenantId: number, id: number) {
  const [row] = await inScope(t.database.db, tenantId, (tx) =>
    tx.select().from(programEnrollments).where(eq(programEnrollments.enrollment_id, id)),
  );
  return row!.status;
}

describe('enrolment status (issue 14 part 5)', () => {
  it('refuses a learner marking their own enrolment completed (403) and leaves it active', async () => {
    const { tenant, enrollmentId } = await enrolled();
    for (const status of ['completed', 'withdrawn', 'active']) {
      const response = await update(enrollmentId, { status });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(ENROLLMENT_MESSAGES.statusAuthorsOnly);
    }
    const bulk = await t.app.inject({
      method: 'POST',
      url: `${API}/programs-enrolled/updateMany`,
      payload: [{ enrollment_id: enrollmentId, status: 'completed' }],
    });
    expect(bulk.statusCode).toBe(403);
    expect(await statusOf(tenant.tenant_id, enrollmentId)).toBe('active');
  });

  it('lets a learner still choose where to resume', async () => {
    const { enrollmentId } = await enrolled();
    expect((await update(enrollmentId, { selected_unit_id: null })).statusCode).toBe(200);
  });

  it('refuses an author writing completed or active (400), and lets them withdraw, with an audit event', async () => {
    const { tenant, author, enrollmentId } = await enrolled();
    t.actAs(teacher(author.user_id, tenant.tenant_id));
    const completed = await update(enrollmentId, { status: 'completed' });
    expect(completed.statusCode).toBe(400);
    expect(completed.json().details[0]).toMatchObject({ in: 'body', path: 'status' });
    expect(await statusOf(tenant.tenant_id, enrollmentId)).toBe('active');

    const withdrawn = await update(enrollmentId, { status: 'withdrawn' });
    expect(withdrawn.statusCode).toBe(200);
    expect(await statusOf(tenant.tenant_id, enrollmentId)).toBe('withdrawn');
    const events = await inScope(t.database.db, tenant.tenant_id, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.entity, 'program_enrollments'), eq(auditEvents.entity_id, String(enrollmentId))),
        ),
    );
    expect(events.filter((event) => event.action === 'update')).toEqual([
      expect.objectContaining({ actor_user_id: author.user_id, tenant_id: tenant.tenant_id }),
    ]);
  });
});
