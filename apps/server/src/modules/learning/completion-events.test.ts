import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, domainEventDeliveries, domainEvents } from '../../db/schema';
import { makeTenant, makeUser, member, teacher } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { PROGRESS_MESSAGES } from './progress';

const API = '/api/program';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

/** A published one-unit program, with the learner enrolled. */
async function enrolled(tenantId: number, unitType = 'text', content: object = {}) {
  const author = await makeUser(t.database);
  t.actAs(teacher(author.user_id, tenantId));
  const post = async (url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: `${API}${url}`, payload })).json().data;
  const p = await post('/programs/createProgram', { program_name: 'One unit', status: 'published' });
  const course = await post('/courses/createCourse', {
    program_id: p.program_id,
    course_name: 'C',
    position: 0,
  });
  const module = await post('/modules/createModule', { course_id: course.course_id, module_name: 'M' });
  const unit = await post('/units/createUnit', {
    module_id: module.module_id,
    unit_name: 'U',
    position: 0,
    is_required: true,
    unit_type: unitType,
    content,
  });
  const learner = await makeUser(t.database, { first_name: 'Grace', last_name: 'Hopper' });
  t.actAs(member(learner.user_id, tenantId));
  await post('/programs-enrolled/createProgramEnrolled', { program_id: p.program_id });
  return { programId: p.program_id as number, unitId: unit.unit_id as number, userId: learner.user_id };
}

const allEventsOf = (userId: number) =>
  t.database.system
    .select()
    .from(domainEvents)
    .where(sql`${domainEvents.payload} ->> 'user_id' = ${String(userId)}`);
/** The events after the enrolment that set each test up (which records `learning.enrolled`). */
const eventsOf = async (userId: number) =>
  (await allEventsOf(userId)).filter((event) => event.name !== 'learning.enrolled');

describe('learning on domain events', () => {
  it('records the unit and program completions, and the certificate follows in the same answer', async () => {
    const tenant = await makeTenant(t.database);
    const { programId, unitId, userId } = await enrolled(tenant.tenant_id);
    const [enrolment] = await allEventsOf(userId);
    expect(enrolment).toMatchObject({
      name: 'learning.enrolled',
      status: 'done',
      payload: { user_id: userId, program_id: programId, tenant_id: tenant.tenant_id },
    });
    const response = await t.app.inject({ method: 'POST', url: `${API}/progress/completeUnit/${unitId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.certificate).toMatchObject({ user_id: userId });

    const events = await eventsOf(userId);
    const names = events.map((event) => event.name).sort();
    expect(names).toEqual(['certificate.issued', 'learning.program.completed', 'learning.unit.completed']);
    expect(events.every((event) => event.status === 'done')).toBe(true);
    const completed = events.find((event) => event.name === 'learning.program.completed');
    expect(completed?.payload).toMatchObject({
      user_id: userId,
      program_id: programId,
      tenant_id: tenant.tenant_id,
    });
    const delivered = await t.database.system
      .select()
      .from(domainEventDeliveries)
      .where(eq(domainEventDeliveries.event_id, completed?.id ?? ''));
    expect(delivered.map((row) => row.handler).sort()).toEqual([
      'certificates.issue',
      'notifications.program-completed',
    ]);
  });

  it('issues one certificate when the completion is delivered twice', async () => {
    const tenant = await makeTenant(t.database);
    const { programId, unitId, userId } = await enrolled(tenant.tenant_id);
    await t.app.inject({ method: 'POST', url: `${API}/progress/completeUnit/${unitId}` });
    const completed = (await eventsOf(userId)).find((event) => event.name === 'learning.program.completed');
    // A second delivery, as after a crash between the handler's commit and the status update.
    await t.database.system
      .update(domainEvents)
      .set({ status: 'pending' })
      .where(eq(domainEvents.id, completed?.id ?? ''));
    await t.app.events.drain();
    const issued = await t.database.system
      .select()
      .from(certificates)
      .where(and(eq(certificates.user_id, userId), eq(certificates.program_id, programId)));
    expect(issued).toHaveLength(1);
    const names = (await eventsOf(userId)).map((event) => event.name);
    expect(names.filter((name) => name === 'certificate.issued')).toHaveLength(1);
  });

  it('records nothing for a completion that is refused', async () => {
    const tenant = await makeTenant(t.database);
    const { unitId, userId } = await enrolled(tenant.tenant_id, 'assessment', { assessment_id: 999_999 });
    const refused = await t.app.inject({ method: 'POST', url: `${API}/progress/completeUnit/${unitId}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PROGRESS_MESSAGES.passFirst);
    expect(await eventsOf(userId)).toEqual([]);
  });
});
