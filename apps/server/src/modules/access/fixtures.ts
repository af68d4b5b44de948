import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { customRolePrivileges, groupUsers, roles, userRoles } from '../../db/schema';

const uid = () => randomBytes(5).toString('hex');

/** Test rows of the access area (the shared factories cover users, tenants and menus). */
export async function makeSystemRole(database: Database, tenantId: number | null = null) {
  const [row] = await database.system
    .insert(roles)
    .values({ role_name: `role_${uid()}`, display_name: 'Role', tenant_id: tenantId })
    .returning();
  return row!;
}

export async function makeCustomRole(
  database: Database,
  parentUserId: number,
  tenantId: number | null = null,
) {
  const [row] = await database.system
    .insert(roles)
    .values({
      role_name: `custom_${uid()}`,
      display_name: 'Custom',
      parent_user_id: parentUserId,
      tenant_id: tenantId,
    })
    .returning();
  return row!;
}

export async function makeGroupUser(
  database: Database,
  values: { user_id: number; parent_user_id: number; role_ids: number[]; tenant_id?: number | null },
) {
  const [row] = await database.system.insert(groupUsers).values(values).returning();
  return row!;
}

export async function makeCustomRolePrivilege(
  database: Database,
  values: { role_id: number; privilege_menu_id: number; tenant_id?: number | null; created_by?: number },
) {
  const [row] = await database.system.insert(customRolePrivileges).values(values).returning();
  return row!;
}

export async function holdRole(database: Database, userId: number, roleId: number, tenantId: number | null) {
  await database.system.insert(userRoles).values({ user_id: userId, role_id: roleId, tenant_id: tenantId });
}

export const uniqueName = (prefix: string) => `${prefix}_${uid()}`;
