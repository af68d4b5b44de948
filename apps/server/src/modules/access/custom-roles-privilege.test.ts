import { AUTHORSHIP_MESSAGES } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema';
import type { Actor } from '../../http/policy';
import {
  grantCustomRolesPrivilege,
  makeCustomRole,
  makeSystemRole,
  uniqueName,
} from '../../test/access-fixtures';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const CUSTOM = '/operations/user/customRole';
const GRANTS = '/operations/user/customRolePrivilege';
const GROUPS = '/operations/user/groupUsers';
const RIGHTS = '/api/user/privileges/getMyRights';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const STUDENT_ROLE_ID = 15;
const student = (userId: number): Actor => ({
  userId,
  tenantId: null,
  isPlatformAdmin: false,
  roles: [{ roleId: STUDENT_ROLE_ID, roleName: 'student', roleView: 'user', tenantId: null }],
});

async function rights(actor: Actor) {
  t.actAs(actor);
  const answer = await t.app.inject({ method: 'GET', url: RIGHTS });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.manage_custom_roles as boolean;
}

/** Issue 23, point 9: custom roles on the main platform need a privilege (docs/permissions.md). */
describe('the Custom roles privilege on the main platform', () => {
  it('refuses a student every custom role write with a clear 403, and writes nothing', async () => {
    const user = await makeUser(t.database);
    const own = await makeCustomRole(t.database, user.user_id);
    t.actAs(student(user.user_id));
    const name = uniqueName('mine');
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: `${CUSTOM}/create`,
        payload: { role_name: name, display_name: 'M' },
      }),
      await t.app.inject({
        method: 'POST',
        url: `${CUSTOM}/createMany`,
        payload: [{ role_name: name, display_name: 'M' }],
      }),
      await t.app.inject({
        method: 'PUT',
        url: `${CUSTOM}/update/${own.role_id}`,
        payload: { display_name: 'N' },
      }),
      await t.app.inject({ method: 'DELETE', url: `${CUSTOM}/delete/${own.role_id}/${user.user_id}` }),
      await t.app.inject({
        method: 'POST',
        url: `${GRANTS}/create`,
        payload: { role_id: own.role_id, privilege_menu_id: 1 },
      }),
      await t.app.inject({
        method: 'POST',
        url: `${GROUPS}/createGroupUser`,
        payload: { user_id: user.user_id, role_ids: [own.role_id] },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().message).toBe(AUTHORSHIP_MESSAGES.manageCustomRoles);
    }
    const [row] = await t.database.system.select().from(roles).where(eq(roles.role_id, own.role_id));
    expect(row).toMatchObject({ display_name: 'Custom', is_deleted: false });
    expect(await t.database.system.select().from(roles).where(eq(roles.role_name, name))).toEqual([]);
    // Reading their own custom roles stays open.
    expect((await t.app.inject({ method: 'GET', url: `${CUSTOM}/get` })).statusCode).toBe(200);
    expect(await rights(student(user.user_id))).toBe(false);
    t.actAs(null);
    expect((await t.app.inject({ method: 'POST', url: `${CUSTOM}/create`, payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('lets a role granted the privilege, and platform admins, manage custom roles', async () => {
    const holderRole = await makeSystemRole(t.database);
    await grantCustomRolesPrivilege(t.database, holderRole.role_id);
    const user = await makeUser(t.database);
    const holder: Actor = {
      userId: user.user_id,
      tenantId: null,
      isPlatformAdmin: false,
      roles: [
        { roleId: holderRole.role_id, roleName: holderRole.role_name, roleView: 'user', tenantId: null },
      ],
    };
    expect(await rights(holder)).toBe(true);
    const created = await t.app.inject({
      method: 'POST',
      url: `${CUSTOM}/create`,
      payload: { role_name: uniqueName('holder'), display_name: 'Holder' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const root = await makeUser(t.database, { is_platform_admin: true });
    expect(await rights(platformAdmin(root.user_id))).toBe(true);
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: `${CUSTOM}/create`,
      payload: { role_name: uniqueName('root'), display_name: 'Root' },
    });
    expect(byAdmin.statusCode).toBe(201);
    // A privilege held inside a tenant does not reach the main platform.
    const tenant = await makeTenant(t.database);
    const tenantRole = await makeSystemRole(t.database, tenant.tenant_id);
    const elsewhere: Actor = {
      ...holder,
      roles: [
        {
          roleId: tenantRole.role_id,
          roleName: tenantRole.role_name,
          roleView: 'user',
          tenantId: tenant.tenant_id,
        },
      ],
    };
    expect(await rights(elsewhere)).toBe(false);
  });

  it("leaves a tenant's custom roles to its administrators", async () => {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    expect(await rights(tenantAdmin(admin.user_id, tenant.tenant_id))).toBe(true);
    expect(await rights(member(admin.user_id, tenant.tenant_id))).toBe(false);
    t.actAs(member(admin.user_id, tenant.tenant_id));
    const refused = await t.app.inject({
      method: 'POST',
      url: `${CUSTOM}/create`,
      payload: { role_name: uniqueName('t'), display_name: 'T' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
