import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customRolePrivileges, groupUsers, roles } from '../../db/schema';
import {
  grantCustomRolesPrivilege,
  holdRole,
  INDIVIDUAL_ROLE_ID,
  makeCustomRole,
  makeCustomRolePrivilege,
  makeGroupUser,
  makeSystemRole,
  uniqueName,
} from '../../test/access-fixtures';
import { makeMenu, makeTenant, makeUser, member, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const CUSTOM = '/operations/user/customRole';
const GRANTS = '/operations/user/customRolePrivilege';
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

describe('custom roles (user/customRole)', () => {
  it('lets a user on the main platform create, read, update and delete their own custom role', async () => {
    const parent = await makeUser(t.database);
    t.actAs(member(parent.user_id, null));
    const created = await t.app.inject({
      method: 'POST',
      url: `${CUSTOM}/create`,
      payload: { role_name: uniqueName('reviewer'), display_name: 'Reviewer', created_by: 1 },
    });
    expect(created.statusCode).toBe(201);
    const role = created.json().data;
    expect(role).toMatchObject({ parent_user_id: parent.user_id, created_by: parent.user_id });
    const [row] = await t.database.system.select().from(roles).where(eq(roles.role_id, role.role_id));
    expect(row?.tenant_id).toBeNull();

    expect((await t.app.inject({ method: 'GET', url: `${CUSTOM}/get/${role.role_id}` })).statusCode).toBe(
      200,
    );
    const listed = await t.app.inject({ method: 'GET', url: `${CUSTOM}/get` });
    expect(listed.json().data.map((r: { role_id: number }) => r.role_id)).toEqual([role.role_id]);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `${CUSTOM}/update/${role.role_id}`,
      payload: { display_name: 'Reviewer 2' },
    });
    expect(updated.json().data.display_name).toBe('Reviewer 2');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${CUSTOM}/delete/${role.role_id}/${parent.user_id}`,
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('stamps the tenant admin as parent and the tenant, and lists no system roles', async () => {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    await makeSystemRole(t.database, tenant.tenant_id);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const created = await t.app.inject({
      method: 'POST',
      url: `${CUSTOM}/createMany`,
      payload: [{ role_name: uniqueName('a'), display_name: 'A', parent_user_id: undefined }],
    });
    expect(created.statusCode).toBe(201);
    const [role] = created.json().data;
    const [row] = await t.database.system.select().from(roles).where(eq(roles.role_id, role.role_id));
    expect(row).toMatchObject({ parent_user_id: admin.user_id, tenant_id: tenant.tenant_id });
    const listed = await t.app.inject({ method: 'GET', url: `${CUSTOM}/get` });
    expect(listed.json().data.map((r: { role_id: number }) => r.role_id)).toEqual([role.role_id]);
  });

  it('refuses bad input naming the field, and a parent_user_id in the body', async () => {
    const parent = await makeUser(t.database);
    t.actAs(member(parent.user_id, null));
    const name = uniqueName('bad');
    for (const payload of [{ role_name: name }, { role_name: name, display_name: 'X', parent_user_id: 1 }]) {
      const response = await t.app.inject({ method: 'POST', url: `${CUSTOM}/create`, payload });
      expect(response.statusCode).toBe(400);
    }
    const rows = await t.database.system.select().from(roles).where(eq(roles.role_name, name));
    expect(rows).toEqual([]);
  });

  it('answers 401 signed out and 403 to a member writing inside a tenant', async () => {
    t.actAs(null);
    expect((await t.app.inject({ method: 'GET', url: `${CUSTOM}/get` })).statusCode).toBe(401);
    const tenant = await makeTenant(t.database);
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, tenant.tenant_id));
    const response = await t.app.inject({
      method: 'POST',
      url: `${CUSTOM}/create`,
      payload: { role_name: uniqueName('x'), display_name: 'X' },
    });
    expect(response.statusCode).toBe(403);
  });

  it("keeps one parent user's custom roles invisible to another (404), bulk included", async () => {
    const [owner, other] = [await makeUser(t.database), await makeUser(t.database)];
    const theirs = await makeCustomRole(t.database, owner.user_id);
    const mine = await makeCustomRole(t.database, other.user_id);
    t.actAs(member(other.user_id, null));
    expect((await t.app.inject({ method: 'GET', url: `${CUSTOM}/get/${theirs.role_id}` })).statusCode).toBe(
      404,
    );
    const update = await t.app.inject({
      method: 'PUT',
      url: `${CUSTOM}/update/${theirs.role_id}`,
      payload: { display_name: 'Mine now' },
    });
    expect(update.statusCode).toBe(404);
    const bulk = await t.app.inject({
      method: 'PUT',
      url: `${CUSTOM}/deleteMany`,
      payload: { role_ids: [mine.role_id, theirs.role_id], deleted_by: other.user_id },
    });
    expect(bulk.statusCode).toBe(404);
    const rows = await t.database.system
      .select()
      .from(roles)
      .where(inArray(roles.role_id, [mine.role_id, theirs.role_id]));
    expect(rows.map((row) => [row.is_deleted, row.display_name])).toEqual([
      [false, 'Custom'],
      [false, 'Custom'],
    ]);
  });

  it("hides another tenant's custom roles from its admins (404), bulk included", async () => {
    const [mine, theirs] = [await makeTenant(t.database), await makeTenant(t.database)];
    const [admin, owner] = [await makeUser(t.database), await makeUser(t.database)];
    const own = await makeCustomRole(t.database, admin.user_id, mine.tenant_id);
    const foreign = await makeCustomRole(t.database, owner.user_id, theirs.tenant_id);
    t.actAs(tenantAdmin(admin.user_id, mine.tenant_id));
    expect((await t.app.inject({ method: 'GET', url: `${CUSTOM}/get/${foreign.role_id}` })).statusCode).toBe(
      404,
    );
    const bulk = await t.app.inject({
      method: 'POST',
      url: `${CUSTOM}/updateMany`,
      payload: [
        { role_id: own.role_id, display_name: 'Changed' },
        { role_id: foreign.role_id, display_name: 'Changed' },
      ],
    });
    expect(bulk.statusCode).toBe(404);
    const rows = await t.database.system
      .select()
      .from(roles)
      .where(inArray(roles.role_id, [own.role_id, foreign.role_id]));
    expect(rows.every((row) => row.display_name === 'Custom')).toBe(true);
  });
});

describe('custom role privileges (user/customRolePrivilege)', () => {
  it('grants menus to an own custom role and bulk-deletes them', async () => {
    const parent = await makeUser(t.database);
    const role = await makeCustomRole(t.database, parent.user_id);
    const [a, b] = [await makeMenu(t.database), await makeMenu(t.database)];
    t.actAs(member(parent.user_id, null));
    const created = await t.app.inject({
      method: 'POST',
      url: `${GRANTS}/createMany`,
      payload: [
        { role_id: role.role_id, privilege_menu_id: a.menu_id },
        { role_id: role.role_id, privilege_menu_id: b.menu_id },
      ],
    });
    expect(created.statusCode).toBe(201);
    const ids = created.json().data.map((row: { privilege_id: number }) => row.privilege_id);
    const listed = await t.app.inject({ method: 'GET', url: `${GRANTS}/get` });
    expect(listed.json().data).toHaveLength(2);
    expect(
      listed
        .json()
        .data.map((row: { menu_name: string }) => row.menu_name)
        .sort(),
    ).toEqual([a.menu_name, b.menu_name].sort());
    const deleted = await t.app.inject({
      method: 'PUT',
      url: `${GRANTS}/deleteMany`,
      payload: { privilege_ids: ids, deleted_by: parent.user_id },
    });
    expect(deleted.statusCode).toBe(200);
  });

  it("refuses another parent's custom role, a system role or an unknown menu, writing nothing", async () => {
    const [parent, other] = [await makeUser(t.database), await makeUser(t.database)];
    const own = await makeCustomRole(t.database, parent.user_id);
    const foreign = await makeCustomRole(t.database, other.user_id);
    const system = await makeSystemRole(t.database);
    const menu = await makeMenu(t.database);
    t.actAs(member(parent.user_id, null));
    for (const [payload, field] of [
      [
        [
          { role_id: own.role_id, privilege_menu_id: menu.menu_id },
          { role_id: foreign.role_id, privilege_menu_id: menu.menu_id },
        ],
        'role_id',
      ],
      [[{ role_id: system.role_id, privilege_menu_id: menu.menu_id }], 'role_id'],
      [[{ role_id: own.role_id, privilege_menu_id: 2_000_000_000 }], 'privilege_menu_id'],
      [[{ role_id: own.role_id }], 'privilege_menu_id'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: `${GRANTS}/createMany`, payload });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
    const rows = await t.database.system
      .select()
      .from(customRolePrivileges)
      .where(inArray(customRolePrivileges.role_id, [own.role_id, foreign.role_id, system.role_id]));
    expect(rows).toEqual([]);
  });

  it('answers 401 signed out and 403 to a member writing inside a tenant', async () => {
    t.actAs(null);
    expect((await t.app.inject({ method: 'GET', url: `${GRANTS}/get` })).statusCode).toBe(401);
    const tenant = await makeTenant(t.database);
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, tenant.tenant_id));
    const response = await t.app.inject({
      method: 'POST',
      url: `${GRANTS}/create`,
      payload: { role_id: 1, privilege_menu_id: 1 },
    });
    expect(response.statusCode).toBe(403);
  });

  it("hides another tenant's and another parent's grants (404)", async () => {
    const [mine, theirs] = [await makeTenant(t.database), await makeTenant(t.database)];
    const [admin, owner] = [await makeUser(t.database), await makeUser(t.database)];
    const menu = await makeMenu(t.database);
    const foreignRole = await makeCustomRole(t.database, owner.user_id, theirs.tenant_id);
    const foreign = await makeCustomRolePrivilege(t.database, {
      role_id: foreignRole.role_id,
      privilege_menu_id: menu.menu_id,
      tenant_id: theirs.tenant_id,
      created_by: owner.user_id,
    });
    t.actAs(tenantAdmin(admin.user_id, mine.tenant_id));
    expect(
      (await t.app.inject({ method: 'GET', url: `${GRANTS}/get/${foreign.privilege_id}` })).statusCode,
    ).toBe(404);
    const platformRole = await makeCustomRole(t.database, owner.user_id);
    const platformGrant = await makeCustomRolePrivilege(t.database, {
      role_id: platformRole.role_id,
      privilege_menu_id: menu.menu_id,
      created_by: owner.user_id,
    });
    t.actAs(member(admin.user_id, null));
    expect(
      (await t.app.inject({ method: 'GET', url: `${GRANTS}/get/${platformGrant.privilege_id}` })).statusCode,
    ).toBe(404);
  });
});

describe('group users (user/groupUsers)', () => {
  it('lets a tenant admin group a member under custom roles of the tenant', async () => {
    const tenant = await makeTenant(t.database);
    const [admin, user] = [await makeUser(t.database), await makeUser(t.database)];
    const system = await makeSystemRole(t.database);
    await holdRole(t.database, user.user_id, system.role_id, tenant.tenant_id);
    const role = await makeCustomRole(t.database, admin.user_id, tenant.tenant_id);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const created = await t.app.inject({
      method: 'POST',
      url: `${GROUPS}/createGroupUser`,
      payload: { user_id: user.user_id, role_ids: [role.role_id], group_name: 'Mentors' },
    });
    expect(created.statusCode).toBe(201);
    const group = created.json().data;
    expect(group).toMatchObject({ parent_user_id: admin.user_id, role_ids: [role.role_id] });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `${GROUPS}/updateGroupUser/${group.table_id}`,
      payload: { group_name: 'Reviewers' },
    });
    expect(updated.json().data.group_name).toBe('Reviewers');
    const listed = await t.app.inject({ method: 'GET', url: `${GROUPS}/getGroupUser` });
    expect(listed.json().data).toHaveLength(1);
    const deleted = await t.app.inject({
      method: 'PUT',
      url: `${GROUPS}/deleteMany`,
      payload: { table_ids: [group.table_id], deleted_by: admin.user_id },
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('refuses role_ids the caller may not see and users outside the tenant, writing nothing', async () => {
    const tenant = await makeTenant(t.database);
    const [admin, inside, outsider] = [
      await makeUser(t.database),
      await makeUser(t.database),
      await makeUser(t.database),
    ];
    const system = await makeSystemRole(t.database);
    await holdRole(t.database, inside.user_id, system.role_id, tenant.tenant_id);
    const own = await makeCustomRole(t.database, admin.user_id, tenant.tenant_id);
    const platformRole = await makeCustomRole(t.database, admin.user_id);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    for (const [payload, field] of [
      [[{ user_id: inside.user_id, role_ids: [own.role_id, platformRole.role_id] }], 'role_ids'],
      [[{ user_id: inside.user_id, role_ids: [system.role_id] }], 'role_ids'],
      [
        [
          { user_id: inside.user_id, role_ids: [own.role_id] },
          { user_id: outsider.user_id, role_ids: [own.role_id] },
        ],
        'user_id',
      ],
      [[{ user_id: inside.user_id, role_ids: 'x' }], 'role_ids'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: `${GROUPS}/createMany`, payload });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
    const rows = await t.database.system
      .select()
      .from(groupUsers)
      .where(eq(groupUsers.tenant_id, tenant.tenant_id));
    expect(rows).toEqual([]);
  });

  it('answers 401 signed out and 403 to a member writing inside a tenant', async () => {
    t.actAs(null);
    expect((await t.app.inject({ method: 'GET', url: `${GROUPS}/getGroupUser` })).statusCode).toBe(401);
    const tenant = await makeTenant(t.database);
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, tenant.tenant_id));
    const response = await t.app.inject({
      method: 'POST',
      url: `${GROUPS}/createGroupUser`,
      payload: { user_id: user.user_id, role_ids: [] },
    });
    expect(response.statusCode).toBe(403);
  });

  it("hides another tenant's groups (404) and refuses a bulk delete across tenants", async () => {
    const [mine, theirs] = [await makeTenant(t.database), await makeTenant(t.database)];
    const [admin, owner, user] = [
      await makeUser(t.database),
      await makeUser(t.database),
      await makeUser(t.database),
    ];
    const own = await makeGroupUser(t.database, {
      user_id: user.user_id,
      parent_user_id: admin.user_id,
      role_ids: [],
      tenant_id: mine.tenant_id,
    });
    const foreign = await makeGroupUser(t.database, {
      user_id: user.user_id,
      parent_user_id: owner.user_id,
      role_ids: [],
      tenant_id: theirs.tenant_id,
    });
    t.actAs(tenantAdmin(admin.user_id, mine.tenant_id));
    expect(
      (await t.app.inject({ method: 'GET', url: `${GROUPS}/getGroupUser/${foreign.table_id}` })).statusCode,
    ).toBe(404);
    const bulk = await t.app.inject({
      method: 'PUT',
      url: `${GROUPS}/deleteMany`,
      payload: { table_ids: [own.table_id, foreign.table_id], deleted_by: admin.user_id },
    });
    expect(bulk.statusCode).toBe(404);
    const rows = await t.database.system
      .select()
      .from(groupUsers)
      .where(inArray(groupUsers.table_id, [own.table_id, foreign.table_id]));
    expect(rows.every((row) => !row.is_deleted)).toBe(true);
  });
});
