import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import {
  makeCustomRole,
  makeCustomRolePrivilege,
  makeGroupUser,
  makeSystemRole,
} from '../../test/access-fixtures';
import { makeMenu, makeTenant, makeUser, makeUserSetting, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { ADMIN_CENTER_MENU } from '../administration';

const MENUS = '/operations/system/customMenus';
const SETTINGS = '/operations/user/userSettings';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

/** A tenant with an admin, its admin-center menu, and a member holding a plain system role. */
async function tenantWithMember() {
  const tenant = await makeTenant(t.database);
  const admin = await makeUser(t.database);
  const user = await makeUser(t.database);
  const adminCenter = await makeMenu(t.database, { menu_name: 'Admin Center', path: ADMIN_CENTER_MENU });
  return { tenant, admin, user, adminCenter };
}

/** Grants `menuId` to `userId` in the tenant through a custom role and a group membership. */
async function grantThroughCustomRole(tenantId: number, parentId: number, userId: number, menuId: number) {
  const role = await makeCustomRole(t.database, parentId, tenantId);
  await makeCustomRolePrivilege(t.database, {
    role_id: role.role_id,
    privilege_menu_id: menuId,
    tenant_id: tenantId,
  });
  const group = await makeGroupUser(t.database, {
    user_id: userId,
    parent_user_id: parentId,
    role_ids: [role.role_id],
    tenant_id: tenantId,
  });
  return { role, group };
}

const createMenu = (name: string) =>
  t.app.inject({ method: 'POST', url: `${MENUS}/createMenu`, payload: { menu_name: name } });

describe('menu privileges as API rights', () => {
  it('refuses a plain member the admin-center routes, and lets one whose custom role grants the menu', async () => {
    const { tenant, admin, user, adminCenter } = await tenantWithMember();
    const plain = await makeUser(t.database);
    t.actAs(member(plain.user_id, tenant.tenant_id));
    expect((await createMenu('Plain member')).statusCode).toBe(403);

    await grantThroughCustomRole(tenant.tenant_id, admin.user_id, user.user_id, adminCenter.menu_id);
    t.actAs(member(user.user_id, tenant.tenant_id));
    const created = await createMenu('Granted');
    expect(created.statusCode).toBe(201);
    expect(created.json().data.menu_name).toBe('Granted');

    // With the menu the member also manages the tenant's settings, not only its own.
    const other = await makeUser(t.database);
    await makeUserSetting(t.database, { user_id: other.user_id, tenant_id: tenant.tenant_id });
    const list = await t.app.inject({ method: 'GET', url: `${SETTINGS}/getUserSetting` });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((row: { user_id: number }) => row.user_id)).toContain(other.user_id);
  });

  it('grants through a system role privilege held in the tenant', async () => {
    const { tenant, user, adminCenter } = await tenantWithMember();
    const role = await makeSystemRole(t.database);
    await t.database.system.execute(
      (await import('drizzle-orm')).sql`insert into privileges (role_id, privilege_menu_id, tenant_id)
        values (${role.role_id}, ${adminCenter.menu_id}, ${tenant.tenant_id})`,
    );
    const actor: Actor = {
      userId: user.user_id,
      tenantId: tenant.tenant_id,
      isPlatformAdmin: false,
      roles: [
        { roleId: role.role_id, roleName: role.role_name, roleView: 'user', tenantId: tenant.tenant_id },
      ],
    };
    t.actAs(actor);
    expect((await createMenu('Through a system role')).statusCode).toBe(201);
  });

  it('keeps a grant to its own tenant and gives nothing on the main platform', async () => {
    const { tenant, admin, user, adminCenter } = await tenantWithMember();
    await grantThroughCustomRole(tenant.tenant_id, admin.user_id, user.user_id, adminCenter.menu_id);
    const elsewhere = await makeTenant(t.database);
    t.actAs(member(user.user_id, elsewhere.tenant_id));
    expect((await createMenu('Other tenant')).statusCode).toBe(403);
    t.actAs(member(user.user_id, null));
    expect((await createMenu('Main platform')).statusCode).toBe(403);
  });

  it('gives no API rights for a custom role anyone may parent on the main platform', async () => {
    const { user, adminCenter } = await tenantWithMember();
    const role = await makeCustomRole(t.database, user.user_id, null);
    await makeCustomRolePrivilege(t.database, {
      role_id: role.role_id,
      privilege_menu_id: adminCenter.menu_id,
    });
    await makeGroupUser(t.database, {
      user_id: user.user_id,
      parent_user_id: user.user_id,
      role_ids: [role.role_id],
    });
    t.actAs(member(user.user_id, null));
    expect((await createMenu('Self-granted')).statusCode).toBe(403);
  });

  it('refuses again as soon as an admin removes the membership', async () => {
    const { tenant, admin, user, adminCenter } = await tenantWithMember();
    const { group } = await grantThroughCustomRole(
      tenant.tenant_id,
      admin.user_id,
      user.user_id,
      adminCenter.menu_id,
    );
    t.actAs(member(user.user_id, tenant.tenant_id));
    expect((await createMenu('While granted')).statusCode).toBe(201);

    t.actAs({
      userId: admin.user_id,
      tenantId: tenant.tenant_id,
      isPlatformAdmin: false,
      roles: [{ roleId: 2, roleName: 'tenant-admin', roleView: 'admin', tenantId: tenant.tenant_id }],
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/operations/user/groupUsers/deleteGroupUser/${group.table_id}/${admin.user_id}`,
    });
    expect(removed.statusCode).toBe(200);

    t.actAs(member(user.user_id, tenant.tenant_id));
    expect((await createMenu('After removal')).statusCode).toBe(403);
  });
});
