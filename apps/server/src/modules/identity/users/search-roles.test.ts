import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, platformAdmin } from '../../../test/factories';
import { makeApp, type TestApp } from '../../../test/make-app';
import { grant } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the platform administrator's user list (issue 23 point 8)", () => {
  it('finds people by name, username or email and names the tenant each role is held in', async () => {
    const admin = await makeUser(t.database);
    const tag = Math.random().toString(36).slice(2, 8);
    const person = await makeUser(t.database, { first_name: 'Grace', last_name: `Hopper${tag}` });
    const tenant = await makeTenant(t.database, { tenant_name: `Navy ${tag}` });
    await grant(t.database, person.user_id, 13);
    await grant(t.database, person.user_id, 2, tenant.tenant_id);
    t.actAs(platformAdmin(admin.user_id));
    for (const search of [`Grace Hopper${tag}`, person.username, person.email]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/searchUsers', query: { search } });
      expect(response.statusCode, search).toBe(200);
      const found = response.json().data;
      expect(
        found.map((user: { user_id: number }) => user.user_id),
        search,
      ).toEqual([person.user_id]);
      expect(found[0].roles).toEqual([
        expect.objectContaining({ role_id: 13, tenant_id: null }),
        expect.objectContaining({ role_id: 2, tenant_id: tenant.tenant_id, tenant_name: `Navy ${tag}` }),
      ]);
      expect(found[0].roles[0].tenant_name).toBeUndefined();
    }
  });

  it('finds a name typed with a typo once the exact search finds nobody, every word counting', async () => {
    const admin = await makeUser(t.database);
    const person = await makeUser(t.database, { first_name: 'Bartholomew', last_name: 'Quigglesworth' });
    t.actAs(platformAdmin(admin.user_id));
    const search = async (text: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/searchUsers',
        query: { search: text },
      });
      expect(response.statusCode, text).toBe(200);
      const body = response.json();
      return { ids: body.data.map((user: { user_id: number }) => user.user_id), total: body.meta.total };
    };

    expect(await search('Bartholomev Quiglesworth')).toEqual({ ids: [person.user_id], total: 1 });
    expect(await search('quiglesworth')).toEqual({ ids: [person.user_id], total: 1 });
    // Every word must be near: one good word does not carry a wrong one.
    expect(await search('Bartholomew Zebediah')).toEqual({ ids: [], total: 0 });
    // Short words have too few trigrams to tell a typo, so they must appear as typed.
    expect(await search('Quigglesworth Bax')).toEqual({ ids: [], total: 0 });
    expect(await search('Quigglesworth Bar')).toEqual({ ids: [person.user_id], total: 1 });

    // A search that finds someone as typed answers only them: no near names mixed in.
    const exact = await makeUser(t.database, { first_name: 'Ann', last_name: 'Quiglesworth' });
    expect(await search('Quiglesworth')).toEqual({ ids: [exact.user_id], total: 1 });
  });
});
