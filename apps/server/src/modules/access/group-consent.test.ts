import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupUsers } from '../../db/schema';
import {
  grantCustomRolesPrivilege,
  holdRole,
  INDIVIDUAL_ROLE_ID,
  makeCustomRole,
  makeSystemRole,
} from '../../test/access-fixtures';
import { makeTenant, makeUser, member, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const GROUPS = '/operations/user/groupUsers';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
  // Members here manage custom roles on the main platform: their role holds the privilege it needs.
  await grantCustomRolesPrivilege(t.database, INDIVIDUAL_ROLE_ID);
});
afterAll(async () => {
  await t?.close();
});

/** Consent for custom roles (issue 14 item 11, docs/permissions.md). */
describe('who may be put into a group on the main platform', () => {
  it('never lets a main-platform user put a stranger under their custom role (issue 14 item 11)', async () => {
    const [parent, victim] = [await makeUser(t.database), await makeUser(t.database)];
    const role = await makeCustomRole(t.database, parent.user_id);
    t.actAs(member(parent.user_id, null));
    const refused = await t.app.inject({
      method: 'POST',
      url: `${GROUPS}/createGroupUser`,
      payload: { user_id: victim.user_id, role_ids: [role.role_id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toContain('user_id');
    const rows = await t.database.system
      .select()
      .from(groupUsers)
      .where(eq(groupUsers.user_id, victim.user_id));
    expect(rows).toEqual([]);
    t.actAs(member(victim.user_id, null));
    const mine = await t.app.inject({ method: 'GET', url: '/api/user/privileges/getMyCustomRoles' });
    expect(mine.json().data).toEqual([]);
    // Grouping oneself needs nobody else's consent.
    t.actAs(member(parent.user_id, null));
    const own = await t.app.inject({
      method: 'POST',
      url: `${GROUPS}/createGroupUser`,
      payload: { user_id: parent.user_id, role_ids: [role.role_id] },
    });
    expect(own.statusCode).toBe(201);
  });

  it('lets an admin of a tenant the person belongs to group them on the main platform', async () => {
    const tenant = await makeTenant(t.database);
    const [admin, person] = [await makeUser(t.database), await makeUser(t.database)];
    const system = await makeSystemRole(t.database);
    await holdRole(t.database, person.user_id, system.role_id, tenant.tenant_id);
    const role = await makeCustomRole(t.database, admin.user_id);
    // On the main platform the admin acts through its Individual role, which holds the Custom roles privilege.
    const asAdmin = tenantAdmin(admin.user_id, tenant.tenant_id);
    t.actAs({ ...asAdmin, tenantId: null, roles: [...asAdmin.roles, ...member(admin.user_id, null).roles] });
    const created = await t.app.inject({
      method: 'POST',
      url: `${GROUPS}/createGroupUser`,
      payload: { user_id: person.user_id, role_ids: [role.role_id] },
    });
    expect(created.statusCode).toBe(201);
  });
});
