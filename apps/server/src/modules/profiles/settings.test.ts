import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSettings } from '../../db/schema';
import { makeTenant, makeUser, makeUserSetting, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const BASE = '/api/profiles/settings';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function mainRows(userId: number) {
  return t.database.system
    .select()
    .from(userSettings)
    .where(and(eq(userSettings.user_id, userId), isNull(userSettings.tenant_id)));
}

describe('my settings', () => {
  it('creates the main-platform row with defaults on first read, once even when read twice at once', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: `${BASE}/getMySettings` }),
      t.app.inject({ method: 'GET', url: `${BASE}/getMySettings` }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(a.json().data).toEqual({
      user_setting_id: expect.any(Number),
      profile_visibility: 'public',
      show_email: false,
      show_phone: false,
      email_notifications: true,
      push_notifications: true,
      theme: 'auto',
      language: 'en',
    });
    expect(b.json().data.user_setting_id).toBe(a.json().data.user_setting_id);
    const rows = await mainRows(me.user_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ created_by: me.user_id });
  });

  it('reads the main-platform row, not a tenant one', async () => {
    const tenant = await makeTenant(t.database);
    const me = await makeUser(t.database);
    await makeUserSetting(t.database, { user_id: me.user_id, tenant_id: tenant.tenant_id, theme: 'dark' });
    const main = await makeUserSetting(t.database, { user_id: me.user_id, theme: 'light' });
    t.actAs(member(me.user_id, tenant.tenant_id));
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/getMySettings` });
    expect(response.json().data).toMatchObject({ user_setting_id: main.user_setting_id, theme: 'light' });
  });

  it('changes only the fields sent', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const response = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateMySettings`,
      payload: { profile_visibility: 'connections', show_email: true, push_notifications: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      profile_visibility: 'connections',
      show_email: true,
      show_phone: false,
      push_notifications: false,
      email_notifications: true,
    });
    const [row] = await mainRows(me.user_id);
    expect(row).toMatchObject({ profile_visibility: 'connections', modified_by: me.user_id });
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    for (const [payload, field] of [
      [{ profile_visibility: 'everyone' }, 'profile_visibility'],
      [{ theme: 'neon' }, 'theme'],
      [{ language: 'english' }, 'language'],
      [{ show_email: 'yes' }, 'show_email'],
      [{ user_id: 1 }, ''],
      [{}, ''],
    ] as const) {
      const response = await t.app.inject({ method: 'PUT', url: `${BASE}/updateMySettings`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(response.json().details[0].path).toBe(field);
    }
    expect(await mainRows(me.user_id)).toHaveLength(0);
  });

  it("never reaches another user's settings and needs a session", async () => {
    const other = await makeUser(t.database);
    const theirs = await makeUserSetting(t.database, { user_id: other.user_id, theme: 'dark' });
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const mine = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateMySettings`,
      payload: { theme: 'light' },
    });
    expect(mine.json().data.user_setting_id).not.toBe(theirs.user_setting_id);
    expect((await mainRows(other.user_id))[0]).toMatchObject({ theme: 'dark' });
    t.actAs(null);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getMySettings` })).statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateMySettings`,
      payload: { theme: 'light' },
    });
    expect(put.statusCode).toBe(401);
  });
});
