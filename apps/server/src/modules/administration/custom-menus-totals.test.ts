import { EXACT_COUNT_THRESHOLD } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMenu, makeTenant, makeUser, platformAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const BASE = '/operations/system/customMenus';
const BATCH = 1000;
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

/** Loads `count` children of each parent through createMany, in batches, as a client would. */
async function bulkLoad(parents: { menu_id: number; count: number }[]) {
  const rows = parents.flatMap(({ menu_id, count }) =>
    Array.from({ length: count }, (_, i) => ({ menu_name: `Bulk ${menu_id}.${i}`, menu_parent_id: menu_id })),
  );
  for (let start = 0; start < rows.length; start += BATCH) {
    const response = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createMany`,
      payload: rows.slice(start, start + BATCH),
    });
    expect(response.statusCode).toBe(201);
  }
}

async function meta(parent: number, limit = 10) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${BASE}/getMenu`,
    query: {
      filterFields: JSON.stringify({ menu_parent_id: parent }),
      metadataOnly: 'true',
      limit: String(limit),
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json().meta as { total: number; totalPages: number; totalExact: boolean; limit: number };
}

describe('list totals after a bulk load (issue 13 point 4)', () => {
  it('counts exactly up to the threshold and estimates within 2x, flagged, above it', async () => {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id, tenant.tenant_id));
    const big = await makeMenu(t.database, { menu_name: 'Big', tenant_id: tenant.tenant_id });
    const small = await makeMenu(t.database, { menu_name: 'Small', tenant_id: tenant.tenant_id });
    const bigCount = 1.5 * EXACT_COUNT_THRESHOLD;
    await bulkLoad([
      { menu_id: big.menu_id, count: bigCount },
      { menu_id: small.menu_id, count: EXACT_COUNT_THRESHOLD },
    ]);

    // Asked at once, before anything but the product itself could have refreshed statistics.
    expect(await meta(small.menu_id, 30)).toMatchObject({
      total: EXACT_COUNT_THRESHOLD,
      totalPages: Math.ceil(EXACT_COUNT_THRESHOLD / 30),
      totalExact: true,
    });
    expect(await meta(small.menu_id, 100)).toMatchObject({
      total: EXACT_COUNT_THRESHOLD,
      totalPages: EXACT_COUNT_THRESHOLD / 100,
      totalExact: true,
    });

    const estimated = await meta(big.menu_id);
    expect(estimated.totalExact).toBe(false);
    expect(estimated.total).toBeGreaterThan(EXACT_COUNT_THRESHOLD);
    expect(estimated.total).toBeGreaterThanOrEqual(bigCount / 2);
    expect(estimated.total).toBeLessThanOrEqual(bigCount * 2);
    expect(estimated.totalPages).toBe(Math.ceil(estimated.total / estimated.limit));
  }, 180_000);
});

describe('list totals reused between requests', () => {
  it('counts again after a write made elsewhere (another replica, a script), not only through this store', async () => {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id, tenant.tenant_id));
    const parent = await makeMenu(t.database, { menu_name: 'Parent', tenant_id: tenant.tenant_id });
    await bulkLoad([{ menu_id: parent.menu_id, count: 3 }]);
    expect(await meta(parent.menu_id)).toMatchObject({ total: 3, totalExact: true });
    expect(await meta(parent.menu_id)).toMatchObject({ total: 3, totalExact: true });
    await makeMenu(t.database, {
      menu_name: 'Written elsewhere',
      menu_parent_id: parent.menu_id,
      tenant_id: tenant.tenant_id,
    });
    expect(await meta(parent.menu_id)).toMatchObject({ total: 4, totalExact: true });
  });
});
