import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privileges } from '../../db/schema';
import type { Actor } from '../../http/policy';
import {
  makeCustomRole,
  makeCustomRolePrivilege,
  makeGroupUser,
  makeSystemRole,
} from '../../test/access-fixtures';
import { makeMenu, makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, runAsOwner, type TestApp } from '../../test/make-app';

const BASE = '/api/user/privileges';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

function holding(userId: number, roleId: number, tenantId: number | null = null): Actor {
  return {
    userId,
    tenantId,
    isPlatformAdmin: false,
    roles: [{ roleId, roleName: 'r', roleView: 'user', tenantId }],
  };
}

const getMine = (roleId: number | string) =>
  t.app.inject({ method: 'GET', url: `${BASE}/getMyPrivileges`, query: { role_id: String(roleId) } });

describe('getMyPrivileges', () => {
  it('answers a held system role its menus with menu and parent menu names', async () => {
    const user = await makeUser(t.database);
    const role = await makeSystemRole(t.database);
    const parent = await makeMenu(t.database, { menu_name: 'Programs' });
    const child = await makeMenu(t.database, { menu_name: 'Courses', menu_parent_id: parent.menu_id });
    await t.database.system.insert(privileges).values([
      { role_id: role.role_id, privilege_menu_id: parent.menu_id },
      { role_id: role.role_id, privilege_menu_id: child.menu_id },
    ]);
    t.actAs(holding(user.user_id, role.role_id));
    const response = await getMine(role.role_id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { privilege_menu_id: parent.menu_id, menu_name: 'Programs', menu_parent_name: null },
      { privilege_menu_id: child.menu_id, menu_name: 'Courses', menu_parent_name: 'Programs' },
    ]);
  });

  it('answers an empty list for a system role without privilege rows (the client shows the default menu)', async () => {
    const user = await makeUser(t.database);
    const role = await makeSystemRole(t.database);
    t.actAs(holding(user.user_id, role.role_id));
    const response = await getMine(role.role_id);
    expect(response.json()).toEqual({ data: [] });
  });

  it('answers a custom role reached through a live group membership from the custom list', async () => {
    const [parent, user] = [await makeUser(t.database), await makeUser(t.database)];
    const role = await makeCustomRole(t.database, parent.user_id);
    const menu = await makeMenu(t.database, { menu_name: 'Reports' });
    await makeCustomRolePrivilege(t.database, { role_id: role.role_id, privilege_menu_id: menu.menu_id });
    // A system-role privilege row for the same id must not leak into the custom list.
    const other = await makeMenu(t.database);
    await t.database.system
      .insert(privileges)
      .values({ role_id: role.role_id, privilege_menu_id: other.menu_id });
    const group = await makeGroupUser(t.database, {
      user_id: user.user_id,
      parent_user_id: parent.user_id,
      role_ids: [role.role_id],
    });
    t.actAs(member(user.user_id, null));
    const response = await getMine(role.role_id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { privilege_menu_id: menu.menu_id, menu_name: 'Reports', menu_parent_name: null },
    ]);

    await t.database.system.execute(
      sql`update group_users set is_deleted = true where table_id = ${group.table_id}`,
    );
    expect((await getMine(role.role_id)).statusCode).toBe(404);
  });

  it('refuses a missing or malformed role_id naming it', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    for (const response of [
      await t.app.inject({ method: 'GET', url: `${BASE}/getMyPrivileges` }),
      await getMine('abc'),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('role_id');
    }
  });

  it('answers 401 signed out', async () => {
    t.actAs(null);
    expect((await getMine(1)).statusCode).toBe(401);
  });

  it('answers 404 for a role the caller neither holds nor reaches, or one of another tenant', async () => {
    const [user, parent] = [await makeUser(t.database), await makeUser(t.database)];
    const system = await makeSystemRole(t.database);
    const custom = await makeCustomRole(t.database, parent.user_id);
    t.actAs(member(user.user_id, null));
    expect((await getMine(system.role_id)).statusCode).toBe(404);
    expect((await getMine(custom.role_id)).statusCode).toBe(404);
    expect((await getMine(2_000_000_000)).statusCode).toBe(404);

    // A membership in another tenant does not reach the role from this tenant's context.
    const [mine, theirs] = [await makeTenant(t.database), await makeTenant(t.database)];
    const foreign = await makeCustomRole(t.database, parent.user_id, theirs.tenant_id);
    await makeGroupUser(t.database, {
      user_id: user.user_id,
      parent_user_id: parent.user_id,
      role_ids: [foreign.role_id],
      tenant_id: theirs.tenant_id,
    });
    t.actAs(member(user.user_id, mine.tenant_id));
    expect((await getMine(foreign.role_id)).statusCode).toBe(404);
  });
});

describe('getMyCustomRoles', () => {
  it("lists custom roles of the caller's live memberships with the parent user", async () => {
    const parent = await makeUser(t.database, {
      first_name: 'Ada',
      last_name: 'Park',
      profile_image: 'a.png',
    });
    const user = await makeUser(t.database);
    const [a, b, gone] = [
      await makeCustomRole(t.database, parent.user_id),
      await makeCustomRole(t.database, parent.user_id),
      await makeCustomRole(t.database, parent.user_id),
    ];
    await makeGroupUser(t.database, {
      user_id: user.user_id,
      parent_user_id: parent.user_id,
      role_ids: [a.role_id, b.role_id],
    });
    const deleted = await makeGroupUser(t.database, {
      user_id: user.user_id,
      parent_user_id: parent.user_id,
      role_ids: [gone.role_id],
    });
    await t.database.system.execute(
      sql`update group_users set is_deleted = true where table_id = ${deleted.table_id}`,
    );
    t.actAs(member(user.user_id, null));
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/getMyCustomRoles` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(
      [a, b].map((role) => ({
        role_id: role.role_id,
        role_name: role.role_name,
        display_name: 'Custom',
        role_view: 'user',
        parent_user_id: parent.user_id,
        parent_user_name: 'Ada Park',
        parent_profile_image: 'a.png',
        isCustom: true,
        is_deleted: false,
      })),
    );
  });

  it('answers 401 signed out and nothing from another tenant', async () => {
    t.actAs(null);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getMyCustomRoles` })).statusCode).toBe(401);
    const [mine, theirs] = [await makeTenant(t.database), await makeTenant(t.database)];
    const [parent, user] = [await makeUser(t.database), await makeUser(t.database)];
    const role = await makeCustomRole(t.database, parent.user_id, theirs.tenant_id);
    await makeGroupUser(t.database, {
      user_id: user.user_id,
      parent_user_id: parent.user_id,
      role_ids: [role.role_id],
      tenant_id: theirs.tenant_id,
    });
    t.actAs(member(user.user_id, mine.tenant_id));
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/getMyCustomRoles` });
    expect(response.json()).toEqual({ data: [] });
  });
});

describe('failures (spec section 8 messages)', () => {
  it('answers 500 with the spec message when a load fails', async () => {
    const other = await makeApp();
    try {
      const user = await makeUser(other.database);
      const system = await makeSystemRole(other.database);
      const parent = await makeUser(other.database);
      const custom = await makeCustomRole(other.database, parent.user_id);
      await makeGroupUser(other.database, {
        user_id: user.user_id,
        parent_user_id: parent.user_id,
        role_ids: [custom.role_id],
      });
      await runAsOwner(other.database, 'alter table privileges rename to privileges_gone');
      await runAsOwner(other.database, 'alter table custom_role_privileges rename to crp_gone');
      other.actAs(holding(user.user_id, system.role_id));
      const query = (roleId: number) => ({ role_id: String(roleId) });
      const systemLoad = await other.app.inject({
        method: 'GET',
        url: `${BASE}/getMyPrivileges`,
        query: query(system.role_id),
      });
      expect(systemLoad.statusCode).toBe(500);
      expect(systemLoad.json().message).toBe('Failed to fetch system role privileges.');
      const customLoad = await other.app.inject({
        method: 'GET',
        url: `${BASE}/getMyPrivileges`,
        query: query(custom.role_id),
      });
      expect(customLoad.statusCode).toBe(500);
      expect(customLoad.json().message).toBe('Failed to fetch custom role privileges.');
      await runAsOwner(other.database, 'alter table group_users rename to group_users_gone');
      const roles = await other.app.inject({ method: 'GET', url: `${BASE}/getMyCustomRoles` });
      expect(roles.statusCode).toBe(500);
      expect(roles.json().message).toBe('Failed to fetch custom roles.');
    } finally {
      await other.close();
    }
  });
});
