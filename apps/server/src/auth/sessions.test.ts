import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, userRoles } from '../db/schema';
import { makeTenant, makeUser } from '../test/factories';
import { makeApp, type TestApp } from '../test/make-app';
import { createSession, findSession } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('the session lookup', () => {
  it('sees role changes at once (the roles snapshot follows user_roles and roles)', async () => {
    const user = await makeUser(t.database);
    const tenant = await makeTenant(t.database);
    const { sessionId } = await createSession(t.database.db, user.user_id, {});
    expect((await findSession(t.database, sessionId))!.roles).toEqual([]);

    await t.database.db.insert(userRoles).values({ user_id: user.user_id, role_id: 13 });
    const [inTenant] = await t.database.db
      .insert(userRoles)
      .values({ user_id: user.user_id, role_id: 2, tenant_id: tenant.tenant_id })
      .returning();
    expect((await findSession(t.database, sessionId))!.roles).toEqual([
      { roleId: 13, roleName: 'individual', roleView: 'user', tenantId: null },
      { roleId: 2, roleName: 'tenant-admin', roleView: 'admin', tenantId: tenant.tenant_id },
    ]);

    await t.database.db
      .update(userRoles)
      .set({ is_deleted: true })
      .where(eq(userRoles.user_role_id, inTenant!.user_role_id));
    await t.database.db
      .update(roles)
      .set({ display_name: 'Individual', role_view: 'user' })
      .where(eq(roles.role_id, 13));
    expect((await findSession(t.database, sessionId))!.roles.map((r) => r.roleId)).toEqual([13]);

    await t.database.db.delete(userRoles).where(eq(userRoles.user_id, user.user_id));
    expect((await findSession(t.database, sessionId))!.roles).toEqual([]);
  });

  it('has the system roles in every database, seeded or not (19 is temp, shown as Temp)', async () => {
    const [temp] = await t.database.db.select().from(roles).where(eq(roles.role_id, 19));
    expect(temp).toMatchObject({ role_name: 'temp', display_name: 'Temp', role_view: 'user' });
  });
});
