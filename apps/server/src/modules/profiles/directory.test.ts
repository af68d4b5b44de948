import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { makeTenant, makeUser, makeUserSetting, member, platformAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const URL = '/api/profiles/searchProfiles';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function grant(userId: number, roleId: number, tenantId: number | null = null) {
  await t.database.db.insert(userRoles).values({ user_id: userId, role_id: roleId, tenant_id: tenantId });
}

/** A word no other test's rows contain, so each test searches its own members only. */
const marker = () => `m${randomBytes(4).toString('hex')}`;

async function search(query: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: URL, query });
}

describe('searchProfiles', () => {
  it('pages through matching members in username order with list meta', async () => {
    const word = marker();
    const made = [];
    for (const n of [3, 1, 4, 2, 5]) {
      const user = await makeUser(t.database, { username: `${word}_${n}`, headline: `Mentor ${n}` });
      await grant(user.user_id, 16);
      made.push(user);
    }
    const viewer = await makeUser(t.database);
    t.actAs(member(viewer.user_id, null));
    const first = await search({ search: word, page: '1', limit: '2' });
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, totalExact: true });
    expect(first.json().data.map((c: { username: string }) => c.username)).toEqual([
      `${word}_1`,
      `${word}_2`,
    ]);
    expect(first.json().data[0]).toEqual({
      user_id: expect.any(Number),
      username: `${word}_1`,
      firstName: 'Test',
      lastName: 'User',
      profile_image: null,
      headline: 'Mentor 1',
      location: null,
      roles: ['Mentor'],
    });
    const last = await search({ search: word, page: '3', limit: '2' });
    expect(last.json().data.map((c: { username: string }) => c.username)).toEqual([`${word}_5`]);
    const beyond = await search({ search: word, page: '9', limit: '2' });
    expect(beyond.json()).toMatchObject({ data: [], meta: { total: 5 } });
  });

  it('matches every word against names, username and headline, case-insensitively', async () => {
    const word = marker();
    const ada = await makeUser(t.database, { first_name: 'Ada', last_name: `Lovelace${word}` });
    const grace = await makeUser(t.database, { first_name: 'Grace', headline: `COBOL ${word} pioneer` });
    await grant(ada.user_id, 13);
    await grant(grace.user_id, 13);
    const viewer = await makeUser(t.database);
    t.actAs(member(viewer.user_id, null));
    const ids = async (q: string) =>
      (await search({ search: q })).json().data.map((c: { user_id: number }) => c.user_id);
    expect(await ids(`ada ${word.toUpperCase()}`)).toEqual([ada.user_id]);
    expect(await ids(`pioneer ${word}`)).toEqual([grace.user_id]);
    expect((await ids(word)).sort()).toEqual([ada.user_id, grace.user_id].sort());
    // LIKE wildcards in the search match literally.
    expect(await ids(`${word}%`)).toEqual([]);
  });

  it('filters by role and leaves out members who hold only the temporary role', async () => {
    const word = marker();
    const investor = await makeUser(t.database, { headline: word });
    const mentor = await makeUser(t.database, { headline: word });
    const newcomer = await makeUser(t.database, { headline: word });
    await grant(investor.user_id, 3);
    await grant(mentor.user_id, 16);
    await grant(newcomer.user_id, 19);
    const viewer = await makeUser(t.database);
    t.actAs(member(viewer.user_id, null));
    const all = (await search({ search: word })).json();
    expect(all.meta.total).toBe(2);
    const investors = (await search({ search: word, role_id: '3' })).json();
    expect(investors.data.map((c: { user_id: number }) => c.user_id)).toEqual([investor.user_id]);
    expect((await search({ search: word, role_id: '19' })).json().meta.total).toBe(0);
  });

  it('lists exactly the profiles getProfile would show the viewer', async () => {
    const word = marker();
    const tenant = await makeTenant(t.database);
    const viewer = await makeUser(t.database, { headline: word });
    await grant(viewer.user_id, 15, tenant.tenant_id);
    const owners = [];
    for (const visibility of ['public', 'connections', 'private'] as const) {
      for (const shared of [true, false]) {
        const owner = await makeUser(t.database, { headline: word });
        await grant(owner.user_id, 13, shared ? tenant.tenant_id : null);
        await makeUserSetting(t.database, { user_id: owner.user_id, profile_visibility: visibility });
        owners.push(owner);
      }
    }
    const disabled = await makeUser(t.database, { headline: word, enabled: false });
    await grant(disabled.user_id, 13);
    for (const actor of [member(viewer.user_id, tenant.tenant_id), platformAdmin(viewer.user_id)]) {
      t.actAs(actor);
      const listed = new Set(
        (await search({ search: word, limit: '50' })).json().data.map((c: { user_id: number }) => c.user_id),
      );
      for (const candidate of [...owners, viewer, disabled]) {
        const profile = await t.app.inject({
          method: 'GET',
          url: `/api/profiles/getProfile/${candidate.user_id}`,
        });
        expect(listed.has(candidate.user_id), `user ${candidate.user_id}`).toBe(profile.statusCode === 200);
      }
    }
    t.actAs(member(viewer.user_id, tenant.tenant_id));
    // public x2, connections shared, and the viewer themselves.
    expect((await search({ search: word })).json().meta.total).toBe(4);
  });

  it('refuses a bad page, limit or role filter and a signed-out caller', async () => {
    const viewer = await makeUser(t.database);
    t.actAs(member(viewer.user_id, null));
    for (const [query, field] of [
      [{ page: '0' }, 'page'],
      [{ limit: '51' }, 'limit'],
      [{ limit: '-1' }, 'limit'],
      [{ role_id: 'investor' }, 'role_id'],
      [{ sortField: 'password_hash' }, ''],
    ] as const) {
      const response = await search(query as Record<string, string>);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      if (field) expect(response.json().details[0].path).toBe(field);
    }
    t.actAs(null);
    expect((await search({})).statusCode).toBe(401);
  });
});
