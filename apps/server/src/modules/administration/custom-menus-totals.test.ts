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

/** Loads `count` menus per group through createMany, in batches, as a client would. */
async function bulkLoad(groups: { count: number; fields: Record<string, unknown> }[]) {
  const rows = groups.flatMap(({ count, fields }) =>
    Array.from({ length: count }, (_, i) => ({ menu_name: `Bulk ${i}`, ...fields })),
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

async function meta(filter: Record<string, unknown>, limit = 10) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${BASE}/getMenu`,
    query: {
      filterFields: JSON.stringify(filter),
      metadataOnly: 'true',
      limit: String(limit),
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json().meta as { total: number; totalPages: number; totalExact: boolean; limit: number };
}

describe('list totals after a bulk load (issue 13 point 4)', () => {
  it('counts exactly up to the threshold and estimates within 2x, flagged, above it', async () => {
    // The case: platform menus loaded by the platform admin. (Inside a tenant the planner also
    // applies row-level security's default selectivity to its estimate: see docs/api.md, "Totals".)
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id, null));
    // Top-level menus (no parent to check per row), told apart by icon.
    const big = { icon: `big-${admin.user_id}` };
    const small = { icon: `small-${admin.user_id}` };
    // More than twice the capped count, so the capped count alone is not within 2x of the truth.
    const bigCount = 2.5 * EXACT_COUNT_THRESHOLD;
    await bulkLoad([
      { count: bigCount, fields: big },
      { count: EXACT_COUNT_THRESHOLD, fields: small },
    ]);

    // Asked at once, before anything but the product itself could have refreshed statistics.
    expect(await meta(small, 30)).toMatchObject({
      total: EXACT_COUNT_THRESHOLD,
      totalPages: Math.ceil(EXACT_COUNT_THRESHOLD / 30),
      totalExact: true,
    });
    expect(await meta(small, 100)).toMatchObject({
      total: EXACT_COUNT_THRESHOLD,
      totalPages: EXACT_COUNT_THRESHOLD / 100,
      totalExact: true,
    });

    const estimated = await meta(big);
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
    await bulkLoad([{ count: 3, fields: { menu_parent_id: parent.menu_id } }]);
    expect(await meta({ menu_parent_id: parent.menu_id })).toMatchObject({ total: 3, totalExact: true });
    expect(await meta({ menu_parent_id: parent.menu_id })).toMatchObject({ total: 3, totalExact: true });
    await makeMenu(t.database, {
      menu_name: 'Written elsewhere',
      menu_parent_id: parent.menu_id,
      tenant_id: tenant.tenant_id,
    });
    expect(await meta({ menu_parent_id: parent.menu_id })).toMatchObject({ total: 4, totalExact: true });
  });
});
