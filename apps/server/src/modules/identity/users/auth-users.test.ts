import { randomBytes } from 'node:crypto';
import { MESSAGES, TEMP_ROLE_ID, USER_MESSAGES } from '@nexus/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../auth/passwords';
import { users } from '../../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../../test/factories';
import { makeApp, type TestApp } from '../../../test/make-app';
import { grant, liveRoles, liveSessionCount, openSessions, userRow } from './test-helpers';

const BASE = '/api/auth';
const PASSWORD = 'Correct-Horse-7';
let t: TestApp;
let adminId: number;

beforeAll(async () => {
  t = await makeApp();
  adminId = (await makeUser(t.database)).user_id;
});
afterAll(async () => {
  await t?.close();
});

const inject = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  query?: Record<string, string>,
) => t.app.inject({ method, url, payload: payload as object | undefined, query });
const asAdmin = () => t.actAs(platformAdmin(adminId));
const token = () => randomBytes(4).toString('hex');

describe('every admin call refuses members and the signed-out', () => {
  it.each([
    ['POST', 'createAuthUser', { username: 'x_user', email: 'x@example.test' }],
    ['PUT', 'updateAuthUser/1', { firstName: 'X' }],
    ['GET', 'searchUsers', undefined],
    ['POST', 'createMany', [{ username: 'x_user', email: 'x@example.test' }]],
    ['POST', 'updateMany', [{ user_id: 1, firstName: 'X' }]],
    ['PUT', 'deleteMany', { user_ids: [1] }],
  ] as const)('%s %s: 403 for a member or a tenant admin, 401 signed out', async (method, path, payload) => {
    const me = await makeUser(t.database);
    const tenant = await makeTenant(t.database);
    t.actAs(member(me.user_id, null));
    expect((await inject(method, `${BASE}/${path}`, payload)).statusCode).toBe(403);
    t.actAs(tenantAdmin(me.user_id, tenant.tenant_id));
    expect((await inject(method, `${BASE}/${path}`, payload)).statusCode).toBe(403);
    t.actAs(null);
    expect((await inject(method, `${BASE}/${path}`, payload)).statusCode).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'x_user'))).toEqual([]);
  });
});

describe('POST createAuthUser', () => {
  it('creates an account with a hashed password, stamped by the admin, with the temp role', async () => {
    asAdmin();
    const name = `auth_${token()}`;
    const response = await inject('POST', `${BASE}/createAuthUser`, {
      username: name,
      email: `${name}@example.test`,
      firstName: 'Made',
      password: PASSWORD,
      created_by: 99999,
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      username: name,
      otpVerified: false,
      active_role: { role_id: TEMP_ROLE_ID },
    });
    const row = await userRow(t.database, data.user_id);
    expect(row).toMatchObject({ created_by: adminId, modified_by: adminId });
    expect(await verifyPassword(row.password_hash, PASSWORD)).toBe(true);
  });

  it('creates an account without a password, with given roles and a verified address', async () => {
    asAdmin();
    const name = `auth_${token()}`;
    const response = await inject('POST', `${BASE}/createAuthUser`, {
      username: name,
      email: `${name}@example.test`,
      roles: [3, 4],
      active_role: 4,
      otpVerified: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ otpVerified: true, active_role: { role_id: 4 } });
    expect((await userRow(t.database, response.json().data.user_id)).password_hash).toBeNull();
    expect((await liveRoles(t.database, response.json().data.user_id)).map((r) => r.role_id)).toEqual([3, 4]);
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    asAdmin();
    const name = `auth_${token()}`;
    for (const [payload, path] of [
      [{ username: name, email: 'nope' }, 'email'],
      [{ username: name, email: `${name}@example.test`, password: 'password1' }, 'password'],
      [{ username: 'a', email: `${name}@example.test` }, 'username'],
      [{ email: `${name}@example.test` }, 'username'],
      [{ username: name, email: `${name}@example.test`, roles: [123456] }, 'roles.0.role_id'],
      [{ username: name, email: `${name}@example.test`, roles: [3], active_role: 5 }, 'active_role'],
      [{ username: name, email: `${name}@example.test`, is_platform_admin: true }, ''],
    ] as const) {
      const response = await inject('POST', `${BASE}/createAuthUser`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details[0].path).toBe(path);
    }
    expect(await t.database.db.select().from(users).where(eq(users.username, name))).toEqual([]);
  });
});

describe('PUT updateAuthUser/{id}', () => {
  it('sets a new password and ends the sessions of the user', async () => {
    asAdmin();
    const person = await makeUser(t.database);
    await openSessions(t.database, person.user_id, 2);
    const response = await inject('PUT', `${BASE}/updateAuthUser/${person.user_id}`, {
      password: 'Brand-New-Pass-9',
      roll_number: 'R-17',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.roll_number).toBe('R-17');
    expect(await liveSessionCount(t.database, person.user_id)).toBe(0);
    const row = await userRow(t.database, person.user_id);
    expect(await verifyPassword(row.password_hash, 'Brand-New-Pass-9')).toBe(true);
    expect(row.modified_by).toBe(adminId);
  });

  it('disables a user, ending their sessions; 404 for a missing user; 400 for bad input', async () => {
    asAdmin();
    const person = await makeUser(t.database);
    await openSessions(t.database, person.user_id, 1);
    const response = await inject('PUT', `${BASE}/updateAuthUser/${person.user_id}`, { enabled: false });
    expect(response.json().data.enabled).toBe(false);
    expect(await liveSessionCount(t.database, person.user_id)).toBe(0);
    const missing = await inject('PUT', `${BASE}/updateAuthUser/2147483000`, { enabled: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.userNotFound);
    expect((await inject('PUT', `${BASE}/updateAuthUser/${person.user_id}`, {})).statusCode).toBe(400);
    expect((await inject('PUT', `${BASE}/updateAuthUser/x`, { enabled: true })).statusCode).toBe(400);
  });
});

describe('GET searchUsers', () => {
  it('pages server-side with page 1 and limit 10 by default', async () => {
    asAdmin();
    const tag = token();
    for (let i = 0; i < 12; i++)
      await makeUser(t.database, { username: `srch_${tag}_${i}`, email: `s${i}.${tag}@example.test` });
    const first = await inject('GET', `${BASE}/searchUsers`, undefined, { search: tag });
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(first.json().data).toHaveLength(10);
    expect(first.json().data[0].roles).toEqual([expect.objectContaining({ role_id: TEMP_ROLE_ID })]);
    const second = await inject('GET', `${BASE}/searchUsers`, undefined, {
      search: tag,
      page: '2',
      sortField: 'username',
      sortOrder: 'asc',
    });
    expect(second.json().data.map((u: { username: string }) => u.username)).toEqual([
      `srch_${tag}_8`,
      `srch_${tag}_9`,
    ]);
  });

  it('filters by comma lists of roles and tenants, enabled and otpVerified, and searches names', async () => {
    asAdmin();
    const tag = token();
    const tenant = await makeTenant(t.database);
    const investor = await makeUser(t.database, { username: `flt_${tag}_a`, last_name: `Zed${tag}` });
    const founder = await makeUser(t.database, { username: `flt_${tag}_b`, email_verified: true });
    const off = await makeUser(t.database, { username: `flt_${tag}_c`, enabled: false });
    await grant(t.database, investor.user_id, 3);
    await grant(t.database, founder.user_id, 4, tenant.tenant_id);
    await grant(t.database, off.user_id, 4);
    const ids = async (query: Record<string, string>) =>
      (
        await inject('GET', `${BASE}/searchUsers`, undefined, {
          search: `flt_${tag}`,
          sortOrder: 'asc',
          ...query,
        })
      )
        .json()
        .data.map((u: { user_id: number }) => u.user_id);
    expect(await ids({ role_ids: '3,4' })).toEqual([investor.user_id, founder.user_id, off.user_id]);
    expect(await ids({ role_ids: '4', tenant_ids: String(tenant.tenant_id) })).toEqual([founder.user_id]);
    expect(await ids({ enabled: 'true' })).toEqual([investor.user_id, founder.user_id]);
    expect(await ids({ otpVerified: 'true' })).toEqual([founder.user_id]);
    const byName = await inject('GET', `${BASE}/searchUsers`, undefined, { search: `test zed${tag}` });
    expect(byName.json().data.map((u: { user_id: number }) => u.user_id)).toEqual([investor.user_id]);
  });

  it('refuses bad queries with 400 naming the parameter', async () => {
    asAdmin();
    for (const [query, path] of [
      [{ limit: '0' }, 'limit'],
      [{ limit: '101' }, 'limit'],
      [{ page: 'x' }, 'page'],
      [{ role_ids: '3,abc' }, 'role_ids.1'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ sortField: 'password_hash' }, 'sortField'],
      [{ password_hash: 'x' }, ''],
    ] as const) {
      const response = await inject('GET', `${BASE}/searchUsers`, undefined, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().details[0].path).toBe(path);
    }
  });
});

describe('POST createMany and updateMany', () => {
  it('creates many, all or none', async () => {
    asAdmin();
    const tag = token();
    const bad = await inject('POST', `${BASE}/createMany`, [
      { username: `many_${tag}_1`, email: `m1.${tag}@example.test` },
      { username: `many_${tag}_2`, email: `m1.${tag}@example.test` },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('1.email');
    expect(
      await t.database.db
        .select()
        .from(users)
        .where(like(users.username, `many_${tag}%`)),
    ).toEqual([]);
    const ok = await inject('POST', `${BASE}/createMany`, [
      { username: `many_${tag}_1`, email: `m1.${tag}@example.test`, password: PASSWORD },
      { username: `many_${tag}_2`, email: `m2.${tag}@example.test` },
    ]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toHaveLength(2);
  });

  it('updates many, all or none: a missing user rolls back the earlier items', async () => {
    asAdmin();
    const a = await makeUser(t.database);
    const b = await makeUser(t.database);
    const bad = await inject('POST', `${BASE}/updateMany`, [
      { user_id: a.user_id, firstName: 'Changed' },
      { user_id: 2147483000, firstName: 'Ghost' },
    ]);
    expect(bad.statusCode).toBe(404);
    expect((await userRow(t.database, a.user_id)).first_name).toBe('Test');
    const invalid = await inject('POST', `${BASE}/updateMany`, [
      { user_id: a.user_id, roles: [3], active_role: 9 },
    ]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details[0].path).toBe('0.active_role');
    expect(await liveRoles(t.database, a.user_id)).toEqual([]);
    const ok = await inject('POST', `${BASE}/updateMany`, [
      { user_id: a.user_id, firstName: 'Alpha', modified_by: 5 },
      { user_id: b.user_id, roles: [3], enabled: false },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(
      ok.json().data.map((u: { firstName: string; enabled: boolean }) => [u.firstName, u.enabled]),
    ).toEqual([
      ['Alpha', true],
      ['Test', false],
    ]);
    expect((await userRow(t.database, a.user_id)).modified_by).toBe(adminId);
  });
});

describe('PUT deleteMany', () => {
  it('soft-deletes every listed user and ends their sessions', async () => {
    asAdmin();
    const a = await makeUser(t.database);
    const b = await makeUser(t.database);
    await openSessions(t.database, a.user_id, 2);
    const response = await inject('PUT', `${BASE}/deleteMany`, {
      user_ids: [a.user_id, b.user_id],
      deleted_by: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(await userRow(t.database, a.user_id)).toMatchObject({ is_deleted: true, deleted_by: adminId });
    expect((await userRow(t.database, b.user_id)).is_deleted).toBe(true);
    expect(await liveSessionCount(t.database, a.user_id)).toBe(0);
  });

  it('deletes nothing when one id is missing (404), refuses the caller’s own id and bad bodies (400)', async () => {
    asAdmin();
    const a = await makeUser(t.database);
    await openSessions(t.database, a.user_id, 1);
    const missing = await inject('PUT', `${BASE}/deleteMany`, { user_ids: [a.user_id, 2147483000] });
    expect(missing.statusCode).toBe(404);
    expect((await userRow(t.database, a.user_id)).is_deleted).toBe(false);
    expect(await liveSessionCount(t.database, a.user_id)).toBe(1);
    const own = await inject('PUT', `${BASE}/deleteMany`, { user_ids: [a.user_id, adminId] });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(USER_MESSAGES.notOwnDelete);
    for (const payload of [{ user_ids: [] }, { user_ids: ['x'] }, { ids: [a.user_id] }]) {
      expect((await inject('PUT', `${BASE}/deleteMany`, payload)).statusCode).toBe(400);
    }
    expect((await userRow(t.database, a.user_id)).is_deleted).toBe(false);
  });
});

describe('GET isOtpVerified/{user_id}', () => {
  it('answers the email-verified flag to the user themselves and to a platform admin', async () => {
    const me = await makeUser(t.database, { email_verified: true });
    t.actAs(member(me.user_id, null));
    const own = await inject('GET', `${BASE}/isOtpVerified/${me.user_id}`);
    expect(own.json()).toEqual({ data: { user_id: me.user_id, otpVerified: true } });
    const other = await makeUser(t.database);
    expect((await inject('GET', `${BASE}/isOtpVerified/${other.user_id}`)).statusCode).toBe(403);
    asAdmin();
    expect((await inject('GET', `${BASE}/isOtpVerified/${other.user_id}`)).json().data.otpVerified).toBe(
      false,
    );
    const missing = await inject('GET', `${BASE}/isOtpVerified/2147483000`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.userNotFound);
    expect((await inject('GET', `${BASE}/isOtpVerified/abc`)).statusCode).toBe(400);
    t.actAs(null);
    expect((await inject('GET', `${BASE}/isOtpVerified/${me.user_id}`)).statusCode).toBe(401);
  });
});
