import { LIST_ALL_CEILING } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMenu, makeTenant, makeUser, platformAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const BASE = '/operations/system/customMenus';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

/** A parent menu with `count` children in a fresh tenant; lists filter on the parent to stay isolated. */
async function menuTree(count: number) {
  const tenant = await makeTenant(t.database);
  const admin = await makeUser(t.database);
  t.actAs(platformAdmin(admin.user_id, tenant.tenant_id));
  const parent = await makeMenu(t.database, { menu_name: 'Parent', tenant_id: tenant.tenant_id });
  const children = [];
  for (let i = 1; i <= count; i++) {
    children.push(
      await makeMenu(t.database, {
        menu_name: i % 2 === 0 ? `Even ${i}` : `Odd ${i}`,
        menu_parent_id: parent.menu_id,
        sort_order: i,
        path: i <= 3 ? `/path-${i}` : null,
        tenant_id: tenant.tenant_id,
      }),
    );
  }
  return { parent, children, tenant, admin };
}

async function list(query: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url: `${BASE}/getMenu`, query });
  return { status: response.statusCode, body: response.json() };
}

const byParent = (id: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ menu_parent_id: id, ...extra });

describe('list: pages, totals and projection', () => {
  it('answers page totals and totalPages', async () => {
    const { parent } = await menuTree(23);
    const { status, body } = await list({ filterFields: byParent(parent.menu_id), limit: '10', page: '3' });
    expect(status).toBe(200);
    expect(body.meta).toEqual({ page: 3, limit: 10, total: 23, totalPages: 3, totalExact: true });
    expect(body.data).toHaveLength(3);
  });

  it('sorts by the id descending by default and both ways on request', async () => {
    const { parent, children } = await menuTree(5);
    const ids = children.map((c) => c.menu_id);
    const desc = await list({ filterFields: byParent(parent.menu_id) });
    expect(desc.body.data.map((m: { menu_id: number }) => m.menu_id)).toEqual([...ids].reverse());
    const asc = await list({
      filterFields: byParent(parent.menu_id),
      sortField: 'sort_order',
      sortOrder: 'asc',
    });
    expect(asc.body.data.map((m: { sort_order: number }) => m.sort_order)).toEqual([1, 2, 3, 4, 5]);
    const byName = await list({
      filterFields: byParent(parent.menu_id),
      sortField: 'menu_name',
      sortOrder: 'DESC',
    });
    expect(byName.body.data[0].menu_name).toBe('Odd 5');
  });

  it('projects only the requested fields', async () => {
    const { parent } = await menuTree(2);
    const { body } = await list({ filterFields: byParent(parent.menu_id), fields: 'menu_id,menu_name' });
    expect(Object.keys(body.data[0]).sort()).toEqual(['menu_id', 'menu_name']);
  });

  it('answers only meta with metadataOnly', async () => {
    const { parent } = await menuTree(4);
    const { body } = await list({ filterFields: byParent(parent.menu_id), metadataOnly: 'true' });
    expect(body).toEqual({ meta: { page: 1, limit: 10, total: 4, totalPages: 1, totalExact: true } });
  });

  it('returns every row with limit=-1', async () => {
    const { parent } = await menuTree(12);
    const { body } = await list({ filterFields: byParent(parent.menu_id), limit: '-1' });
    expect(body.data).toHaveLength(12);
    expect(body.meta).toMatchObject({ total: 12, limit: -1, totalPages: 1 });
  });

  it('refuses limit=-1 above the ceiling with a clear 400', async () => {
    const { parent, tenant } = await menuTree(0);
    await t.database.system.execute(
      sql`insert into custom_menus (menu_name, menu_parent_id, tenant_id)
          select 'Bulk ' || n, ${parent.menu_id}, ${tenant.tenant_id} from generate_series(1, ${LIST_ALL_CEILING + 1}) n`,
    );
    const { status, body } = await list({ filterFields: byParent(parent.menu_id), limit: '-1' });
    expect(status).toBe(400);
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.message).toContain(String(LIST_ALL_CEILING));
    expect(body.details[0].path).toBe('limit');
    const page = await list({ filterFields: byParent(parent.menu_id), limit: '5' });
    // Under EXACT_COUNT_THRESHOLD the total is counted exactly (custom-menus-totals.test.ts goes past it).
    expect(page.body.meta).toMatchObject({ total: LIST_ALL_CEILING + 1, totalExact: true });
    const tooBig = await list({ limit: '1001' });
    expect(tooBig.status).toBe(400);
  });

  it('formats timestamps as ISO strings in UTC', async () => {
    const { parent } = await menuTree(1);
    const { body } = await list({ filterFields: byParent(parent.menu_id), limit: '1' });
    expect(body.data[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
  });
});

describe('list: filters and search', () => {
  const names = (body: { data: { menu_name: string }[] }) => body.data.map((m) => m.menu_name).sort();

  it('applies every filter operator', async () => {
    const { parent, children } = await menuTree(6);
    const f = (extra: Record<string, unknown>) =>
      list({ filterFields: byParent(parent.menu_id, extra), limit: '-1' });
    const second = children[1]!;
    expect(names((await f({ sort_order: { $eq: 2 } })).body)).toEqual(['Even 2']);
    expect((await f({ sort_order: 2 })).body.data).toHaveLength(1);
    expect((await f({ sort_order: { $ne: 2 } })).body.data).toHaveLength(5);
    expect(names((await f({ sort_order: { $in: [1, 3] } })).body)).toEqual(['Odd 1', 'Odd 3']);
    expect((await f({ sort_order: [1, 3, 5] })).body.data).toHaveLength(3);
    expect((await f({ sort_order: { $nin: [1, 3] } })).body.data).toHaveLength(4);
    expect((await f({ sort_order: { $gt: 4 } })).body.data).toHaveLength(2);
    expect((await f({ sort_order: { $gte: 4 } })).body.data).toHaveLength(3);
    expect((await f({ sort_order: { $lt: 2 } })).body.data).toHaveLength(1);
    expect((await f({ sort_order: { $lte: 2 } })).body.data).toHaveLength(2);
    expect((await f({ sort_order: { $gt: 1, $lt: 4 } })).body.data).toHaveLength(2);
    expect(names((await f({ menu_name: { $like: 'Even%' } })).body)).toEqual(['Even 2', 'Even 4', 'Even 6']);
    expect((await f({ menu_name: { $like: 'even%' } })).body.data).toHaveLength(0);
    expect((await f({ menu_name: { $ilike: 'even%' } })).body.data).toHaveLength(3);
    expect((await f({ path: { $null: true } })).body.data).toHaveLength(3);
    expect((await f({ path: { $null: false } })).body.data).toHaveLength(3);
    expect((await f({ path: null })).body.data).toHaveLength(3);
    expect((await f({ menu_id: { $eq: String(second.menu_id) } })).body.data).toHaveLength(1);
    expect((await f({ is_deleted: false })).body.data).toHaveLength(6);
    expect(
      (await f({ created_at: { $lte: new Date(Date.now() + 60_000).toISOString() } })).body.data,
    ).toHaveLength(6);
  });

  it('ORs the objects of a JSON array', async () => {
    const { parent } = await menuTree(6);
    const filter = JSON.stringify([
      { menu_parent_id: parent.menu_id, sort_order: 1 },
      { menu_parent_id: parent.menu_id, menu_name: { $ilike: 'even 6' } },
    ]);
    const { body } = await list({ filterFields: filter });
    expect(names(body)).toEqual(['Even 6', 'Odd 1']);
  });

  it('searches the declared columns, or only searchFields', async () => {
    const { parent } = await menuTree(6);
    const all = await list({ filterFields: byParent(parent.menu_id), search: 'odd' });
    expect(all.body.data).toHaveLength(3);
    const onPath = await list({
      filterFields: byParent(parent.menu_id),
      search: 'path-2',
      searchFields: '["path"]',
    });
    expect(names(onPath.body)).toEqual(['Even 2']);
    const noneInName = await list({
      filterFields: byParent(parent.menu_id),
      search: 'path',
      searchFields: '["menu_name"]',
    });
    expect(noneInName.body.data).toHaveLength(0);
    const wildcard = await list({ filterFields: byParent(parent.menu_id), search: '%' });
    expect(wildcard.body.data).toHaveLength(0);
  });
});

describe('list: refusals', () => {
  it('names filterFields when its JSON is malformed', async () => {
    const { status, body } = await list({ filterFields: '{menu_name:' });
    expect(status).toBe(400);
    expect(body.message).toContain('filterFields');
    expect(body.details[0]).toMatchObject({ in: 'querystring', path: 'filterFields' });
  });

  it.each([
    [{ filterFields: '{"nope":1}' }, 'filterFields'],
    [{ filterFields: '{"menu_name":{"$regex":"x"}}' }, 'filterFields'],
    [{ fields: 'menu_id,nope' }, 'fields'],
    [{ sortField: 'nope' }, 'sortField'],
    [{ search: 'x', searchFields: '["nope"]' }, 'searchFields'],
    [{ search: 'x', searchFields: '["sort_order"]' }, 'searchFields'],
    [{ sortOrder: 'sideways' }, 'sortOrder'],
    [{ filterFields: '{"sort_order":"abc"}' }, 'filterFields'],
    [{ unknownParam: '1' }, ''],
    [{ filterFields: '{"__proto__":{"$eq":1}}' }, 'filterFields'],
    [{ filterFields: '[{"menu_id":1},{"__proto__":null}]' }, 'filterFields'],
  ])('refuses %j naming %s', async (query, name) => {
    const { status, body } = await list(query as Record<string, string>);
    expect(status).toBe(400);
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.message).toContain(name);
  });

  it.each(['deleted_by', 'deleted_at'])('refuses the unreadable column %s everywhere', async (column) => {
    const queries: Record<string, string>[] = [
      { fields: column },
      { filterFields: JSON.stringify({ [column]: 1 }) },
      { sortField: column },
      { search: 'x', searchFields: JSON.stringify([column]) },
    ];
    for (const query of queries) {
      const { status, body } = await list(query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body.message).toContain(`unknown column '${column}'`);
    }
  });
});
