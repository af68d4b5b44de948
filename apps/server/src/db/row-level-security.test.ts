import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMenu, makeTenant, makeUser, makeUserSetting } from '../test/factories';
import { makeTestDatabase } from '../test/make-app';
import type { Database } from './client';
import { customMenus } from './schema';
import { inScope } from './scope';

let database: Database;
let drop: () => Promise<void>;
let tenantA: number;
let tenantB: number;

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase());
  tenantA = (await makeTenant(database)).tenant_id;
  tenantB = (await makeTenant(database)).tenant_id;
  const user = await makeUser(database);
  await makeMenu(database, { menu_name: 'platform menu' });
  await makeMenu(database, { menu_name: 'menu of A', tenant_id: tenantA });
  await makeMenu(database, { menu_name: 'menu of B', tenant_id: tenantB });
  await makeUserSetting(database, { user_id: user.user_id, tenant_id: tenantA });
  await makeUserSetting(database, { user_id: user.user_id, tenant_id: null });
});
afterAll(async () => {
  await drop?.();
});

const menuNames = (rows: { menu_name: string }[]) => rows.map((row) => row.menu_name).sort();
const allMenus = sql`select menu_name from custom_menus order by menu_name`;

describe('row-level security (migration 0006)', () => {
  it('runs the application as a role that row-level security applies to', async () => {
    const [row] = await database.read<{ su: string }>(sql`select current_setting('is_superuser') as su`);
    expect(row?.su).toBe('off');
  });

  it('answers nothing to a statement that forgets its scope, even with no WHERE at all', async () => {
    expect(await database.read(allMenus)).toEqual([]);
    expect(await database.read(sql`select * from user_settings`)).toEqual([]);
    expect(await database.db.select().from(customMenus)).toEqual([]);
  });

  it("shows a tenant its own rows and the platform's shared ones, never another tenant's", async () => {
    expect(menuNames(await database.read(allMenus, false, tenantA))).toEqual(['menu of A', 'platform menu']);
    expect(menuNames(await database.read(allMenus, false, tenantB))).toEqual(['menu of B', 'platform menu']);
    expect(menuNames(await database.read(allMenus, false, 'main'))).toEqual(['platform menu']);
    expect(await database.read(allMenus, false, 'all')).toHaveLength(3);
  });

  it('sets the scope for one statement only', async () => {
    expect(await database.read(allMenus, false, tenantA)).toHaveLength(2);
    expect(await database.read(allMenus)).toEqual([]);
  });

  it("refuses to write into another tenant's rows or the platform's from a tenant", async () => {
    await expect(
      inScope(database.db, tenantB, (tx) =>
        tx.insert(customMenus).values({ menu_name: 'smuggled', tenant_id: tenantA }),
      ),
    ).rejects.toThrow();
    const changed = await inScope(database.db, tenantB, (tx) =>
      tx.execute(
        sql`update custom_menus set menu_name = 'renamed' where tenant_id is distinct from ${tenantB}`,
      ),
    );
    const result = changed as unknown as { affectedRows?: number; rowCount?: number };
    expect(result.rowCount ?? result.affectedRows).toBe(0);
    expect(menuNames(await database.read(allMenus, false, 'all'))).toEqual([
      'menu of A',
      'menu of B',
      'platform menu',
    ]);
  });

  it('keeps a scope inside a transaction and restores the outer one after a nested scope', async () => {
    const seen = await inScope(database.db, tenantA, async (tx) => {
      const outer = await tx.execute(allMenus);
      const inner = await inScope(tx, 'main', (nested) => nested.execute(allMenus));
      const after = await tx.execute(allMenus);
      return [outer, inner, after].map((result) => (result as unknown as { rows: unknown[] }).rows.length);
    });
    expect(seen).toEqual([2, 1, 2]);
    expect(await database.read(allMenus)).toEqual([]);
  });

  it('gives system paths every tenant through the separate all-tenants handle', async () => {
    expect(await database.system.select().from(customMenus)).toHaveLength(3);
    expect(await database.db.select().from(customMenus)).toEqual([]);
  });
});
