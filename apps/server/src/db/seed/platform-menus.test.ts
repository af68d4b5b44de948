import { MANAGE_CUSTOM_ROLES_PATH } from '@nexus/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { holdsCustomRolesPrivilege } from '../../modules/access';
import { makeTestDatabase } from '../../test/make-app';
import type { Database } from '../client';
import { customMenus, privileges, roles, tenants } from '../schema';
import { seed } from './index';
import { seedOnStart } from './on-start';

/** Issue 23: a database seeded before the "Custom roles" menu existed gets it on the next start. */

const ADMIN = { adminEmail: 'admin@example.test', adminPassword: 'a-long-admin-password' };

/** A production start with SEED=none, as an operator restarts an existing server. */
async function start(database: Database) {
  const lines: string[] = [];
  const config = loadConfig({
    NODE_ENV: 'production',
    SEED: 'none',
    SEED_ADMIN_EMAIL: ADMIN.adminEmail,
    SEED_ADMIN_PASSWORD: ADMIN.adminPassword,
  });
  await seedOnStart(database, config, (line) => lines.push(line));
  return lines;
}

/** Every platform row holding the privilege's path, deleted ones included. */
function customRolesMenus(database: Database) {
  return database.system
    .select()
    .from(customMenus)
    .where(and(isNull(customMenus.tenant_id), eq(customMenus.path, MANAGE_CUSTOM_ROLES_PATH)));
}

async function adminCenterId(database: Database): Promise<number> {
  const [row] = await database.system
    .select({ id: customMenus.menu_id })
    .from(customMenus)
    .where(and(isNull(customMenus.tenant_id), eq(customMenus.path, '/admin-center')));
  return row!.id;
}

/** As a database seeded before issue 23 looks: the navigation without the Custom roles menu. */
async function forgetCustomRolesMenu(database: Database) {
  await database.system
    .delete(customMenus)
    .where(and(isNull(customMenus.tenant_id), eq(customMenus.path, MANAGE_CUSTOM_ROLES_PATH)));
  expect(await customRolesMenus(database)).toHaveLength(0);
}

describe('the Custom roles menu on an already-seeded database', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await makeTestDatabase());
    await seed(database, ADMIN);
  });
  afterAll(async () => drop());

  it('is added under Admin Center once, after its siblings, and then grants the privilege', async () => {
    await forgetCustomRolesMenu(database);
    const parent = await adminCenterId(database);

    const lines = await start(database);
    const [menu, ...more] = await customRolesMenus(database);
    expect(more).toHaveLength(0);
    expect(menu).toMatchObject({ menu_name: 'Custom roles', menu_parent_id: parent, is_deleted: false });
    const siblings = await database.system
      .select({ order: customMenus.sort_order, id: customMenus.menu_id })
      .from(customMenus)
      .where(eq(customMenus.menu_parent_id, parent));
    expect(
      Math.max(...siblings.filter((row) => row.id !== menu!.menu_id).map((row) => row.order)),
    ).toBeLessThan(menu!.sort_order);
    expect(lines).toContain(`platform menu added: Custom roles (${MANAGE_CUSTOM_ROLES_PATH})`);

    // A second start (and a demo seed run again) changes nothing.
    expect(await start(database)).toEqual([]);
    await seed(database, ADMIN);
    expect(await customRolesMenus(database)).toEqual([menu]);

    // The added menu is the privilege: granted to a system role on the main platform, its holders pass.
    const [role] = await database.system
      .select({ id: roles.role_id, name: roles.role_name })
      .from(roles)
      .where(eq(roles.role_name, 'teacher'));
    const actor = {
      userId: 999_999,
      tenantId: null,
      isPlatformAdmin: false,
      roles: [{ roleId: role!.id, roleName: role!.name, roleView: 'user' as const, tenantId: null }],
    };
    expect(await holdsCustomRolesPrivilege(database.db, actor)).toBe(false);
    await database.system.insert(privileges).values({ role_id: role!.id, privilege_menu_id: menu!.menu_id });
    expect(await holdsCustomRolesPrivilege(database.db, actor)).toBe(true);
    await database.system.delete(privileges).where(eq(privileges.privilege_menu_id, menu!.menu_id));
  });

  it('leaves a menu an administrator renamed, moved or deleted as it is', async () => {
    const [menu] = await customRolesMenus(database);
    await database.system
      .update(customMenus)
      .set({ menu_name: 'Role builder', menu_parent_id: null, sort_order: 5 })
      .where(eq(customMenus.menu_id, menu!.menu_id));
    await start(database);
    expect(await customRolesMenus(database)).toEqual([
      { ...menu, menu_name: 'Role builder', menu_parent_id: null, sort_order: 5 },
    ]);

    await database.system
      .update(customMenus)
      .set({ is_deleted: true })
      .where(eq(customMenus.menu_id, menu!.menu_id));
    await start(database);
    const after = await customRolesMenus(database);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ menu_id: menu!.menu_id, is_deleted: true });
  });

  it("is added for the platform even when a tenant's own menu holds the same path", async () => {
    await forgetCustomRolesMenu(database);
    const [tenant] = await database.system.select({ id: tenants.tenant_id }).from(tenants).limit(1);
    await database.system
      .insert(customMenus)
      .values({ menu_name: 'Our roles', path: MANAGE_CUSTOM_ROLES_PATH, tenant_id: tenant!.id });
    await start(database);
    const [menu, ...more] = await customRolesMenus(database);
    expect(more).toHaveLength(0);
    expect(menu).toMatchObject({ menu_name: 'Custom roles', menu_parent_id: await adminCenterId(database) });
  });
});

describe('the Custom roles menu on a database without platform menus', () => {
  it('is left to the demo seed, which then adds the whole navigation with it once', async () => {
    const { database, drop } = await makeTestDatabase();
    try {
      await start(database);
      const [none] = await database.system
        .select({ n: sql<number>`count(*)::int` })
        .from(customMenus)
        .where(isNull(customMenus.tenant_id));
      expect(none?.n).toBe(0);

      const result = await seed(database, ADMIN);
      expect(result.menusCreated).toBeGreaterThan(10);
      const [menu, ...more] = await customRolesMenus(database);
      expect(more).toHaveLength(0);
      expect(menu).toMatchObject({
        menu_name: 'Custom roles',
        menu_parent_id: await adminCenterId(database),
      });
      await start(database);
      expect(await customRolesMenus(database)).toEqual([menu]);
    } finally {
      await drop();
    }
  });
});
