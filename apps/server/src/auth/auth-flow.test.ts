import { AUTH_COOKIE, AUTH_MESSAGES, MESSAGES } from '@nexus/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, otpCodes, sessions, userRoles, users } from '../db/schema';
import { makeUser } from '../test/factories';
import { makeApp, type TestApp } from '../test/make-app';
import { hashPassword } from './passwords';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

let seq = 0;
const fresh = () => {
  seq += 1;
  return `u${Date.now().toString(36)}${seq}`;
};
/** Each test uses its own client address so per-address limits of one test don't spill into another. */
const ipFor = () => `10.0.${Math.floor(seq / 200)}.${(seq % 200) + 1}`;

function signupBody(name: string, extra: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: name,
    email: `${name}@example.test`,
    password: 'correct horse battery',
    phone_number: '+44 20 7946 0958',
    tnc_accepted: true,
    is_underage: false,
    ...extra,
  };
}

async function post(
  url: string,
  payload: unknown,
  options: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: options.ip ?? '10.9.9.9',
    headers: {
      ...(options.cookie ? { cookie: `${AUTH_COOKIE}=${options.cookie}` } : {}),
      ...options.headers,
    },
  });
}

function cookieOf(response: { cookies: { name: string; value: string }[] }): string | undefined {
  return response.cookies.find((c) => c.name === AUTH_COOKIE)?.value || undefined;
}

async function lastCode(to: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, to))
    .orderBy(desc(mailOutbox.mail_id))
    .limit(1);
  const code = mail?.text_body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

async function profile(cookie?: string, bearer?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/auth/profile',
    headers: {
      ...(cookie ? { cookie: `${AUTH_COOKIE}=${cookie}` } : {}),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
  });
}

async function userWithPassword(password = 'a long pass phrase') {
  const name = fresh();
  const user = await makeUser(t.database, {
    username: name,
    email: `${name}@example.test`,
    email_verified: true,
    password_hash: await hashPassword(password),
  });
  await t.database.db.insert(userRoles).values({ user_id: user.user_id, role_id: 13 });
  return { user, password };
}

describe('sign-up, code and sign-in', () => {
  it('signs an adult up with the temp role, mails a code and signs them in on verification', async () => {
    const name = fresh();
    const ip = ipFor();
    const response = await post('/api/auth/signup', signupBody(name), { ip });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      message: AUTH_MESSAGES.signupAccepted,
      sent_to: 'u***@example.test',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, name));
    expect(row).toMatchObject({ email_verified: false, first_name: 'Ada' });
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const held = await t.database.db.select().from(userRoles).where(eq(userRoles.user_id, row!.user_id));
    expect(held.map((r) => r.role_id)).toEqual([19]);
    const [stored] = await t.database.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.email, `${name}@example.test`));
    const code = await lastCode(`${name}@example.test`);
    expect(stored!.code_hash).not.toContain(code);

    const verified = await post('/api/auth/verifyOtp', { email: `${name}@example.test`, otp: code }, { ip });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.user).toMatchObject({
      username: name,
      otpVerified: true,
      active_role: { role_id: 19 },
    });
    const cookie = cookieOf(verified);
    expect(cookie).toBeDefined();
    const setCookie = String(verified.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');

    const me = await profile(cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user_id: row!.user_id,
      sub: String(row!.user_id),
      email: `${name}@example.test`,
      preferred_username: name,
      given_name: 'Ada',
      family_name: 'Lovelace',
      email_verified: true,
    });
    expect(me.json().data.user_id).toBe(row!.user_id);
  });

  it('sends a minor’s code to the parent and requires the parent’s details', async () => {
    const name = fresh();
    const missing = await post('/api/auth/signup', signupBody(name, { is_underage: true }), { ip: ipFor() });
    expect(missing.statusCode).toBe(400);
    const paths = missing.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['parent_name', 'parent_email', 'parent_phone_number']));
    expect(await t.database.db.select().from(users).where(eq(users.username, name))).toHaveLength(0);

    const parent = `parent-${name}@example.test`;
    const ok = await post(
      '/api/auth/signup',
      signupBody(name, {
        is_underage: true,
        parent_name: 'Grace Hopper',
        parent_email: parent,
        parent_phone_number: '+1 555 0100',
      }),
      { ip: ipFor() },
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.sent_to).toBe('p***@example.test');
    expect(await lastCode(parent)).toMatch(/^\d{6}$/);
    const toChild = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, `${name}@example.test`));
    expect(toChild).toHaveLength(0);
  });

  it('refuses sign-up without the terms, with a weak or common password, writing nothing', async () => {
    const name = fresh();
    for (const extra of [{ tnc_accepted: false }, { password: 'short' }, { password: 'password123' }]) {
      const response = await post('/api/auth/signup', signupBody(name, extra), { ip: ipFor() });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
    expect(await t.database.db.select().from(users).where(eq(users.username, name))).toHaveLength(0);
    const long = await post('/api/auth/signup', signupBody(name, { password: `${'x'.repeat(64)}Y1` }), {
      ip: ipFor(),
    });
    expect(long.statusCode).toBe(201);
  });

  it('answers a sign-up with an existing address exactly like a new one, and creates nothing', async () => {
    const { user } = await userWithPassword();
    const response = await post('/api/auth/signup', signupBody(fresh(), { email: user.email }), {
      ip: ipFor(),
    });
    expect(response.statusCode).toBe(201);
    expect(Object.keys(response.json().data).sort()).toEqual(['email', 'message', 'sent_to']);
    const [{ n }] = (await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, user.email))) as [{ n: number }];
    expect(n).toBe(1);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, user.email));
    expect(mail!.subject).toContain('already have');
  });

  it('signs in by username or email, gives a fresh session id each time and ends the old one', async () => {
    const { user, password } = await userWithPassword();
    const first = await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() });
    expect(first.statusCode).toBe(200);
    const a = cookieOf(first)!;
    const second = await post(
      '/api/auth/signin',
      { username: user.email.toUpperCase(), password },
      { cookie: a, ip: ipFor() },
    );
    expect(second.statusCode).toBe(200);
    const b = cookieOf(second)!;
    expect(b).not.toBe(a);
    expect((await profile(a)).statusCode).toBe(401);
    expect((await profile(b)).statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ token_type: 'Bearer', user: { user_id: user.user_id } });
  });

  it('gives the same 401 for an unknown user and a wrong password', async () => {
    const { user } = await userWithPassword();
    const wrong = await post(
      '/api/auth/signin',
      { username: user.username, password: 'not it at all' },
      { ip: ipFor() },
    );
    const unknown = await post(
      '/api/auth/signin',
      { username: fresh(), password: 'not it at all' },
      { ip: ipFor() },
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('locks an account after five failures in the window, even for the right password', async () => {
    const { user, password } = await userWithPassword();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (
          await post(
            '/api/auth/signin',
            { username: user.username, password: 'wrong guess!' },
            { ip: ipFor() },
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const locked = await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(AUTH_MESSAGES.accountLocked);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The same lock for a name nobody has: a lock tells nothing about existence.
    const ghost = fresh();
    const ghostStatuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      ghostStatuses.push(
        (await post('/api/auth/signin', { username: ghost, password: 'wrong guess!' }, { ip: ipFor() }))
          .statusCode,
      );
    }
    expect(ghostStatuses).toEqual(statuses);
  });

  it('rate limits one address across accounts with 429 and Retry-After', async () => {
    const ip = '10.200.0.1';
    let last = 0;
    let retryAfter: string | undefined;
    for (let i = 0; i < 31; i += 1) {
      const response = await post(
        '/api/auth/signin',
        { username: fresh(), password: 'whatever you like' },
        { ip },
      );
      last = response.statusCode;
      retryAfter = response.headers['retry-after'] as string | undefined;
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('one-time codes', () => {
  async function pendingSignup() {
    const name = fresh();
    await post('/api/auth/signup', signupBody(name), { ip: ipFor() });
    return `${name}@example.test`;
  }

  it('ends a code after five wrong tries', async () => {
    const email = await pendingSignup();
    const code = await lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const response = await post('/api/auth/verifyOtp', { email, otp: wrong }, { ip: ipFor() });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(AUTH_MESSAGES.otpInvalid);
    }
    expect((await post('/api/auth/verifyOtp', { email, otp: code }, { ip: ipFor() })).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const email = await pendingSignup();
    const code = await lastCode(email);
    await t.database.db
      .update(otpCodes)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(otpCodes.email, email));
    expect((await post('/api/auth/verifyOtp', { email, otp: code }, { ip: ipFor() })).statusCode).toBe(400);
  });

  it('throttles resends per address, known or not, and answers the same for both', async () => {
    const email = await pendingSignup();
    const again = await post('/api/auth/generateOtp', { email, type: 'signup' }, { ip: ipFor() });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(AUTH_MESSAGES.otpTooSoon);
    const unknown = `${fresh()}@example.test`;
    const first = await post('/api/auth/generateOtp', { email: unknown, type: 'reset' }, { ip: ipFor() });
    const second = await post('/api/auth/generateOtp', { email: unknown, type: 'reset' }, { ip: ipFor() });
    expect([first.statusCode, second.statusCode]).toEqual([202, 429]);
  });

  it('reports a failed mail with the spec message', async () => {
    const failing = await makeApp();
    try {
      const mailer = { kind: 'smtp' as const, send: async () => Promise.reject(new Error('smtp down')) };
      const app = await (await import('../app')).buildApp({ database: failing.database, mailer });
      await app.ready();
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupBody(fresh()),
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(MESSAGES.otpSendFailed);
      await app.close();
    } finally {
      await failing.close();
    }
  });
});

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
      headers: { cookie: `${AUTH_COOKIE}=${cookie}` },
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
