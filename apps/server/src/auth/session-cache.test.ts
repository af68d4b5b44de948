import { AUTH_COOKIE, USERS_API } from '@nexus/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { grantRole } from '../modules/access';
import { replaceRoles } from '../modules/identity/users';
import { makeTenant, makeUser } from '../test/factories';
import { makeApp, type TestApp } from '../test/make-app';
import { randomToken, sha256 } from './keys';
import { SESSION_CACHE_MS, SessionCache } from './session-cache';
import { createSession, type SessionInfo } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

const MEMBER_ROLE = 13;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signedIn(overrides: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(t.database, overrides);
  const { token, sessionId } = await createSession(t.database.db, user.user_id, {});
  return { user, token, sessionId };
}

function profile(token: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: '/auth/profile',
    headers: { cookie: `${AUTH_COOKIE}=${token}`, ...headers },
  });
}

describe('the session cache, through requests', () => {
  it('serves a session read in the last second, and no longer (another replica’s sign-out)', async () => {
    // A loaded machine may take longer than the second between the two requests: a few tries.
    let servedFromCache = false;
    for (let attempt = 0; attempt < 3 && !servedFromCache; attempt++) {
      const { user, token, sessionId } = await signedIn();
      const readAt = Date.now();
      expect((await profile(token)).json().user_id).toBe(user.user_id);
      // Ended behind this process's back, as another replica would: this process learns it within a second.
      await t.database.db
        .update(sessions)
        .set({ revoked_at: sql`now()` })
        .where(eq(sessions.session_id, sessionId));
      const status = (await profile(token)).statusCode;
      if (Date.now() - readAt < SESSION_CACHE_MS) {
        expect(status).toBe(200);
        servedFromCache = true;
      }
      await wait(SESSION_CACHE_MS + 100);
      expect((await profile(token)).statusCode).toBe(401);
    }
    expect(servedFromCache).toBe(true);
  });

  it('ends a session at once when it signs out here', async () => {
    const { token } = await signedIn();
    expect((await profile(token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { cookie: `${AUTH_COOKIE}=${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('sees a role granted or revoked here on the very next request', async () => {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database, { is_platform_admin: true });
    const { user, token } = await signedIn();
    const inTenant = { 'x-tenant-id': String(tenant.tenant_id) };
    expect((await profile(token, inTenant)).statusCode).toBe(403);
    await t.database.db.transaction((tx) =>
      grantRole(tx, {
        userId: user.user_id,
        roleId: MEMBER_ROLE,
        tenantId: tenant.tenant_id,
        grantedBy: admin.user_id,
      }),
    );
    expect((await profile(token, inTenant)).statusCode).toBe(200);
    await t.database.db.transaction((tx) =>
      replaceRoles(tx, admin.user_id, user.user_id, [], new Set([tenant.tenant_id])),
    );
    expect((await profile(token, inTenant)).statusCode).toBe(403);
  });

  it('ends the sessions of a user disabled here at once', async () => {
    const { user, token } = await signedIn();
    const admin = await signedIn({ is_platform_admin: true });
    expect((await profile(token)).statusCode).toBe(200);
    const disabled = await t.app.inject({
      method: 'PUT',
      url: `${USERS_API.profile}/users/${user.username}/disable`,
      headers: { cookie: `${AUTH_COOKIE}=${admin.token}`, origin: 'http://localhost:8080' },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('refuses a session once it expires, even within the second it was read', async () => {
    const { token, sessionId } = await signedIn();
    await t.database.db
      .update(sessions)
      .set({ idle_expires_at: sql`now() + interval '800 milliseconds'` })
      .where(eq(sessions.session_id, sessionId));
    const setAt = Date.now();
    expect((await profile(token)).statusCode).toBe(200);
    // Past the expiry, still within the second the read would otherwise be kept.
    await wait(900 - (Date.now() - setAt));
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('answers each token with its own user, and never remembers an unknown token', async () => {
    const first = await signedIn();
    const second = await signedIn();
    for (let round = 0; round < 3; round++) {
      expect((await profile(first.token)).json().user_id).toBe(first.user.user_id);
      expect((await profile(second.token)).json().user_id).toBe(second.user.user_id);
    }
    const token = randomToken();
    expect((await profile(token)).statusCode).toBe(401);
    // The same token becomes a live session (as a sign-in elsewhere would make it): no cached miss hides it.
    await t.database.db.insert(sessions).values({
      session_id: sha256(token),
      user_id: second.user.user_id,
      idle_expires_at: sql`now() + interval '1 hour'`,
      absolute_expires_at: sql`now() + interval '1 day'`,
    });
    expect((await profile(token)).json().user_id).toBe(second.user.user_id);
  });
});

function session(overrides: Partial<SessionInfo> = {}): SessionInfo {
  const now = Date.now();
  return {
    sessionId: randomToken(),
    userId: 7,
    username: 'someone',
    email: 'someone@example.test',
    firstName: null,
    lastName: null,
    emailVerified: true,
    isPlatformAdmin: false,
    roles: [],
    lastSeenAt: new Date(now),
    idleExpiresAt: new Date(now + 3600_000),
    absoluteExpiresAt: new Date(now + 86_400_000),
    ...overrides,
  };
}

describe('SessionCache', () => {
  it('keeps a read, and drops it by session, by user or all at once', () => {
    const cache = new SessionCache();
    const [a, b, c] = [session({ userId: 1 }), session({ userId: 1 }), session({ userId: 2 })];
    for (const s of [a, b, c]) cache.remember(s);
    expect(cache.get(a.sessionId)).toBe(a);
    cache.forgetSession(a.sessionId);
    expect(cache.get(a.sessionId)).toBeUndefined();
    expect(cache.get(b.sessionId)).toBe(b);
    cache.forgetUser(1);
    expect(cache.get(b.sessionId)).toBeUndefined();
    expect(cache.get(c.sessionId)).toBe(c);
    cache.forgetEveryone();
    expect(cache.get(c.sessionId)).toBeUndefined();
  });

  it('does not keep a read that may predate a change not yet committed', () => {
    const cache = new SessionCache();
    // The change drops the user inside its transaction; a request that read the old rows before the
    // commit must not put them back.
    cache.forgetUser(3);
    const stale = session({ userId: 3 });
    cache.remember(stale);
    expect(cache.get(stale.sessionId)).toBeUndefined();
    const ended = session({ userId: 4 });
    cache.forgetSession(ended.sessionId);
    cache.remember(ended);
    expect(cache.get(ended.sessionId)).toBeUndefined();
    const other = session({ userId: 5 });
    cache.remember(other);
    expect(cache.get(other.sessionId)).toBe(other);
  });

  it('never keeps a session past its idle or absolute expiry', async () => {
    const cache = new SessionCache();
    const idle = session({ idleExpiresAt: new Date(Date.now() + 50) });
    const absolute = session({ absoluteExpiresAt: new Date(Date.now() + 50) });
    const expired = session({ idleExpiresAt: new Date(Date.now() - 1) });
    for (const s of [idle, absolute, expired]) cache.remember(s);
    expect(cache.get(idle.sessionId)).toBe(idle);
    expect(cache.get(expired.sessionId)).toBeUndefined();
    await wait(80);
    expect(cache.get(idle.sessionId)).toBeUndefined();
    expect(cache.get(absolute.sessionId)).toBeUndefined();
  });
});
