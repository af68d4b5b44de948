import { SCHEME_MESSAGES, SCHEMES_API } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 22: government schemes, searchable by word and sector, published by government bodies. */

let t: TestApp;
let gov: Actor;
let otherGov: Actor;
let admin: Actor;
let mia: Actor;
let tenantAdminB: Actor;

const governmentBody = (userId: number): Actor => ({
  userId,
  tenantId: null,
  isPlatformAdmin: false,
  roles: [{ roleId: 9, roleName: 'government-body', roleView: 'user', tenantId: null }],
});
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Startup seed fund',
  agency: 'Department of Industries',
  description: 'Grants up to 20 lakh for early-stage startups.',
  eligibility: 'Registered startups under 3 years old.',
  how_to_apply: ['Register on the portal', 'Upload your pitch deck'],
  link: 'https://example.gov/seed',
  sectors: ['software', 'climate'],
  deadline: '2099-03-31',
  ...overrides,
});
const call = (actor: Actor | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
  t.actAs(actor);
  return t.app.inject({
    method,
    url: `${SCHEMES_API}${url}`,
    ...(payload ? { payload: payload as object } : {}),
  });
};
const count = async () =>
  (
    (await t.database.system.execute(sql`select count(*)::int as n from government_schemes`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n ?? 0;

beforeAll(async () => {
  t = await makeApp();
  gov = governmentBody((await makeUser(t.database)).user_id);
  otherGov = governmentBody((await makeUser(t.database)).user_id);
  admin = platformAdmin((await makeUser(t.database)).user_id);
  mia = member((await makeUser(t.database)).user_id, null);
  const b = (await makeTenant(t.database)).tenant_id;
  tenantAdminB = tenantAdmin((await makeUser(t.database)).user_id, b);
});
afterAll(async () => {
  await t?.close();
});

describe('government schemes', () => {
  it('lets a government body publish and anyone signed in list with only the defaults', async () => {
    const created = await call(gov, 'POST', '/createScheme', body());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ can_edit: true, deadline: '2099-03-31' });
    const list = await call(mia, 'GET', '/getSchemes');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ meta: { page: 1, limit: 12, total: 1 }, can_publish: false });
    expect(list.json().data[0]).toMatchObject({ name: 'Startup seed fund', can_edit: false });
  });

  it('searches by word, filters by sector and paginates', async () => {
    await call(
      admin,
      'POST',
      '/createScheme',
      body({ name: 'Farm credit', sectors: ['agriculture'], deadline: null }),
    );
    expect((await call(mia, 'GET', '/getSchemes?search=farm')).json().data).toHaveLength(1);
    expect((await call(mia, 'GET', '/getSchemes?search=industries')).json().data[0].name).toBe(
      'Startup seed fund',
    );
    expect((await call(mia, 'GET', '/getSchemes?sector=agriculture')).json().data[0].name).toBe(
      'Farm credit',
    );
    expect((await call(mia, 'GET', '/getSchemes?limit=1&page=2')).json().meta).toMatchObject({
      page: 2,
      totalPages: 2,
    });
    expect((await call(mia, 'GET', '/getSchemes?sector=space')).statusCode).toBe(400);
  });

  it('refuses members, tenant admins, signed-out callers and bad bodies, storing nothing', async () => {
    const before = await count();
    expect((await call(mia, 'POST', '/createScheme', body())).statusCode).toBe(403);
    expect((await call(tenantAdminB, 'POST', '/createScheme', body())).json().message).toBe(
      SCHEME_MESSAGES.notPublisher,
    );
    expect((await call(null, 'POST', '/createScheme', body())).statusCode).toBe(401);
    expect((await call(null, 'GET', '/getSchemes')).statusCode).toBe(401);
    expect((await call(gov, 'POST', '/createScheme', body({ link: 'javascript:alert(1)' }))).statusCode).toBe(
      400,
    );
    expect((await call(gov, 'POST', '/createScheme', body({ how_to_apply: [] }))).statusCode).toBe(400);
    expect((await call(gov, 'POST', '/createScheme', body({ created_by: 1 }))).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('lets the author and a platform admin edit; another body, a member or a missing id cannot', async () => {
    const { scheme_id } = (await call(gov, 'POST', '/createScheme', body({ name: 'Export boost' }))).json()
      .data;
    const edited = await call(gov, 'PUT', `/updateScheme/${scheme_id}`, { deadline: '2099-12-31' });
    expect(edited.json().data).toMatchObject({ name: 'Export boost', deadline: '2099-12-31' });
    expect(
      (await call(admin, 'PUT', `/updateScheme/${scheme_id}`, { name: 'Export boost 2' })).statusCode,
    ).toBe(200);
    const other = await call(otherGov, 'PUT', `/updateScheme/${scheme_id}`, { name: 'Mine now' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(SCHEME_MESSAGES.notAuthor);
    // Someone who publishes nothing hears the same for a real and a missing scheme.
    expect((await call(mia, 'PUT', `/updateScheme/${scheme_id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await call(mia, 'PUT', '/updateScheme/2147000000', { name: 'x' })).statusCode).toBe(403);
    expect((await call(gov, 'PUT', '/updateScheme/2147000000', { name: 'x' })).statusCode).toBe(404);
    expect((await call(mia, 'GET', `/getScheme/${scheme_id}`)).json().data.name).toBe('Export boost 2');
  });
});
