import { AUTH_MESSAGES } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../test/make-app';
import { authHelpers } from './auth-flow.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());
const { fresh, post, userWithPassword } = authHelpers(() => t);

let block = 0;
/** Two client addresses of their own per test: the attacker's and the owner's. */
function addresses() {
  block += 1;
  return { attacker: `10.77.${block}.1`, owner: `10.78.${block}.1` };
}

const signin = (username: string, password: string, ip: string) =>
  post('/api/auth/signin', { username, password }, { ip });

async function fiveFailures(username: string, ip: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) statuses.push((await signin(username, 'wrong guess!', ip)).statusCode);
  return statuses;
}

describe('sign-in lockout (issue 14 part 6)', () => {
  it('counts failures per account, whatever spelling signs in', async () => {
    const { user, password } = await userWithPassword();
    const { attacker } = addresses();
    expect(await fiveFailures(user.email, attacker)).toEqual([401, 401, 401, 401, 429]);
    for (const spelling of [user.username, user.username.toUpperCase(), ` ${user.email} `]) {
      const response = await signin(spelling, password, attacker);
      expect(response.statusCode, spelling).toBe(429);
      expect(response.json().message).toBe(AUTH_MESSAGES.accountLocked);
    }
  });

  it('spreads guesses over spellings no further: mixed spellings still lock at the fifth', async () => {
    const { user } = await userWithPassword();
    const { attacker } = addresses();
    const statuses: number[] = [];
    for (const spelling of [user.email, user.username, user.email, user.username, user.email])
      statuses.push((await signin(spelling, 'wrong guess!', attacker)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('does not lock the owner out from another address', async () => {
    const { user, password } = await userWithPassword();
    const { attacker, owner } = addresses();
    await fiveFailures(user.username, attacker);
    // The very spelling the stranger locked, and the other one, both from the owner's address.
    expect((await signin(user.username, password, owner)).statusCode).toBe(200);
    expect((await signin(user.email, password, owner)).statusCode).toBe(200);
    expect((await signin(user.username, password, attacker)).statusCode).toBe(429);
  });

  it('locks a name no account has the same way, so a lock tells nothing about existence', async () => {
    const ghost = fresh();
    const { attacker, owner } = addresses();
    expect(await fiveFailures(ghost, attacker)).toEqual([401, 401, 401, 401, 429]);
    expect((await signin(ghost, 'wrong guess!', owner)).statusCode).toBe(401);
  });
});
