import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customMenus } from '../../db/schema';
import { makeMenu, makeTenant, makeUser, member, platformAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const BASE = '/operations/system/customMenus';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function asAdminInFreshTenant() {
  const tenant = await makeTenant(t.database);
  const admin = await makeUser(t.database);
  t.actAs(platformAdmin(admin.user_id, tenant.tenant_id));
  return { tenant, admin };
}

async function menusOfTenant(tenantId: number) {
  return t.database.system.select().from(customMenus).where(eq(customMenus.tenant_id, tenantId));
}

describe('create, update and delete', () => {
  it('stamps audit columns from the actor, ignoring the body', async () => {
    const { admin, tenant } = await asAdminInFreshTenant();
    const created = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createMenu`,
      payload: { menu_name: 'Reports', created_by: 999_999, modified_by: 999_999 },
    });
    expect(created.statusCode).toBe(201);
    const menu = created.json().data;
    expect(menu).toMatchObject({
      menu_name: 'Reports',
      created_by: admin.user_id,
      modified_by: admin.user_id,
    });
    expect(menu.created_at).toMatch(/\+00:00$/);
    // The owner scope is shown (the caller's own tenant, or null for the platform's menus) so the menu
    // editor can tell the menus it may change; the body could not set it.
    expect(menu.tenant_id).toBe(tenant.tenant_id);

    const other = await makeUser(t.database);
    t.actAs(platformAdmin(other.user_id, tenant.tenant_id));
    const updated = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateMenu/${menu.menu_id}`,
      payload: { menu_name: 'Reports 2', modified_by: 1 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      menu_name: 'Reports 2',
      created_by: admin.user_id,
      modified_by: other.user_id,
    });
  });

  it('soft-deletes, stamps deleted_by and hides the row from lists and gets', async () => {
    const { admin, tenant } = await asAdminInFreshTenant();
    const menu = await makeMenu(t.database, { tenant_id: tenant.tenant_id });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteMenu/${menu.menu_id}/${admin.user_id}`,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.system
      .select()
      .from(customMenus)
      .where(eq(customMenus.menu_id, menu.menu_id));
    expect(row).toMatchObject({ is_deleted: true, deleted_by: admin.user_id });
    expect(row?.deleted_at).toBeInstanceOf(Date);
    const listed = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getMenu`,
      query: { filterFields: JSON.stringify({ menu_id: menu.menu_id }) },
    });
    expect(listed.json().data).toEqual([]);
    const deletedToo = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getMenu`,
      query: { filterFields: JSON.stringify({ menu_id: menu.menu_id, is_deleted: true }) },
    });
    expect(deletedToo.json().meta.total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getMenu/${menu.menu_id}` })).statusCode).toBe(
      404,
    );
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteMenu/${menu.menu_id}/${admin.user_id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('rejects a delete whose path user_id is not the caller', async () => {
    const { admin, tenant } = await asAdminInFreshTenant();
    const menu = await makeMenu(t.database, { tenant_id: tenant.tenant_id });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteMenu/${menu.menu_id}/${admin.user_id + 1}`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
    const [row] = await t.database.system
      .select()
      .from(customMenus)
      .where(eq(customMenus.menu_id, menu.menu_id));
    expect(row?.is_deleted).toBe(false);
  });

  it('gets one row with a projection and answers 404 for a missing one', async () => {
    const { tenant } = await asAdminInFreshTenant();
    const menu = await makeMenu(t.database, { tenant_id: tenant.tenant_id, menu_name: 'Single' });
    const one = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getMenu/${menu.menu_id}`,
      query: { fields: 'menu_name' },
    });
    expect(one.json()).toEqual({ data: { menu_name: 'Single' } });
    const filtered = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getMenu/${menu.menu_id}`,
      query: { filterFields: '{"menu_name":"Other"}' },
    });
    expect(filtered.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getMenu/99999999` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getMenu/abc` })).statusCode).toBe(400);
  });

  it("answers 404 for another tenant's menu and never changes it", async () => {
    const { tenant: mine } = await asAdminInFreshTenant();
    const theirs = await makeTenant(t.database);
    const foreign = await makeMenu(t.database, { tenant_id: theirs.tenant_id, menu_name: 'Theirs' });
    const admin = await makeUser(t.database);
    t.actAs({
      ...platformAdmin(admin.user_id, mine.tenant_id),
      isPlatformAdmin: false,
      roles: [{ roleId: 2, roleName: 'tenant-admin', roleView: 'admin', tenantId: mine.tenant_id }],
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/getMenu/${foreign.menu_id}` })).statusCode,
    ).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateMenu/${foreign.menu_id}`,
      payload: { menu_name: 'Mine now' },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteMenu/${foreign.menu_id}/${admin.user_id}`,
    });
    expect(del.statusCode).toBe(404);
    const [row] = await t.database.system
      .select()
      .from(customMenus)
      .where(eq(customMenus.menu_id, foreign.menu_id));
    expect(row).toMatchObject({ menu_name: 'Theirs', is_deleted: false });
  });

  it('answers 401 signed out and 403 to a member who tries to write', async () => {
    t.actAs(null);
    const signedOut = await t.app.inject({ method: 'GET', url: `${BASE}/getMenu` });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getMenu` })).statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createMenu`,
      payload: { menu_name: 'x' },
    });
    expect(write.statusCode).toBe(403);
  });

  it('answers 413 for an oversized body', async () => {
    await asAdminInFreshTenant();
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createMenu`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ menu_name: 'x', icon: 'y'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('bulk calls', () => {
  it('creates many in one go', async () => {
    const { tenant, admin } = await asAdminInFreshTenant();
    const items = Array.from({ length: 4 }, (_, i) => ({ menu_name: `Bulk ${i}`, created_by: 12345 }));
    const response = await t.app.inject({ method: 'POST', url: `${BASE}/createMany`, payload: items });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toHaveLength(4);
    const rows = await menusOfTenant(tenant.tenant_id);
    expect(rows.every((row) => row.created_by === admin.user_id)).toBe(true);
  });

  it('writes nothing when the fifth item is invalid', async () => {
    const { tenant } = await asAdminInFreshTenant();
    const items = [1, 2, 3, 4].map((i) => ({ menu_name: `Ok ${i}` }));
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createMany`,
      payload: [...items, { menu_name: '' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('4.menu_name');
    expect(await menusOfTenant(tenant.tenant_id)).toHaveLength(0);
  });

  it('updates many all or nothing', async () => {
    const { tenant } = await asAdminInFreshTenant();
    const a = await makeMenu(t.database, { tenant_id: tenant.tenant_id, menu_name: 'A' });
    const b = await makeMenu(t.database, { tenant_id: tenant.tenant_id, menu_name: 'B' });
    const ok = await t.app.inject({
      method: 'POST',
      url: `${BASE}/updateMany`,
      payload: [
        { menu_id: a.menu_id, sort_order: 7 },
        { menu_id: b.menu_id, menu_name: 'B2' },
      ],
    });
    expect(ok.statusCode).toBe(200);
    const failing = await t.app.inject({
      method: 'POST',
      url: `${BASE}/updateMany`,
      payload: [
        { menu_id: a.menu_id, menu_name: 'changed' },
        { menu_id: 99_999_999, menu_name: 'missing' },
      ],
    });
    expect(failing.statusCode).toBe(404);
    const rows = await menusOfTenant(tenant.tenant_id);
    expect(rows.map((row) => row.menu_name).sort()).toEqual(['A', 'B2']);
  });

  it('deletes many with menu_ids, all or nothing, stamping deleted_by from the actor', async () => {
    const { tenant, admin } = await asAdminInFreshTenant();
    const a = await makeMenu(t.database, { tenant_id: tenant.tenant_id });
    const b = await makeMenu(t.database, { tenant_id: tenant.tenant_id });
    const missing = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/deleteMany`,
      payload: { menu_ids: [a.menu_id, 99_999_999], deleted_by: 1 },
    });
    expect(missing.statusCode).toBe(404);
    expect((await menusOfTenant(tenant.tenant_id)).every((row) => !row.is_deleted)).toBe(true);
    const ok = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/deleteMany`,
      payload: { menu_ids: [a.menu_id, b.menu_id], deleted_by: 1 },
    });
    expect(ok.statusCode).toBe(200);
    const rows = await menusOfTenant(tenant.tenant_id);
    expect(rows.every((row) => row.is_deleted && row.deleted_by === admin.user_id)).toBe(true);
  });
});

describe('SQL injection', () => {
  const attacks = [
    "'; drop table custom_menus; --",
    'menu_name; delete from custom_menus',
    'menu_id) or (1=1',
    '1 union select password_hash from users',
    '"menu_name"',
  ];

  it.each(attacks)('refuses %s in every column parameter and changes nothing', async (attack) => {
    const { tenant } = await asAdminInFreshTenant();
    await makeMenu(t.database, { tenant_id: tenant.tenant_id });
    const before = await t.database.system.execute(
      sql`select count(*)::int as n, max(modified_at) as m from custom_menus`,
    );
    const queries: Record<string, string>[] = [
      { fields: attack },
      { sortField: attack },
      { sortOrder: attack },
      { filterFields: attack },
      { filterFields: JSON.stringify({ [attack]: 1 }) },
      { filterFields: JSON.stringify({ menu_name: { [attack]: 1 } }) },
      { searchFields: JSON.stringify([attack]), search: 'x' },
      { page: attack },
      { limit: attack },
      { metadataOnly: attack },
    ];
    for (const query of queries) {
      const response = await t.app.inject({ method: 'GET', url: `${BASE}/getMenu`, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/getMenu/${encodeURIComponent(attack)}` }))
        .statusCode,
    ).toBe(400);
    // As values, attacks are just data: they match nothing and change nothing.
    const asValue = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getMenu`,
      query: { filterFields: JSON.stringify({ menu_name: attack }), search: attack },
    });
    expect(asValue.statusCode).toBe(200);
    expect(asValue.json().data).toEqual([]);
    const after = await t.database.system.execute(
      sql`select count(*)::int as n, max(modified_at) as m from custom_menus`,
    );
    expect((after as unknown as { rows: unknown[] }).rows).toEqual(
      (before as unknown as { rows: unknown[] }).rows,
    );
  });
});
