import { TEMP_ROLE_ID, USER_MESSAGES } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../../test/factories';
import { makeApp, type TestApp } from '../../../test/make-app';
import { grant, liveRoles, userRow } from './test-helpers';

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

describe('deleteUser/{id}/{user_id}', () => {
  it('soft-deletes for a platform admin whose id is in the path, and the user is gone after', async () => {
    const admin = await makeUser(t.database);
    const victim = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteUser/${victim.user_id}/${victim.user_id}`,
    });
    expect(wrong.statusCode).toBe(403);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteUser/${victim.user_id}/${admin.user_id}`,
    });
    expect(response.statusCode).toBe(200);
    const row = await userRow(t.database, victim.user_id);
    expect(row).toMatchObject({ is_deleted: true, deleted_by: admin.user_id });
    expect((await get(`${BASE}/getUser/${victim.user_id}`)).statusCode).toBe(404);
  });

  it('refuses a member (403) and a signed-out caller (401)', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const url = `${BASE}/deleteUser/${me.user_id}/${me.user_id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(403);
    t.actAs(null);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await userRow(t.database, me.user_id)).is_deleted).toBe(false);
  });
});

describe('createUser', () => {
  it('ensures the caller’s own record: temp role and registration redirect, idempotently', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const payload = {
      username: me.username,
      email: me.email,
      roles: [{ role_id: TEMP_ROLE_ID, display_name: 'Temp' }],
      registration_redirect: '/registration/investor',
      created_by: 999,
    };
    const first = await post(`${BASE}/createUser`, payload);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      user_id: me.user_id,
      registration_redirect: '/registration/investor',
      active_role: { role_id: TEMP_ROLE_ID },
    });
    const second = await post(`${BASE}/createUser`, payload);
    expect(second.statusCode).toBe(200);
    expect(await liveRoles(t.database, me.user_id)).toEqual([{ role_id: TEMP_ROLE_ID, tenant_id: null }]);
    const row = await userRow(t.database, me.user_id);
    expect(row).toMatchObject({ active_role_id: TEMP_ROLE_ID, modified_by: me.user_id });
  });

  it('does not add temp to a user who already holds a role', async () => {
    const me = await makeUser(t.database);
    await grant(t.database, me.user_id, 3);
    t.actAs(member(me.user_id, null));
    expect((await post(`${BASE}/createUser`, {})).statusCode).toBe(200);
    expect(await liveRoles(t.database, me.user_id)).toEqual([{ role_id: 3, tenant_id: null }]);
  });

  it('refuses a member another person’s record or a real role (403), nothing written', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const other = await post(`${BASE}/createUser`, {
      username: 'someone_new',
      email: 'someone-new@example.test',
    });
    expect(other.statusCode).toBe(403);
    const role = await post(`${BASE}/createUser`, { roles: [3] });
    expect(role.statusCode).toBe(403);
    expect(await liveRoles(t.database, me.user_id)).toEqual([]);
    const [created] = await t.database.db.select().from(users).where(eq(users.username, 'someone_new'));
    expect(created).toBeUndefined();
  });

  it('refuses bad input with 400 naming the field and writes nothing', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const response = await post(`${BASE}/createUser`, { registration_redirect: '//evil.example/x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('registration_redirect');
    const unknown = await post(`${BASE}/createUser`, { password_hash: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect((await userRow(t.database, me.user_id)).registration_redirect).toBeNull();
  });

  it('lets a platform admin create someone else (201, temp role) and answers 409 for a taken email', async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const response = await post(`${BASE}/createUser`, {
      username: 'fresh_person',
      email: 'Fresh.Person@example.test',
      firstName: 'Fresh',
      created_by: 1,
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      email: 'fresh.person@example.test',
      active_role: { role_id: TEMP_ROLE_ID },
    });
    expect(await userRow(t.database, data.user_id)).toMatchObject({
      created_by: admin.user_id,
      password_hash: null,
    });
    const again = await post(`${BASE}/createUser`, {
      username: 'fresh_person2',
      email: 'fresh.person@example.test',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().details[0].path).toBe('email');
    const noName = await post(`${BASE}/createUser`, { email: 'no-username@example.test' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().details[0].path).toBe('username');
  });
});

describe('updateUser/{id}', () => {
  it('lets a person change their own profile fields and active role; stamps come from the caller', async () => {
    const me = await makeUser(t.database, { email_verified: true });
    await grant(t.database, me.user_id, 3);
    await grant(t.database, me.user_id, 4);
    t.actAs(member(me.user_id, null));
    const response = await put(`${BASE}/updateUser/${me.user_id}`, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone_number: '+44 20 7946 0958',
      gender: 'female',
      age: 36,
      active_role: { role_id: 4, display_name: 'Entrepreneur' },
      display_name: 'Entrepreneur',
      modified_by: 12345,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      age: 36,
      active_role: { role_id: 4 },
      otpVerified: true,
    });
    expect((await userRow(t.database, me.user_id)).modified_by).toBe(me.user_id);
  });

  it('sends a member to the verified email change, marks an admin-set email unverified, and answers 409 for a taken username', async () => {
    const me = await makeUser(t.database, { email_verified: true });
    const other = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const refused = await put(`${BASE}/updateUser/${me.user_id}`, { email: `New-${me.email}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(USER_MESSAGES.emailNeedsCode);
    t.actAs(platformAdmin(other.user_id));
    const changed = await put(`${BASE}/updateUser/${me.user_id}`, { email: `New-${me.email}` });
    expect(changed.json().data).toMatchObject({ email: `new-${me.email}`, otpVerified: false });
    t.actAs(member(me.user_id, null));
    const taken = await put(`${BASE}/updateUser/${me.user_id}`, { username: other.username, firstName: 'Z' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].path).toBe('username');
    expect((await userRow(t.database, me.user_id)).first_name).toBe('Test');
  });

  it('refuses an active role the person does not hold (400, nothing written)', async () => {
    const me = await makeUser(t.database);
    await grant(t.database, me.user_id, 3);
    t.actAs(member(me.user_id, null));
    const response = await put(`${BASE}/updateUser/${me.user_id}`, { active_role: 1, firstName: 'Changed' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: `active_role: ${USER_MESSAGES.roleNotHeld}`,
      details: [{ path: 'active_role' }],
    });
    expect(await userRow(t.database, me.user_id)).toMatchObject({ active_role_id: null, first_name: 'Test' });
  });

  it('refuses roles, enabled and roll_number from a non-admin, and bad or empty bodies', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const roles403 = await put(`${BASE}/updateUser/${me.user_id}`, { roles: [1], enabled: true });
    expect(roles403.statusCode).toBe(403);
    expect(roles403.json().details.map((d: { path: string }) => d.path)).toEqual(['roles', 'enabled']);
    for (const payload of [{}, { created_by: 3 }, { age: -1 }, { email: 'not-an-email' }, { nope: 1 }]) {
      const response = await put(`${BASE}/updateUser/${me.user_id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await put(`${BASE}/updateUser/abc`, { firstName: 'A' })).statusCode).toBe(400);
    expect(await liveRoles(t.database, me.user_id)).toEqual([]);
  });

  it("refuses a member another user's record with 403", async () => {
    const me = await makeUser(t.database);
    const other = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const response = await put(`${BASE}/updateUser/${other.user_id}`, { firstName: 'Mallory' });
    expect(response.statusCode).toBe(403);
    expect((await userRow(t.database, other.user_id)).first_name).toBe('Test');
  });

  it('lets a platform admin replace roles in the context and disable the user', async () => {
    const admin = await makeUser(t.database);
    const tenant = await makeTenant(t.database);
    const person = await makeUser(t.database);
    await grant(t.database, person.user_id, TEMP_ROLE_ID);
    await grant(t.database, person.user_id, 13, tenant.tenant_id);
    t.actAs(platformAdmin(admin.user_id));
    const response = await put(`${BASE}/updateUser/${person.user_id}`, {
      roles: [3, { role_id: 4, display_name: 'Entrepreneur' }],
      active_role: 4,
      enabled: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ enabled: false, active_role: { role_id: 4 } });
    // The tenant role is outside the main-platform context the admin is in, so it stays.
    expect(await liveRoles(t.database, person.user_id)).toEqual([
      { role_id: 13, tenant_id: tenant.tenant_id },
      { role_id: 3, tenant_id: null },
      { role_id: 4, tenant_id: null },
    ]);
    const back = await put(`${BASE}/updateUser/${person.user_id}`, { roles: [TEMP_ROLE_ID, 3] });
    expect(back.statusCode).toBe(200);
    // A re-granted role is revived in its old row, so it keeps its old place among the roles.
    expect((await liveRoles(t.database, person.user_id)).map((r) => r.role_id)).toEqual([
      TEMP_ROLE_ID,
      13,
      3,
    ]);
    const unknown = await put(`${BASE}/updateUser/${person.user_id}`, { roles: [3, 987654] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].path).toBe('roles.1.role_id');
  });

  it("lets a tenant admin set roles inside their tenant only, never the platform's admin role", async () => {
    const tenant = await makeTenant(t.database);
    const other = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    const inside = await makeUser(t.database);
    const outside = await makeUser(t.database);
    await grant(t.database, inside.user_id, 13, tenant.tenant_id);
    await grant(t.database, inside.user_id, 3);
    await grant(t.database, outside.user_id, 13, other.tenant_id);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const ok = await put(`${BASE}/updateUser/${inside.user_id}`, { roles: [14, 15] });
    expect(ok.statusCode).toBe(200);
    expect(await liveRoles(t.database, inside.user_id)).toEqual([
      { role_id: 3, tenant_id: null },
      { role_id: 14, tenant_id: tenant.tenant_id },
      { role_id: 15, tenant_id: tenant.tenant_id },
    ]);
    expect((await put(`${BASE}/updateUser/${inside.user_id}`, { roles: [1] })).statusCode).toBe(403);
    const mainRole = await put(`${BASE}/updateUser/${inside.user_id}`, {
      roles: [{ role_id: 3, tenant_id: null }],
    });
    expect(mainRole.statusCode).toBe(403);
    expect((await put(`${BASE}/updateUser/${inside.user_id}`, { firstName: 'X' })).statusCode).toBe(403);
    expect((await put(`${BASE}/updateUser/${inside.user_id}`, { enabled: false })).statusCode).toBe(403);
    expect((await put(`${BASE}/updateUser/${outside.user_id}`, { roles: [14] })).statusCode).toBe(404);
    expect(await liveRoles(t.database, outside.user_id)).toEqual([
      { role_id: 13, tenant_id: other.tenant_id },
    ]);
  });

  it('refuses disabling oneself', async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const response = await put(`${BASE}/updateUser/${admin.user_id}`, { enabled: false });
    expect(response.statusCode).toBe(400);
    expect((await userRow(t.database, admin.user_id)).enabled).toBe(true);
  });
});
