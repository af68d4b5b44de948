import { AUTH_MESSAGES, MESSAGES } from '@nexus/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, otpCodes, userRoles, users } from '../db/schema';
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
