import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMenu, makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a shared list inside a tenant (its own rows and the platform rows)', () => {
  it('pages through both halves in one order, platform rows first when descending', async () => {
    const tenant = await makeTenant(t.database);
    const other = await makeTenant(t.database);
    const user = await makeUser(t.database);
    const parent = await makeMenu(t.database, { menu_name: 'Parent' });
    const child = (name: string, sort_order: number, tenant_id: number | null) =>
      makeMenu(t.database, { menu_name: name, menu_parent_id: parent.menu_id, sort_order, tenant_id });
    for (const [name, order] of [
      ['P1', 1],
      ['P5', 5],
      ['P3', 3],
    ] as const)
      await child(name, order, null);
    for (const [name, order] of [
      ['T4', 4],
      ['T2', 2],
      ['T6', 6],
    ] as const)
      await child(name, order, tenant.tenant_id);
    await child('Other tenant', 9, other.tenant_id);
    t.actAs(member(user.user_id, tenant.tenant_id));
    const page = async (sortOrder: string, pageNumber: number) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/operations/system/customMenus/getMenu',
        query: {
          filterFields: JSON.stringify({ menu_parent_id: parent.menu_id }),
          sortField: 'sort_order',
          sortOrder,
          limit: '4',
          page: String(pageNumber),
        },
      });
      const body = response.json();
      return { names: body.data.map((m: { menu_name: string }) => m.menu_name), meta: body.meta };
    };
    expect(await page('desc', 1)).toMatchObject({ names: ['P5', 'P3', 'P1', 'T6'], meta: { total: 6 } });
    expect((await page('desc', 2)).names).toEqual(['T4', 'T2']);
    expect((await page('asc', 1)).names).toEqual(['T2', 'T4', 'T6', 'P1']);
    expect((await page('asc', 2)).names).toEqual(['P3', 'P5']);
  });
});
