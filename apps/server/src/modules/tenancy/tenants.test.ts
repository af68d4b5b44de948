import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantSubscriptions, tenants, userRoles } from '../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const BASE = '/api/user/tenants';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);

async function tenantRows(name: string) {
  return t.database.system.select().from(tenants).where(eq(tenants.tenant_name, name));
}

describe('createTenant', () => {
  it('creates the tenant, makes the creator its admin and starts a free plan, ignoring created_by', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const name = `Institute ${unique()}`;
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createTenant`,
      payload: { tenant_type: 'institute', tenant_name: name, created_by: 999 },
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      tenant_type: 'institute',
      tenant_name: name,
      created_by: user.user_id,
      role: { role_id: 2, role_view: 'admin' },
    });
    const roles = await t.database.system
      .select()
      .from(userRoles)
      .where(eq(userRoles.tenant_id, data.tenant_id));
    expect(roles.map((r) => [r.user_id, r.role_id])).toEqual([[user.user_id, 2]]);
    const [subscription] = await t.database.system
      .select()
      .from(tenantSubscriptions)
      .where(eq(tenantSubscriptions.tenant_id, data.tenant_id));
    expect(subscription).toMatchObject({ plan: 'free', status: 'active' });
    expect(subscription?.current_usage).toMatchObject({ users: 1, api_calls: 0 });
  });

  it('refuses a taken name with 409 and a bad type with 400 naming the field, writing nothing', async () => {
    const user = await makeUser(t.database);
    const existing = await makeTenant(t.database);
    t.actAs(member(user.user_id, null));
    const taken = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createTenant`,
      payload: { tenant_type: existing.tenant_type, tenant_name: existing.tenant_name },
    });
    expect(taken.statusCode).toBe(409);
    const name = `Bad ${unique()}`;
    const bad = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createTenant`,
      payload: { tenant_type: 'Not A Type!', tenant_name: name },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('tenant_type');
    expect(await tenantRows(name)).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    t.actAs(null);
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createTenant`,
      payload: { tenant_type: 'institute', tenant_name: `X ${unique()}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('createTenantIfNotExists', () => {
  it('creates once (201) then answers the existing row (200)', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const payload = { tenant_type: 'incubator', tenant_name: `Hub ${unique()}` };
    const first = await t.app.inject({ method: 'POST', url: `${BASE}/createTenantIfNotExists`, payload });
    expect(first.statusCode).toBe(201);
    const second = await t.app.inject({ method: 'POST', url: `${BASE}/createTenantIfNotExists`, payload });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.tenant_id).toBe(first.json().data.tenant_id);
    expect(second.json().created).toBe(false);
  });

  it('is safe under 10 concurrent calls: one row, one admin, one subscription, no error', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const payload = { tenant_type: 'corporate', tenant_name: `Race ${unique()}` };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: `${BASE}/createTenantIfNotExists`, payload }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(responses.map((r) => r.json().data.tenant_id));
    expect(ids.size).toBe(1);
    const rows = await tenantRows(payload.tenant_name);
    expect(rows).toHaveLength(1);
    const tenantId = rows[0]!.tenant_id;
    const subs = await t.database.system
      .select()
      .from(tenantSubscriptions)
      .where(eq(tenantSubscriptions.tenant_id, tenantId));
    expect(subs).toHaveLength(1);
    const admins = await t.database.system.select().from(userRoles).where(eq(userRoles.tenant_id, tenantId));
    expect(admins).toHaveLength(1);
  });

  it('shows a non-member only the public fields of an existing tenant', async () => {
    const existing = await makeTenant(t.database);
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createTenantIfNotExists`,
      payload: { tenant_type: existing.tenant_type, tenant_name: existing.tenant_name },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      tenant_id: existing.tenant_id,
      tenant_type: existing.tenant_type,
      tenant_name: existing.tenant_name,
    });
  });

  it('answers 400 for a missing name and 401 signed out', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const bad = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createTenantIfNotExists`,
      payload: { tenant_type: 'institute' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('tenant_name');
    t.actAs(null);
    const out = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createTenantIfNotExists`,
      payload: { tenant_type: 'institute', tenant_name: 'Anything' },
    });
    expect(out.statusCode).toBe(401);
  });
});

describe('getTenant', () => {
  it('answers members and platform admins, 404 to anyone else, 400 for a bad id, 401 signed out', async () => {
    const tenant = await makeTenant(t.database);
    const other = await makeTenant(t.database);
    const user = await makeUser(t.database);
    const url = `${BASE}/getTenant/${tenant.tenant_id}`;
    t.actAs(member(user.user_id, tenant.tenant_id));
    const mine = await t.app.inject({ method: 'GET', url });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ tenant_id: tenant.tenant_id, tenant_name: tenant.tenant_name });
    t.actAs(tenantAdmin(user.user_id, other.tenant_id));
    const foreign = await t.app.inject({ method: 'GET', url });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(tenant.tenant_name);
    t.actAs(platformAdmin(user.user_id));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getTenant/abc` })).statusCode).toBe(400);
    t.actAs(null);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('getUserTenants', () => {
  it('lists the tenants where the user holds a live role, for themselves or a platform admin', async () => {
    const a = await makeTenant(t.database);
    const b = await makeTenant(t.database);
    const gone = await makeTenant(t.database);
    const user = await makeUser(t.database);
    await t.database.system.insert(userRoles).values([
      { user_id: user.user_id, role_id: 2, tenant_id: a.tenant_id },
      { user_id: user.user_id, role_id: 13, tenant_id: b.tenant_id },
      { user_id: user.user_id, role_id: 13, tenant_id: gone.tenant_id, is_deleted: true },
    ]);
    const url = `${BASE}/getUserTenants/${user.user_id}`;
    t.actAs(member(user.user_id, null));
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const ids = response
      .json()
      .data.map((row: { tenant_id: number }) => row.tenant_id)
      .sort();
    expect(ids).toEqual([a.tenant_id, b.tenant_id].sort());
    const someoneElse = await makeUser(t.database);
    t.actAs(tenantAdmin(someoneElse.user_id, a.tenant_id));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    t.actAs(platformAdmin(someoneElse.user_id));
    expect((await t.app.inject({ method: 'GET', url })).json().data).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getUserTenants/x` })).statusCode).toBe(400);
    t.actAs(null);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('getAll and getTenantsByType', () => {
  it('lists public fields to members, whole rows to platform admins, with page meta', async () => {
    const type = `kind-${unique()}`;
    const created = [];
    for (let i = 0; i < 3; i += 1) created.push(await makeTenant(t.database, { tenant_type: type }));
    await makeTenant(t.database, { tenant_type: type, is_deleted: true });
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const byType = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getTenantsByType/${type}`,
      query: { page: '1', limit: '2' },
    });
    expect(byType.statusCode).toBe(200);
    expect(byType.json().meta).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(Object.keys(byType.json().data[0]).sort()).toEqual(['tenant_id', 'tenant_name', 'tenant_type']);

    const all = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getAll`,
      query: { limit: '-1', filterFields: JSON.stringify([{ tenant_type: type }]) },
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(3);
    expect(all.json().meta.total).toBe(3);

    const asObject = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getAll`,
      query: { filterFields: JSON.stringify({ tenant_type: type, tenant_name: created[0]!.tenant_name }) },
    });
    expect(asObject.json().data).toEqual([
      { tenant_id: created[0]!.tenant_id, tenant_type: type, tenant_name: created[0]!.tenant_name },
    ]);

    t.actAs(platformAdmin(user.user_id));
    const full = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getAll`,
      query: { filterFields: JSON.stringify([{ tenant_type: type }]) },
    });
    expect(full.json().data[0]).toHaveProperty('created_at');
  });

  it('refuses a filter on a hidden column or bad JSON with 400 naming filterFields; 401 signed out', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const hidden = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getAll`,
      query: { filterFields: JSON.stringify([{ created_by: 1 }]) },
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().message).toContain('filterFields');
    const broken = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getAll`,
      query: { filterFields: '[{' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toContain('filterFields');
    const badType = await t.app.inject({ method: 'GET', url: `${BASE}/getTenantsByType/NO%20WAY` });
    expect(badType.statusCode).toBe(400);
    t.actAs(null);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getAll` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/getTenantsByType/institute` })).statusCode,
    ).toBe(401);
  });
});

describe('updateTenant', () => {
  it('lets its tenant admin rename it, ignoring modified_by', async () => {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const name = `Renamed ${unique()}`;
    const response = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateTenant/${tenant.tenant_id}`,
      payload: { tenant_name: name, modified_by: 12345 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ tenant_name: name, modified_by: admin.user_id });
  });

  it('answers 400 for an empty body, 403 to a member, 404 to another tenant, 401 signed out', async () => {
    const tenant = await makeTenant(t.database);
    const other = await makeTenant(t.database);
    const user = await makeUser(t.database);
    const url = `${BASE}/updateTenant/${tenant.tenant_id}`;
    t.actAs(tenantAdmin(user.user_id, tenant.tenant_id));
    const empty = await t.app.inject({ method: 'PUT', url, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('tenant_name');
    t.actAs(member(user.user_id, tenant.tenant_id));
    expect(
      (await t.app.inject({ method: 'PUT', url, payload: { tenant_name: 'Member Try' } })).statusCode,
    ).toBe(403);
    t.actAs(tenantAdmin(user.user_id, other.tenant_id));
    expect(
      (await t.app.inject({ method: 'PUT', url, payload: { tenant_name: 'Other Try' } })).statusCode,
    ).toBe(404);
    t.actAs(null);
    expect((await t.app.inject({ method: 'PUT', url, payload: { tenant_name: 'Nobody' } })).statusCode).toBe(
      401,
    );
    const [row] = await t.database.system
      .select()
      .from(tenants)
      .where(eq(tenants.tenant_id, tenant.tenant_id));
    expect(row?.tenant_name).toBe(tenant.tenant_name);
  });
});

describe('deleteTenant', () => {
  it('soft-deletes as a platform admin naming themselves; then the tenant is gone', async () => {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteTenant/${tenant.tenant_id}/${admin.user_id}`,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.system
      .select()
      .from(tenants)
      .where(eq(tenants.tenant_id, tenant.tenant_id));
    expect(row).toMatchObject({ is_deleted: true, deleted_by: admin.user_id });
    const again = await t.app.inject({ method: 'GET', url: `${BASE}/getTenant/${tenant.tenant_id}` });
    expect(again.statusCode).toBe(404);
  });

  it('answers 400 for another user id, 403 to a tenant admin, 401 signed out, deleting nothing', async () => {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    const url = `${BASE}/deleteTenant/${tenant.tenant_id}/${admin.user_id}`;
    t.actAs(platformAdmin(admin.user_id));
    const wrongUser = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteTenant/${tenant.tenant_id}/${admin.user_id + 1}`,
    });
    expect(wrongUser.statusCode).toBe(400);
    expect(wrongUser.json().message).toBe('The user id in the path must be your own.');
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(403);
    t.actAs(null);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const live = await t.database.system
      .select()
      .from(tenants)
      .where(and(eq(tenants.tenant_id, tenant.tenant_id), eq(tenants.is_deleted, false)));
    expect(live).toHaveLength(1);
  });
});
