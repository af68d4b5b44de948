import { MESSAGES, USER_MESSAGES } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../../test/factories';
import { makeApp, type TestApp } from '../../../test/make-app';
import { userRow } from './test-helpers';

const BASE = '/operations/global-user/profile';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const put = (url: string, payload?: object) => t.app.inject({ method: 'PUT', url, payload });

async function auditOf(userId: number) {
  return t.database.system
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'users'), eq(auditEvents.entity_id, String(userId))))
    .orderBy(auditEvents.audit_id);
}

describe('PUT users/{username}/enable (issue 23 point 8)', () => {
  it('enables a disabled user again, and disable and enable each leave an audit event', async () => {
    const admin = await makeUser(t.database);
    const person = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    expect((await put(`${BASE}/users/${person.username}/disable`)).statusCode).toBe(200);
    expect((await userRow(t.database, person.user_id)).enabled).toBe(false);

    const response = await put(`${BASE}/users/${person.username.toUpperCase()}/enable`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      user_id: person.user_id,
      username: person.username,
      enabled: true,
    });
    expect(await userRow(t.database, person.user_id)).toMatchObject({
      enabled: true,
      modified_by: admin.user_id,
    });

    const events = await auditOf(person.user_id);
    expect(events.map((event) => [event.action, event.actor_user_id, event.tenant_id])).toEqual([
      ['disable', admin.user_id, null],
      ['enable', admin.user_id, null],
    ]);
    expect(events[1]?.details).toMatchObject({ label: person.username });

    // Enabling an enabled account changes nothing and records nothing.
    expect((await put(`${BASE}/users/${person.username}/enable`)).statusCode).toBe(200);
    expect(await auditOf(person.user_id)).toHaveLength(2);
  });

  it('answers 400 without a username, 404 for an unknown one, and refuses a body', async () => {
    const admin = await makeUser(t.database);
    const person = await makeUser(t.database, { enabled: false });
    t.actAs(platformAdmin(admin.user_id));
    for (const url of [`${BASE}/users//enable`, `${BASE}/users/%20/enable`]) {
      const response = await put(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(USER_MESSAGES.usernameRequiredToEnable);
    }
    const missing = await put(`${BASE}/users/nobody_by_this_name/enable`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.userNotFound);
    expect((await put(`${BASE}/users/${person.username}/enable`, { enabled: true })).statusCode).toBe(400);
    expect((await userRow(t.database, person.user_id)).enabled).toBe(false);
  });

  it('refuses a member, a tenant administrator (even of a tenant the user is in) and the signed-out', async () => {
    const me = await makeUser(t.database);
    const tenant = await makeTenant(t.database);
    const person = await makeUser(t.database, { enabled: false });
    const url = `${BASE}/users/${person.username}/enable`;
    t.actAs(member(me.user_id, null));
    expect((await put(url)).statusCode).toBe(403);
    t.actAs(tenantAdmin(me.user_id, tenant.tenant_id));
    expect((await put(url)).statusCode).toBe(403);
    t.actAs(null);
    expect((await put(url)).statusCode).toBe(401);
    expect((await userRow(t.database, person.user_id)).enabled).toBe(false);
    expect(await auditOf(person.user_id)).toEqual([]);
  });
});
