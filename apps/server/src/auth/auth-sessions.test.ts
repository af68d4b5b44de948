import { AUTH_COOKIE, AUTH_MESSAGES } from '@nexus/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { makeApp, type TestApp } from '../test/make-app';
import { authHelpers } from './auth-flow.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());
const { fresh, ipFor, signupBody, post, cookieOf, lastCode, profile, userWithPassword } = authHelpers(
  () => t,
);

describe('passwords and sessions', () => {
  it('resets a forgotten password with a mailed code and ends every session', async () => {
    const { user, password } = await userWithPassword();
    const signedIn = cookieOf(
      await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() }),
    )!;
    const asked = await post('/api/auth/generateOtp', { email: user.email, type: 'reset' }, { ip: ipFor() });
    const unknown = await post(
      '/api/auth/generateOtp',
      { email: `${fresh()}@example.test`, type: 'reset' },
      { ip: ipFor() },
    );
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual(unknown.json());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const code = await lastCode(user.email);
    const reset = await post(
      '/api/auth/updatePassword',
      { email: user.email, otp: code, new_password: 'a brand new phrase' },
      { ip: ipFor() },
    );
    expect(reset.statusCode).toBe(200);
    expect((await profile(signedIn)).statusCode).toBe(401);
    expect(
      (
        await post(
          '/api/auth/signin',
          { username: user.username, password: 'a brand new phrase' },
          { ip: ipFor() },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('changes a password with the old one and ends the other sessions only', async () => {
    const { user, password } = await userWithPassword();
    const here = cookieOf(
      await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() }),
    )!;
    const there = cookieOf(
      await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() }),
    )!;
    const wrong = await post(
      '/api/auth/updatePassword',
      { email: user.email, old_password: 'nope nope', new_password: 'another fine phrase' },
      { cookie: here, ip: ipFor() },
    );
    expect(wrong.statusCode).toBe(400);
    const changed = await post(
      '/api/auth/updatePassword',
      { email: user.email, old_password: password, new_password: 'another fine phrase' },
      { cookie: here, ip: ipFor() },
    );
    expect(changed.statusCode).toBe(200);
    expect((await profile(here)).statusCode).toBe(200);
    expect((await profile(there)).statusCode).toBe(401);
    const signedOut = await post(
      '/api/auth/updatePassword',
      { email: user.email, old_password: password, new_password: 'yet another phrase' },
      { ip: ipFor() },
    );
    expect(signedOut.statusCode).toBe(401);
  });

  it('ends the sessions of a disabled user', async () => {
    const { user, password } = await userWithPassword();
    const cookie = cookieOf(
      await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() }),
    )!;
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.user_id, user.user_id));
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it('honours bearer tokens until the session ends, and refreshes them', async () => {
    const { user, password } = await userWithPassword();
    const signin = await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() });
    const { access_token, refresh_token } = signin.json().data;
    expect((await profile(undefined, access_token)).statusCode).toBe(200);
    expect((await profile(undefined, `${access_token}x`)).statusCode).toBe(401);
    const refreshed = await post('/api/auth/refreshToken', { refresh_token });
    expect(refreshed.statusCode).toBe(200);
    expect((await profile(undefined, refreshed.json().data.access_token)).statusCode).toBe(200);
    await post('/api/auth/signout', {}, { cookie: refresh_token });
    expect((await profile(undefined, access_token)).statusCode).toBe(401);
  });

  it('extends a session on /auth/refresh and ends it on /auth/logout', async () => {
    const { user, password } = await userWithPassword();
    const cookie = cookieOf(
      await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() }),
    )!;
    await t.database.db
      .update(sessions)
      .set({ idle_expires_at: sql`now() + interval '1 minute'` })
      .where(eq(sessions.user_id, user.user_id));
    const refreshed = await post('/auth/refresh', {}, { cookie });
    expect(refreshed.statusCode).toBe(200);
    expect(new Date(refreshed.json().data.idle_expires_at).getTime()).toBeGreaterThan(Date.now() + 3600_000);
    expect((await post('/auth/refresh', {})).statusCode).toBe(401);
    const out = await post('/auth/logout', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it('signs out other sessions and erases an account on request', async () => {
    const { user, password } = await userWithPassword();
    const a = cookieOf(
      await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() }),
    )!;
    const b = cookieOf(
      await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() }),
    )!;
    expect((await post('/api/auth/signoutOthers', {}, { cookie: a })).json().data.ended).toBe(1);
    expect((await profile(b)).statusCode).toBe(401);
    expect((await post('/api/auth/deleteAccount', { password: 'wrong one' }, { cookie: a })).statusCode).toBe(
      400,
    );
    expect((await post('/api/auth/deleteAccount', { password }, { cookie: a })).statusCode).toBe(200);
    expect((await profile(a)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.user_id, user.user_id));
    expect(row).toMatchObject({ is_deleted: true, enabled: false, password_hash: null, first_name: null });
    expect(row!.email).not.toBe(user.email);
  });
});

describe('origins and redirects', () => {
  it('refuses a state-changing request from another origin', async () => {
    const response = await post(
      '/api/auth/signin',
      { username: 'x', password: 'y' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(AUTH_MESSAGES.originRefused);
    const fetchSite = await post('/api/auth/signout', {}, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchSite.statusCode).toBe(403);
    const same = await post('/api/auth/signout', {}, { headers: { origin: 'http://localhost:8080' } });
    expect(same.statusCode).toBe(200);
  });

  it('refuses an open redirect and answers silent sign-in at once', async () => {
    for (const uri of [
      'https://evil.example/cb',
      'javascript:alert(1)',
      '//evil.example',
      'http://user:pw@localhost:8080/x',
    ]) {
      const response = await t.app.inject({ url: `/auth/redirect?redirect_uri=${encodeURIComponent(uri)}` });
      expect(response.statusCode).toBe(400);
    }
    const silent = await t.app.inject({
      url: `/auth/redirect?silent=1&redirect_uri=${encodeURIComponent('http://localhost:8080/account-callback')}`,
    });
    expect(silent.statusCode).toBe(302);
    expect(silent.headers.location).toBe('http://localhost:8080/account-callback?error=login_required');

    const { user, password } = await userWithPassword();
    const cookie = cookieOf(
      await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() }),
    )!;
    const signedIn = await t.app.inject({
      url: `/auth/redirect?silent=1&redirect_uri=${encodeURIComponent('http://localhost:8080/account-callback')}`,
      headers: { cookie: `${AUTH_COOKIE}=${cookie}` },
    });
    expect(signedIn.headers.location).toBe('http://localhost:8080/account-callback');
    const loggedOut = await t.app.inject({
      url: `/auth/logout?redirect_uri=${encodeURIComponent('http://localhost:8080/login')}`,
      headers: { cookie: `${AUTH_COOKIE}=${cookie}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(loggedOut.statusCode).toBe(302);
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it('answers 401 on the session endpoints when signed out', async () => {
    expect((await profile()).statusCode).toBe(401);
    expect((await post('/api/auth/signoutOthers', {})).statusCode).toBe(401);
    expect((await post('/api/auth/deleteAccount', { password: 'x' })).statusCode).toBe(401);
  });
});

describe('bad input and the wrong user', () => {
  it('answers 400 naming the field, and writes nothing', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/auth/signin', { password: 'x' }, 'username'],
      ['/api/auth/signup', { ...signupBody(fresh()), email: 'not-an-email' }, 'email'],
      ['/api/auth/generateOtp', { email: 'nope', type: 'reset' }, 'email'],
      ['/api/auth/verifyOtp', { email: 'a@example.test', otp: '12ab' }, 'otp'],
      [
        '/api/auth/updatePassword',
        { email: 'a@example.test', otp: '123456', new_password: 'short' },
        'new_password',
      ],
      ['/api/auth/signin', { username: 'a', password: 'b', is_admin: true }, ''],
    ];
    const [{ before }] = (await t.database.db.select({ before: sql<number>`count(*)::int` }).from(users)) as [
      { before: number },
    ];
    for (const [url, payload, field] of cases) {
      const response = await post(url, payload, { ip: ipFor() });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
      if (field) expect(response.json().details.map((d: { path: string }) => d.path)).toContain(field);
    }
    const [{ after }] = (await t.database.db.select({ after: sql<number>`count(*)::int` }).from(users)) as [
      { after: number },
    ];
    expect(after).toBe(before);
  });

  it("refuses to change someone else's password (403) and leaves it as it was", async () => {
    const mine = await userWithPassword();
    const theirs = await userWithPassword();
    const cookie = cookieOf(
      await post(
        '/api/auth/signin',
        { username: mine.user.username, password: mine.password },
        { ip: ipFor() },
      ),
    )!;
    const response = await post(
      '/api/auth/updatePassword',
      { email: theirs.user.email, old_password: theirs.password, new_password: 'taken over now' },
      { cookie, ip: ipFor() },
    );
    expect(response.statusCode).toBe(403);
    const again = await post(
      '/api/auth/signin',
      { username: theirs.user.username, password: theirs.password },
      { ip: ipFor() },
    );
    expect(again.statusCode).toBe(200);
  });
});
