import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { customMenus, tenants, userSettings, users } from '../db/schema';
import type { Actor } from '../http/policy';

const unique = () => randomBytes(5).toString('hex');

/** A fresh tenant per test, so tests never truncate tables and never see each other's rows. */
export async function makeTenant(database: Database, overrides: Partial<typeof tenants.$inferInsert> = {}) {
  const [row] = await database.system
    .insert(tenants)
    .values({ tenant_type: 'institute', tenant_name: `Tenant ${unique()}`, ...overrides })
    .returning();
  return row!;
}

export async function makeUser(database: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  const name = `user_${unique()}`;
  const [row] = await database.system
    .insert(users)
    .values({
      username: name,
      email: `${name}@example.test`,
      first_name: 'Test',
      last_name: 'User',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function makeMenu(database: Database, overrides: Partial<typeof customMenus.$inferInsert> = {}) {
  const [row] = await database.system
    .insert(customMenus)
    .values({ menu_name: `Menu ${unique()}`, ...overrides })
    .returning();
  return row!;
}

export async function makeUserSetting(
  database: Database,
  values: Pick<typeof userSettings.$inferInsert, 'user_id'> & Partial<typeof userSettings.$inferInsert>,
) {
  const [row] = await database.system.insert(userSettings).values(values).returning();
  return row!;
}

/** Ready-made identities: a platform admin, a tenant admin, a teacher and a member of a tenant. */
export function platformAdmin(userId: number, tenantId: number | null = null): Actor {
  return {
    userId,
    tenantId,
    isPlatformAdmin: true,
    roles: [{ roleId: 1, roleName: 'admin', roleView: 'admin', tenantId: null }],
  };
}

export function tenantAdmin(userId: number, tenantId: number): Actor {
  return {
    userId,
    tenantId,
    isPlatformAdmin: false,
    roles: [{ roleId: 2, roleName: 'tenant-admin', roleView: 'admin', tenantId }],
  };
}

export function member(userId: number, tenantId: number | null): Actor {
  return {
    userId,
    tenantId,
    isPlatformAdmin: false,
    roles: [{ roleId: 13, roleName: 'individual', roleView: 'user', tenantId }],
  };
}

/** A teacher (role 14): authors programs and assessments in their tenant, or on the platform when null. */
export function teacher(userId: number, tenantId: number | null): Actor {
  return {
    userId,
    tenantId,
    isPlatformAdmin: false,
    roles: [{ roleId: 14, roleName: 'teacher', roleView: 'user', tenantId }],
  };
}
