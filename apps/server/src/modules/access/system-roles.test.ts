import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privileges, roles } from '../../db/schema';
import { makeCustomRole, makeSystemRole, uniqueName } from '../../test/access-fixtures';
import { makeMenu, makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const ROLES = '/operations/user/roles';
const PRIVILEGES = '/operations/user/privileges';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

describe('system roles (user/roles)', () => {
  it('lets a platform admin create, update and delete, and any signed-in user read', async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const name = uniqueName('mentor');
    const created = await t.app.inject({
      method: 'POST',
      url: `${ROLES}/createRole`,
      payload: { role_name: name, display_name: 'Mentor', role_view: 'user', created_by: 1 },
    });
    expect(created.statusCode).toBe(201);
    const role = created.json().data;
    expect(role).toMatchObject({ role_name: name, parent_user_id: null, created_by: admin.user_id });

    const updated = await t.app.inject({
      method: 'PUT',
      url: `${ROLES}/updateRole/${role.role_id}`,
      payload: { display_name: 'Mentor 2' },
    });
    expect(updated.json().data.display_name).toBe('Mentor 2');

    const reader = await makeUser(t.database);
    t.actAs(member(reader.user_id, null));
    const got = await t.app.inject({ method: 'GET', url: `${ROLES}/getRole/${role.role_id}` });
    expect(got.statusCode).toBe(200);
    const listed = await t.app.inject({
      method: 'GET',
      url: `${ROLES}/getRole`,
      query: { filterFields: JSON.stringify({ role_name: name }) },
    });
    expect(listed.json().data).toHaveLength(1);

    t.actAs(platformAdmin(admin.user_id));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${ROLES}/deleteRole/${role.role_id}/${admin.user_id}`,
    });
    expect(deleted.statusCode).toBe(200);
    const [row] = await t.database.system.select().from(roles).where(eq(roles.role_id, role.role_id));
    expect(row).toMatchObject({ is_deleted: true, deleted_by: admin.user_id });
  });

  it('never lists custom roles among system roles', async () => {
    const parent = await makeUser(t.database);
    const custom = await makeCustomRole(t.database, parent.user_id);
    t.actAs(platformAdmin(parent.user_id));
    const got = await t.app.inject({ method: 'GET', url: `${ROLES}/getRole/${custom.role_id}` });
    expect(got.statusCode).toBe(404);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const name = uniqueName('bad');
    const response = await t.app.inject({
      method: 'POST',
      url: `${ROLES}/createRole`,
      payload: { role_name: name, display_name: '', role_view: 'boss' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('display_name');
    const rows = await t.database.system.select().from(roles).where(eq(roles.role_name, name));
    expect(rows).toEqual([]);
  });

  it('answers 401 signed out and 403 to a tenant admin or member writing', async () => {
    t.actAs(null);
    expect((await t.app.inject({ method: 'GET', url: `${ROLES}/getRole` })).statusCode).toBe(401);
    const tenant = await makeTenant(t.database);
    const user = await makeUser(t.database);
    for (const actor of [tenantAdmin(user.user_id, tenant.tenant_id), member(user.user_id, null)]) {
      t.actAs(actor);
      const response = await t.app.inject({
        method: 'POST',
        url: `${ROLES}/createRole`,
        payload: { role_name: uniqueName('x'), display_name: 'X' },
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it("hides another tenant's roles (404) and refuses a bulk delete reaching across tenants", async () => {
    const [mine, theirs] = [await makeTenant(t.database), await makeTenant(t.database)];
    const ownRole = await makeSystemRole(t.database, mine.tenant_id);
    const otherRole = await makeSystemRole(t.database, theirs.tenant_id);
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id, mine.tenant_id));
    const got = await t.app.inject({ method: 'GET', url: `${ROLES}/getRole/${otherRole.role_id}` });
    expect(got.statusCode).toBe(404);
    const bulk = await t.app.inject({
      method: 'PUT',
      url: `${ROLES}/deleteMany`,
      payload: { role_ids: [ownRole.role_id, otherRole.role_id], deleted_by: admin.user_id },
    });
    expect(bulk.statusCode).toBe(404);
    const rows = await t.database.system
      .select()
      .from(roles)
      .where(inArray(roles.role_id, [ownRole.role_id, otherRole.role_id]));
    expect(rows.every((row) => !row.is_deleted)).toBe(true);
  });
});

describe('system role privileges (user/privileges)', () => {
  it('grants a menu to a system role and bulk-deletes with privilege_ids', async () => {
    const admin = await makeUser(t.database);
    const role = await makeSystemRole(t.database);
    const [a, b] = [await makeMenu(t.database), await makeMenu(t.database)];
    t.actAs(platformAdmin(admin.user_id));
    const created = await t.app.inject({
      method: 'POST',
      url: `${PRIVILEGES}/createMany`,
      payload: [
        { role_id: role.role_id, privilege_menu_id: a.menu_id },
        { role_id: role.role_id, privilege_menu_id: b.menu_id },
      ],
    });
    expect(created.statusCode).toBe(201);
    const ids = created.json().data.map((row: { privilege_id: number }) => row.privilege_id);
    const reader = await makeUser(t.database);
    t.actAs(member(reader.user_id, null));
    const listed = await t.app.inject({
      method: 'GET',
      url: `${PRIVILEGES}/getPrivilege`,
      query: { filterFields: JSON.stringify({ role_id: role.role_id }) },
    });
    expect(listed.json().data).toHaveLength(2);
    t.actAs(platformAdmin(admin.user_id));
    const deleted = await t.app.inject({
      method: 'PUT',
      url: `${PRIVILEGES}/deleteMany`,
      payload: { privilege_ids: ids, deleted_by: admin.user_id },
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('lists rows with menu_name and menu_parent_name, keeping fields, filters and paging', async () => {
    const admin = await makeUser(t.database);
    const role = await makeSystemRole(t.database);
    const parent = await makeMenu(t.database, { menu_name: 'Programs' });
    const child = await makeMenu(t.database, { menu_name: 'Courses', menu_parent_id: parent.menu_id });
    await t.database.system.insert(privileges).values([
      { role_id: role.role_id, privilege_menu_id: parent.menu_id },
      { role_id: role.role_id, privilege_menu_id: child.menu_id },
    ]);
    t.actAs(platformAdmin(admin.user_id));
    const listed = await t.app.inject({
      method: 'GET',
      url: `${PRIVILEGES}/getPrivilege`,
      query: {
        filterFields: JSON.stringify({ role_id: role.role_id }),
        sortField: 'privilege_id',
        sortOrder: 'asc',
        limit: '1',
        page: '2',
      },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        role_id: role.role_id,
        privilege_menu_id: child.menu_id,
        menu_name: 'Courses',
        menu_parent_name: 'Programs',
      }),
    ]);
    expect(listed.json().meta).toMatchObject({ page: 2, total: 2 });
    const bad = await t.app.inject({
      method: 'GET',
      url: `${PRIVILEGES}/getPrivilege`,
      query: { fields: 'secret' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a custom role or an unknown menu, naming the field, and writes nothing', async () => {
    const admin = await makeUser(t.database);
    const role = await makeSystemRole(t.database);
    const custom = await makeCustomRole(t.database, admin.user_id);
    const menu = await makeMenu(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const byCustom = await t.app.inject({
      method: 'POST',
      url: `${PRIVILEGES}/createMany`,
      payload: [
        { role_id: role.role_id, privilege_menu_id: menu.menu_id },
        { role_id: custom.role_id, privilege_menu_id: menu.menu_id },
      ],
    });
    expect(byCustom.statusCode).toBe(400);
    expect(byCustom.json().details[0].path).toBe('role_id');
    const byMenu = await t.app.inject({
      method: 'POST',
      url: `${PRIVILEGES}/createPrivilege`,
      payload: { role_id: role.role_id, privilege_menu_id: 2_000_000_000 },
    });
    expect(byMenu.statusCode).toBe(400);
    expect(byMenu.json().details[0].path).toBe('privilege_menu_id');
    const rows = await t.database.system
      .select()
      .from(privileges)
      .where(eq(privileges.role_id, role.role_id));
    expect(rows).toEqual([]);
  });

  it('answers 401 signed out and 403 to a tenant admin writing', async () => {
    t.actAs(null);
    expect((await t.app.inject({ method: 'GET', url: `${PRIVILEGES}/getPrivilege` })).statusCode).toBe(401);
    const tenant = await makeTenant(t.database);
    const user = await makeUser(t.database);
    t.actAs(tenantAdmin(user.user_id, tenant.tenant_id));
    const response = await t.app.inject({
      method: 'POST',
      url: `${PRIVILEGES}/createPrivilege`,
      payload: { role_id: 1, privilege_menu_id: 1 },
    });
    expect(response.statusCode).toBe(403);
  });

  it("hides another tenant's privilege rows (404)", async () => {
    const [mine, theirs] = [await makeTenant(t.database), await makeTenant(t.database)];
    const role = await makeSystemRole(t.database);
    const menu = await makeMenu(t.database);
    const [row] = await t.database.system
      .insert(privileges)
      .values({ role_id: role.role_id, privilege_menu_id: menu.menu_id, tenant_id: theirs.tenant_id })
      .returning();
    const admin = await makeUser(t.database);
    t.actAs(tenantAdmin(admin.user_id, mine.tenant_id));
    const got = await t.app.inject({ method: 'GET', url: `${PRIVILEGES}/getPrivilege/${row!.privilege_id}` });
    expect(got.statusCode).toBe(404);
  });
});
