import { HUB_CHILDREN_API } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, modules, programEnrollments, programs, unitProgress, units } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 22: a parent sees the children who registered with the parent's verified address, and only those. */

let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

function children(actor: Actor | null) {
  t.actAs(actor);
  return t.app.inject({ method: 'GET', url: `${HUB_CHILDREN_API}/getChildren` });
}

/** A program of one course, one module and `count` required units, in a tenant or on the platform. */
async function programWith(count: number, tenantId: number | null) {
  const db = t.database.system;
  const [program] = await db
    .insert(programs)
    .values({ program_name: `Program ${count}`, status: 'published', tenant_id: tenantId })
    .returning();
  const [course] = await db
    .insert(courses)
    .values({ program_id: program!.program_id, course_name: 'Course', tenant_id: tenantId })
    .returning();
  const [module] = await db
    .insert(modules)
    .values({ course_id: course!.course_id, module_name: 'Module', tenant_id: tenantId })
    .returning();
  const made = await db
    .insert(units)
    .values(
      Array.from({ length: count }, (_, i) => ({
        module_id: module!.module_id,
        unit_name: `Unit ${i}`,
        tenant_id: tenantId,
        position: i,
      })),
    )
    .returning();
  return { programId: program!.program_id, unitIds: made.map((unit) => unit.unit_id) };
}

describe('getChildren', () => {
  it("lists a verified parent's children with their programs and progress, and nobody else's", async () => {
    const tenant = (await makeTenant(t.database)).tenant_id;
    const parent = await makeUser(t.database, { email: 'paula.parent@example.test', email_verified: true });
    const child = await makeUser(t.database, {
      first_name: 'Kai',
      is_underage: true,
      parent_email: 'Paula.Parent@example.test',
    });
    const other = await makeUser(t.database, {
      is_underage: true,
      parent_email: 'someone.else@example.test',
    });
    const program = await programWith(4, tenant);
    const db = t.database.system;
    await db.insert(programEnrollments).values([
      { program_id: program.programId, user_id: child.user_id, tenant_id: tenant },
      { program_id: program.programId, user_id: other.user_id, tenant_id: tenant },
    ]);
    await db.insert(unitProgress).values(
      program.unitIds.slice(0, 1).map((unit_id) => ({
        user_id: child.user_id,
        unit_id,
        program_id: program.programId,
        tenant_id: tenant,
      })),
    );

    const response = await children(member(parent.user_id, null));
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ user_id: child.user_id, first_name: 'Kai' });
    expect(data[0].programs).toEqual([
      expect.objectContaining({ program_id: program.programId, progress: 25, completed: false }),
    ]);
    // The other parent's child never shows, whatever the caller's tenant.
    const fromTenant = await children(member(parent.user_id, tenant));
    expect(fromTenant.json().data.map((row: { user_id: number }) => row.user_id)).toEqual([child.user_id]);
  });

  it('shows no child to an unverified address, to a child, or to anyone else; 401 signed out', async () => {
    const unverified = await makeUser(t.database, { email: 'not.yet@example.test', email_verified: false });
    await makeUser(t.database, { is_underage: true, parent_email: 'not.yet@example.test' });
    expect((await children(member(unverified.user_id, null))).json().data).toEqual([]);
    const stranger = await makeUser(t.database, { email_verified: true });
    expect((await children(member(stranger.user_id, null))).json().data).toEqual([]);
    expect((await children(null)).statusCode).toBe(401);
  });
});
