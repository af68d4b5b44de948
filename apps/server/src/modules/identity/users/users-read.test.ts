import { MESSAGES, TEMP_ROLE_ID, USER_MESSAGES } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../../test/factories';
import { makeApp, type TestApp } from '../../../test/make-app';
import { grant, liveRoles } from './test-helpers';

const BASE = '/operations/global-user/users';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, query?: Record<string, string>) => t.app.inject({ method: 'GET', url, query });
const put = (url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object });
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

describe('getUser/{id}', () => {
  it('returns the caller with roles, the active role and otpVerified, never a password hash', async () => {
    const me = await makeUser(t.database, {
      email_verified: true,
      password_hash: 'secret',
      active_role_id: 4,
    });
    await grant(t.database, me.user_id, 3);
    await grant(t.database, me.user_id, 4);
    t.actAs(member(me.user_id, null));
    const response = await get(`${BASE}/getUser/${me.user_id}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      user_id: me.user_id,
      username: me.username,
      otpVerified: true,
      enabled: true,
    });
    expect(data.roles.map((r: { role_id: number }) => r.role_id)).toEqual([3, 4]);
    expect(data.roles[0]).toMatchObject({
      role_id: 3,
      display_name: 'Investor',
      role_name: 'investor',
      role_view: 'user',
      tenant_id: null,
      isCustom: false,
    });
    expect(data.active_role.role_id).toBe(4);
    expect(response.body).not.toContain('secret');
    expect(data).not.toHaveProperty('password_hash');
  });

  it('answers no active role when the stored one is no longer held (the client picks by spec section 4)', async () => {
    const me = await makeUser(t.database, { active_role_id: 7 });
    await grant(t.database, me.user_id, 5);
    await grant(t.database, me.user_id, 6);
    t.actAs(member(me.user_id, null));
    const data = (await get(`${BASE}/getUser/${me.user_id}`)).json().data;
    expect(data.active_role).toBeNull();
    expect(data.roles.map((r: { role_id: number }) => r.role_id)).toEqual([5, 6]);
  });

  it('shows a role-less user with the temp role, without writing it', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const data = (await get(`${BASE}/getUser/${me.user_id}`)).json().data;
    expect(data.roles).toEqual([expect.objectContaining({ role_id: TEMP_ROLE_ID, display_name: 'Temp' })]);
    expect(data.active_role).toBeNull();
    expect(await liveRoles(t.database, me.user_id)).toEqual([]);
  });

  it("answers 'Failed to fetch temp role data' when the temp role is missing", async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    await t.database.db.update(roles).set({ is_deleted: true }).where(eq(roles.role_id, TEMP_ROLE_ID));
    try {
      const response = await get(`${BASE}/getUser/${me.user_id}`);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: MESSAGES.tempRoleMissing, code: 'INTERNAL_ERROR' });
      const create = await post(`${BASE}/createUser`, {});
      expect(create.statusCode).toBe(500);
      expect(create.json().message).toBe(MESSAGES.tempRoleMissing);
    } finally {
      await t.database.db.update(roles).set({ is_deleted: false }).where(eq(roles.role_id, TEMP_ROLE_ID));
    }
  });

  it('keeps only the requested fields and refuses columns outside the User view', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const response = await get(`${BASE}/getUser/${me.user_id}`, { fields: 'user_id,email,otpVerified' });
    expect(response.json().data).toEqual({ user_id: me.user_id, email: me.email, otpVerified: false });
    for (const fields of ['password_hash', 'parent_email', 'tnc_accepted_at']) {
      const refused = await get(`${BASE}/getUser/${me.user_id}`, { fields });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(`unknown column '${fields}'`);
    }
  });

  it('looks a user up by email when the id is not a number (spec section 5)', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const byQuery = await get(`${BASE}/getUser/undefined`, { email: me.email.toUpperCase() });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.json().data.user_id).toBe(me.user_id);
    const byFilter = await get(`${BASE}/getUser/x`, { filterFields: JSON.stringify({ email: me.email }) });
    expect(byFilter.json().data.user_id).toBe(me.user_id);
    const byPath = await get(`${BASE}/getUser/${encodeURIComponent(me.email)}`);
    expect(byPath.json().data.user_id).toBe(me.user_id);
    const badFilter = await get(`${BASE}/getUser/x`, { filterFields: JSON.stringify({ username: 'a' }) });
    expect(badFilter.statusCode).toBe(400);
  });

  it("answers 404 'User not found' for a missing user, by id or by email", async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    for (const [url, query] of [
      [`${BASE}/getUser/2147483000`, undefined],
      [`${BASE}/getUser/abc`, { email: 'nobody-here@example.test' }],
      [`${BASE}/getUser/abc`, undefined],
    ] as const) {
      const response = await get(url, query);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
    }
    const member1 = await makeUser(t.database);
    t.actAs(member(member1.user_id, null));
    expect((await get(`${BASE}/getUser/abc`)).json().message).toBe(MESSAGES.userNotFound);
  });

  it("refuses a member another user's record with 403, whether or not it exists", async () => {
    const me = await makeUser(t.database);
    const other = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    for (const response of [
      await get(`${BASE}/getUser/${other.user_id}`),
      await get(`${BASE}/getUser/2147483000`),
      await get(`${BASE}/getUser/x`, { email: other.email }),
      await get(`${BASE}/getUser/x`, { email: 'nobody-at-all@example.test' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(USER_MESSAGES.onlyOwnRecord);
    }
  });

  it('answers 401 when signed out', async () => {
    t.actAs(null);
    expect((await get(`${BASE}/getUser/1`)).statusCode).toBe(401);
    expect((await get(`${BASE}/getUser`)).statusCode).toBe(401);
    expect((await post(`${BASE}/createUser`, {})).statusCode).toBe(401);
    expect((await put(`${BASE}/updateUser/1`, { firstName: 'X' })).statusCode).toBe(401);
  });

  it("shows a tenant admin their tenant's members and hides everyone else behind a 404", async () => {
    const tenant = await makeTenant(t.database);
    const elsewhere = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    const inside = await makeUser(t.database);
    const outside = await makeUser(t.database);
    await grant(t.database, inside.user_id, 13, tenant.tenant_id);
    await grant(t.database, outside.user_id, 13, elsewhere.tenant_id);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const ok = await get(`${BASE}/getUser/${inside.user_id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.roles[0]).toMatchObject({ role_id: 13, tenant_id: tenant.tenant_id });
    const hidden = await get(`${BASE}/getUser/${outside.user_id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(MESSAGES.userNotFound);
    expect((await get(`${BASE}/getUser/x`, { email: outside.email })).statusCode).toBe(404);
  });
});

describe('getUser (list, through the factory)', () => {
  it('lists only the caller for a member and everyone for a platform admin', async () => {
    const me = await makeUser(t.database);
    await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const mine = await get(`${BASE}/getUser`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((u: { user_id: number }) => u.user_id)).toEqual([me.user_id]);
    expect(mine.json().data[0]).toMatchObject({ firstName: 'Test', otpVerified: false });
    t.actAs(platformAdmin(me.user_id));
    const all = await get(`${BASE}/getUser`, { limit: '1000' });
    expect(all.json().meta.total).toBeGreaterThan(1);
    const filtered = await get(`${BASE}/getUser`, { filterFields: JSON.stringify({ email: me.email }) });
    expect(filtered.json().data.map((u: { user_id: number }) => u.user_id)).toEqual([me.user_id]);
  });

  it('refuses password_hash, parent details and terms as field, filter, sort or search field', async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    for (const column of [
      'password_hash',
      'parent_email',
      'parent_name',
      'tnc_accepted_at',
      'is_platform_admin',
    ]) {
      const queries: Record<string, string>[] = [
        { fields: column },
        { filterFields: JSON.stringify({ [column]: { $null: false } }) },
        { sortField: column },
        { search: 'a', searchFields: JSON.stringify([column]) },
      ];
      for (const query of queries) {
        const response = await get(`${BASE}/getUser`, query);
        expect(response.statusCode, `${column} ${JSON.stringify(query)}`).toBe(400);
      }
    }
  });

  it('has no bulk verbs (spec: "no bulk")', async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const routes = t.app.routePolicies.filter((r) => r.url.startsWith(`${BASE}/`));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      `DELETE ${BASE}/deleteUser/:id/:user_id`,
      `GET ${BASE}/getUser`,
      `GET ${BASE}/getUser/:id`,
      `POST ${BASE}/createUser`,
      `PUT ${BASE}/updateUser/:id`,
    ]);
    expect((await post(`${BASE}/createMany`, [{}])).statusCode).toBe(404);
  });
});
