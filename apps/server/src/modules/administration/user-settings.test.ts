import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSettings } from '../../db/schema';
import { holdRole } from '../../test/access-fixtures';
import { makeTenant, makeUser, makeUserSetting, member, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const BASE = '/operations/user/userSettings';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function settingsOf(tenantId: number) {
  return t.database.system.select().from(userSettings).where(eq(userSettings.tenant_id, tenantId));
}

describe('user settings', () => {
  it('creates a setting inside the actor tenant with defaults, never exposing the tenant key', async () => {
    const tenant = await makeTenant(t.database);
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, tenant.tenant_id));
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createUserSetting`,
      payload: { user_id: user.user_id, theme: 'dark', created_by: 1 },
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      user_id: user.user_id,
      theme: 'dark',
      language: 'en',
      created_by: user.user_id,
    });
    expect(data).not.toHaveProperty('tenant_id');
    const [row] = await settingsOf(tenant.tenant_id);
    expect(row?.tenant_id).toBe(tenant.tenant_id);
  });

  it("hides another tenant's setting behind a 404", async () => {
    const theirs = await makeTenant(t.database);
    const mine = await makeTenant(t.database);
    const owner = await makeUser(t.database);
    const setting = await makeUserSetting(t.database, {
      user_id: owner.user_id,
      tenant_id: theirs.tenant_id,
    });
    const admin = await makeUser(t.database);
    t.actAs(tenantAdmin(admin.user_id, mine.tenant_id));
    const url = `${BASE}/getUserSetting/${setting.user_setting_id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateUserSetting/${setting.user_setting_id}`,
      payload: { theme: 'light' },
    });
    expect(put.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: `${BASE}/getUserSetting`, query: { limit: '-1' } });
    expect(list.json().data).toEqual([]);
    t.actAs(tenantAdmin(admin.user_id, theirs.tenant_id));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('lets a member see and change only their own settings', async () => {
    const tenant = await makeTenant(t.database);
    const me = await makeUser(t.database);
    const other = await makeUser(t.database);
    await makeUserSetting(t.database, { user_id: me.user_id, tenant_id: tenant.tenant_id });
    const foreign = await makeUserSetting(t.database, {
      user_id: other.user_id,
      tenant_id: tenant.tenant_id,
    });
    t.actAs(member(me.user_id, tenant.tenant_id));
    const list = await t.app.inject({ method: 'GET', url: `${BASE}/getUserSetting` });
    expect(list.json().data.map((s: { user_id: number }) => s.user_id)).toEqual([me.user_id]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateUserSetting/${foreign.user_setting_id}`,
      payload: { theme: 'light' },
    });
    expect(put.statusCode).toBe(404);
    const create = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createUserSetting`,
      payload: { user_id: other.user_id },
    });
    expect(create.statusCode).toBe(403);
    t.actAs(tenantAdmin(me.user_id, tenant.tenant_id));
    const all = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getUserSetting`,
      query: { sortField: 'user_id', sortOrder: 'asc' },
    });
    expect(all.json().meta.total).toBe(2);
  });

  it('refuses the tenant key as field, filter, search and sort field', async () => {
    const tenant = await makeTenant(t.database);
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, tenant.tenant_id));
    const queries: Record<string, string>[] = [
      { fields: 'tenant_id' },
      { filterFields: JSON.stringify({ tenant_id: tenant.tenant_id }) },
      { filterFields: JSON.stringify([{ theme: 'dark' }, { tenant_id: { $ne: null } }]) },
      { sortField: 'tenant_id' },
      { search: '1', searchFields: '["tenant_id"]' },
    ];
    for (const query of queries) {
      const response = await t.app.inject({ method: 'GET', url: `${BASE}/getUserSetting`, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().message).toContain("unknown column 'tenant_id'");
    }
  });

  it('rolls back a bulk create whose fifth item names no member of the tenant', async () => {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const users = await Promise.all([1, 2, 3, 4].map(() => makeUser(t.database)));
    for (const user of users) await holdRole(t.database, user.user_id, 13, tenant.tenant_id);
    const payload = [...users.map((u) => ({ user_id: u.user_id })), { user_id: 2_000_000_000 }];
    const response = await t.app.inject({ method: 'POST', url: `${BASE}/createMany`, payload });
    expect(response.statusCode).toBe(400);
    expect(await settingsOf(tenant.tenant_id)).toHaveLength(0);
  });

  it('deletes many by user_setting_ids and refuses a body without them', async () => {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const a = await makeUserSetting(t.database, { user_id: admin.user_id, tenant_id: tenant.tenant_id });
    const wrongKey = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/deleteMany`,
      payload: { ids: [a.user_setting_id] },
    });
    expect(wrongKey.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/deleteMany`,
      payload: { user_setting_ids: [a.user_setting_id], deleted_by: admin.user_id },
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await settingsOf(tenant.tenant_id);
    expect(row).toMatchObject({ is_deleted: true, deleted_by: admin.user_id });
  });

  it('refuses an invalid enum value with details naming the field', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createUserSetting`,
      payload: { user_id: user.user_id, theme: 'neon' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({ in: 'body', path: 'theme' });
  });
});
