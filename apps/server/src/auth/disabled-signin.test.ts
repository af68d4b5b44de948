import { AUTH_MESSAGES, ERROR_CODES } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { makeApp, type TestApp } from '../test/make-app';
import { authHelpers } from './auth-flow.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());
const { post, userWithPassword } = authHelpers(() => t);

let block = 0;
const address = () => `10.91.${++block}.1`;
const signin = (username: string, password: string, ip: string) =>
  post('/api/auth/signin', { username, password }, { ip });

async function disabledUser() {
  const { user, password } = await userWithPassword();
  await t.database.db.update(users).set({ enabled: false }).where(eq(users.user_id, user.user_id));
  return { user, password };
}

describe('signing in to a disabled account (issue 23 point 8)', () => {
  it('tells the person the account is disabled only after the right password, and opens no session', async () => {
    const { user, password } = await disabledUser();
    const ip = address();
    for (const spelling of [user.username, user.email]) {
      const response = await signin(spelling, password, ip);
      expect(response.statusCode, spelling).toBe(403);
      expect(response.json()).toMatchObject({
        code: ERROR_CODES.accountDisabled,
        message: AUTH_MESSAGES.accountDisabled,
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers a wrong password as for any account, and counts it toward the lock', async () => {
    const { user, password } = await disabledUser();
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await signin(user.username, 'wrong guess!', ip);
      statuses.push(response.statusCode);
      if (response.statusCode === 401) expect(response.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
      expect(response.body).not.toContain(AUTH_MESSAGES.accountDisabled);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // Locked: even the right password learns nothing more until the lock passes.
    const locked = await signin(user.username, password, ip);
    expect(locked.statusCode).toBe(429);
  });

  it('lets the person in again once the account is enabled', async () => {
    const { user, password } = await disabledUser();
    const ip = address();
    expect((await signin(user.username, password, ip)).statusCode).toBe(403);
    await t.database.db.update(users).set({ enabled: true }).where(eq(users.user_id, user.user_id));
    expect((await signin(user.username, password, ip)).statusCode).toBe(200);
  });
});
