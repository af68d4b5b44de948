import { AUTH_COOKIE, AUTH_MESSAGES, MESSAGES, TEMP_ROLE_ID, USER_MESSAGES } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../auth/passwords';
import { users } from '../../../db/schema';
import { makeUser, member, platformAdmin } from '../../../test/factories';
import { makeApp, type TestApp } from '../../../test/make-app';
import { liveSessionCount, openSessions, userRow } from './test-helpers';

const BASE = '/operations/global-user/profile';
const PASSWORD = 'Correct-Horse-7';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
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

describe('PUT update', () => {
  it('updates the caller from top-level fields and attributes', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const response = await inject('PUT', `${BASE}/update`, {
      userId: me.user_id,
      username: `${me.username}_x`,
      attributes: { phone_number: '+1 555 0100', profile_image: '/uploads/me.png', age: 30 },
      modified_by: 4242,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      username: `${me.username}_x`,
      phone_number: '+1 555 0100',
      profile_image: '/uploads/me.png',
      age: 30,
    });
    expect((await userRow(t.database, me.user_id)).modified_by).toBe(me.user_id);
  });

  it("refuses another user's profile (403), bad attributes (400) and the signed-out (401)", async () => {
    const me = await makeUser(t.database);
    const other = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const foreign = await inject('PUT', `${BASE}/update`, { userId: other.user_id, attributes: { age: 3 } });
    expect(foreign.statusCode).toBe(403);
    const bad = await inject('PUT', `${BASE}/update`, {
      attributes: { profile_image: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('attributes.profile_image');
    const unknown = await inject('PUT', `${BASE}/update`, { attributes: { password_hash: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect((await inject('PUT', `${BASE}/update`, { userId: me.user_id })).statusCode).toBe(400);
    t.actAs(null);
    expect((await inject('PUT', `${BASE}/update`, { attributes: { age: 3 } })).statusCode).toBe(401);
    expect(await userRow(t.database, other.user_id)).toMatchObject({ age: null });
  });

  it("lets a platform admin update someone's profile", async () => {
    const admin = await makeUser(t.database);
    const other = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const response = await inject('PUT', `${BASE}/update`, { userId: other.user_id, firstName: 'Renamed' });
    expect(response.json().data.firstName).toBe('Renamed');
    expect((await userRow(t.database, other.user_id)).modified_by).toBe(admin.user_id);
  });
});

describe('POST createUser and createMany', () => {
  it('creates an account with an argon2id hash and the temp role (platform admin)', async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const response = await inject('POST', `${BASE}/createUser`, {
      username: 'profile_made',
      email: 'profile.made@example.test',
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data.roles.map((r: { role_id: number }) => r.role_id)).toEqual([TEMP_ROLE_ID]);
    const row = await userRow(t.database, data.user_id);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row.password_hash, PASSWORD)).toBe(true);
    expect(response.body).not.toContain('argon2');
  });

  it('refuses a member (403) and a weak password (400), writing nothing', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const body = { username: 'not_made', email: 'not.made@example.test' };
    expect((await inject('POST', `${BASE}/createUser`, body)).statusCode).toBe(403);
    expect((await inject('POST', `${BASE}/createMany`, [body])).statusCode).toBe(403);
    t.actAs(platformAdmin(me.user_id));
    const weak = await inject('POST', `${BASE}/createUser`, { ...body, password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0].path).toBe('password');
    expect(await t.database.db.select().from(users).where(eq(users.username, 'not_made'))).toEqual([]);
  });

  it('creates many all or none: a taken email in the last item rolls back the others', async () => {
    const admin = await makeUser(t.database);
    const existing = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const response = await inject('POST', `${BASE}/createMany`, [
      { username: 'batch_one', email: 'batch.one@example.test' },
      { username: 'batch_two', email: existing.email },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json().details[0].path).toBe('1.email');
    expect(await t.database.db.select().from(users).where(eq(users.username, 'batch_one'))).toEqual([]);
    const ok = await inject('POST', `${BASE}/createMany`, [
      { username: 'batch_one', email: 'batch.one@example.test' },
      { username: 'batch_two', email: 'batch.two@example.test', roles: [3] },
    ]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.map((u: { active_role: { role_id: number } }) => u.active_role.role_id)).toEqual([
      TEMP_ROLE_ID,
      3,
    ]);
  });
});

describe('PUT update-password', () => {
  async function signIn(username: string, password: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username, password },
    });
    expect(response.statusCode).toBe(200);
    return response.cookies.find((c) => c.name === AUTH_COOKIE)!.value;
  }

  it('changes the password with the old one and ends the other sessions, keeping this one', async () => {
    const me = await makeUser(t.database, { password_hash: await hashPassword(PASSWORD) });
    t.actAs(null);
    const here = await signIn(me.username, PASSWORD);
    await signIn(me.username, PASSWORD);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/update-password`,
      cookies: { [AUTH_COOKIE]: here },
      payload: { old_password: PASSWORD, new_password: 'Another-Horse-8' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ message: AUTH_MESSAGES.passwordChanged, sessions_ended: 1 });
    expect(await liveSessionCount(t.database, me.user_id)).toBe(1);
    const still = await t.app.inject({
      method: 'GET',
      url: '/auth/profile',
      cookies: { [AUTH_COOKIE]: here },
    });
    expect(still.statusCode).toBe(200);
    expect(
      await verifyPassword((await userRow(t.database, me.user_id)).password_hash, 'Another-Horse-8'),
    ).toBe(true);
  });

  it('refuses a wrong old password and a weak or unchanged new one (400), and the signed-out (401)', async () => {
    const me = await makeUser(t.database, { password_hash: await hashPassword(PASSWORD) });
    const before = (await userRow(t.database, me.user_id)).password_hash;
    t.actAs(member(me.user_id, null));
    const wrong = await inject('PUT', `${BASE}/update-password`, {
      old_password: 'Not-The-One-1',
      new_password: 'Another-Horse-8',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: AUTH_MESSAGES.passwordWrong,
      details: [{ path: 'old_password' }],
    });
    for (const payload of [
      { old_password: PASSWORD, new_password: 'short' },
      { old_password: PASSWORD, new_password: PASSWORD },
      { new_password: 'Another-Horse-8' },
    ]) {
      expect((await inject('PUT', `${BASE}/update-password`, payload)).statusCode).toBe(400);
    }
    expect((await userRow(t.database, me.user_id)).password_hash).toBe(before);
    t.actAs(null);
    const out = await inject('PUT', `${BASE}/update-password`, {
      old_password: PASSWORD,
      new_password: 'X-y-z-12345',
    });
    expect(out.statusCode).toBe(401);
  });
});

describe('PUT users/{username}/disable', () => {
  it('disables the user and ends all their sessions (platform admin, empty body)', async () => {
    const admin = await makeUser(t.database);
    const person = await makeUser(t.database);
    await openSessions(t.database, person.user_id, 3);
    t.actAs(platformAdmin(admin.user_id));
    const response = await t.app.inject({ method: 'PUT', url: `${BASE}/users/${person.username}/disable` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      user_id: person.user_id,
      username: person.username,
      enabled: false,
      sessions_ended: 3,
    });
    expect(await liveSessionCount(t.database, person.user_id)).toBe(0);
    expect(await userRow(t.database, person.user_id)).toMatchObject({
      enabled: false,
      modified_by: admin.user_id,
    });
    const withEmptyObject = await inject('PUT', `${BASE}/users/${person.username}/disable`, {});
    expect(withEmptyObject.statusCode).toBe(200);
    const withBody = await inject('PUT', `${BASE}/users/${person.username}/disable`, { enabled: true });
    expect(withBody.statusCode).toBe(400);
  });

  it("answers 'Username is required to disable a user.' without a username", async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    for (const url of [`${BASE}/users//disable`, `${BASE}/users/%20/disable`]) {
      const response = await t.app.inject({ method: 'PUT', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(MESSAGES.usernameRequiredToDisable);
    }
  });

  it("answers 404 'User not found' for an unknown username and refuses disabling oneself", async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const missing = await t.app.inject({ method: 'PUT', url: `${BASE}/users/nobody_by_this_name/disable` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.userNotFound);
    const own = await t.app.inject({ method: 'PUT', url: `${BASE}/users/${admin.username}/disable` });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(USER_MESSAGES.notOwnDisable);
  });

  it('refuses a member (403) and the signed-out (401)', async () => {
    const me = await makeUser(t.database);
    const other = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const url = `${BASE}/users/${other.username}/disable`;
    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(403);
    t.actAs(null);
    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(401);
    expect((await userRow(t.database, other.user_id)).enabled).toBe(true);
  });
});

describe('GET getUser and getAll', () => {
  it('returns the caller, or a user by id, email or username for an admin', async () => {
    const me = await makeUser(t.database);
    const other = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const own = await inject('GET', `${BASE}/getUser`);
    expect(own.json().data).toMatchObject({ user_id: me.user_id, roles: [{ role_id: TEMP_ROLE_ID }] });
    expect((await inject('GET', `${BASE}/getUser`, undefined, { email: me.email })).statusCode).toBe(200);
    expect((await inject('GET', `${BASE}/getUser`, undefined, { username: other.username })).statusCode).toBe(
      403,
    );
    expect((await inject('GET', `${BASE}/getUser`, undefined, { user_id: 'abc' })).statusCode).toBe(400);
    t.actAs(platformAdmin(me.user_id));
    const byName = await inject('GET', `${BASE}/getUser`, undefined, { username: other.username });
    expect(byName.json().data.user_id).toBe(other.user_id);
    const missing = await inject('GET', `${BASE}/getUser`, undefined, { email: 'gone-away@example.test' });
    expect(missing.statusCode).toBe(404);
    t.actAs(null);
    expect((await inject('GET', `${BASE}/getUser`)).statusCode).toBe(401);
  });

  it('lists users by the generic list pattern for a platform admin only', async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const response = await inject('GET', `${BASE}/getAll`, undefined, {
      limit: '2',
      fields: 'user_id,username',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toMatchObject({ page: 1, limit: 2 });
    expect(Object.keys(response.json().data[0]).sort()).toEqual(['user_id', 'username']);
    expect((await inject('GET', `${BASE}/getAll`, undefined, { fields: 'password_hash' })).statusCode).toBe(
      400,
    );
    t.actAs(member(admin.user_id, null));
    expect((await inject('GET', `${BASE}/getAll`)).statusCode).toBe(403);
  });
});
