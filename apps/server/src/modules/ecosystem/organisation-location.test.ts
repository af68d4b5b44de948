import { ECOSYSTEM_API } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationLocations } from '../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { caller } from './test-helpers';

let t: TestApp;
let call: ReturnType<typeof caller>;
const E = ECOSYSTEM_API;
const place = (body: unknown) => ['PUT', `${E}/updateOrganisationLocation`, body] as const;

beforeAll(async () => {
  t = await makeApp();
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
});

const rowsOf = (tenantId: number) =>
  t.database.system.select().from(organisationLocations).where(eq(organisationLocations.tenant_id, tenantId));

type Country = { country: string; organisations: number };
async function organisationsIn(country: string): Promise<number> {
  const viewer = member((await makeUser(t.database)).user_id, null);
  const map = await call(viewer, 'GET', `${E}/getMap?type=organisation`);
  expect(map.statusCode, map.body).toBe(200);
  return (map.json().data as Country[]).find((row) => row.country === country)?.organisations ?? 0;
}

describe('updateOrganisationLocation (issue 19 point 3: the ecosystem map)', () => {
  it('places the admin’s organisation on the map once, and moves it on a second call', async () => {
    const tenant = await makeTenant(t.database);
    const admin = tenantAdmin((await makeUser(t.database)).user_id, tenant.tenant_id);
    const kenyaBefore = await organisationsIn('KE');
    const ghanaBefore = await organisationsIn('GH');

    const placed = await call(admin, ...place({ country: 'KE', sector: 'agriculture' }));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toEqual({ tenant_id: tenant.tenant_id, country: 'KE', sector: 'agriculture' });
    expect(await organisationsIn('KE')).toBe(kenyaBefore + 1);

    const moved = await call(admin, ...place({ country: 'GH' }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual({ tenant_id: tenant.tenant_id, country: 'GH', sector: null });
    expect(await rowsOf(tenant.tenant_id)).toHaveLength(1);
    expect(await organisationsIn('KE')).toBe(kenyaBefore);
    expect(await organisationsIn('GH')).toBe(ghanaBefore + 1);
  });

  it('refuses an unknown country or sector, an extra field and a tenant named in the body, and stores nothing', async () => {
    const tenant = await makeTenant(t.database);
    const other = await makeTenant(t.database);
    const admin = tenantAdmin((await makeUser(t.database)).user_id, tenant.tenant_id);
    for (const body of [
      { country: 'XX' },
      { country: 'KE', sector: 'space' },
      {},
      { country: 'KE', tenant_id: other.tenant_id },
    ]) {
      const refused = await call(admin, ...place(body));
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(admin, ...place({ country: 'XX' }))).json().message).toContain(
      'Choose a country from the list.',
    );
    expect(await rowsOf(tenant.tenant_id)).toEqual([]);
    expect(await rowsOf(other.tenant_id)).toEqual([]);
  });

  it('is for the organisation’s administrators: a member, a signed-out caller and an admin outside any organisation are refused', async () => {
    const tenant = await makeTenant(t.database);
    const user = await makeUser(t.database);
    const body = { country: 'KE' };
    expect((await call(null, ...place(body))).statusCode).toBe(401);
    expect((await call(member(user.user_id, tenant.tenant_id), ...place(body))).statusCode).toBe(403);
    const outside = await call(platformAdmin(user.user_id), ...place(body));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('Switch to your organisation first.');
    expect(await rowsOf(tenant.tenant_id)).toEqual([]);
  });
});
