import { randomBytes } from 'node:crypto';
import { MANAGE_CUSTOM_ROLES_PATH } from '@nexus/contracts';
import type { Database } from '../db/client';
import { customMenus, customRolePrivileges, groupUsers, privileges, roles, userRoles } from '../db/schema';

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

/** Grants a system role the Custom roles privilege on the main platform (docs/permissions.md). */
export async function grantCustomRolesPrivilege(database: Database, roleId: number) {
  const [menu] = await database.system
    .insert(customMenus)
    .values({ menu_name: `Custom roles ${uid()}`, path: MANAGE_CUSTOM_ROLES_PATH })
    .returning();
  const [row] = await database.system
    .insert(privileges)
    .values({ role_id: roleId, privilege_menu_id: menu!.menu_id })
    .returning();
  return row!;
}

/** The seeded Individual role (13), which the `member` test actor holds. */
export const INDIVIDUAL_ROLE_ID = 13;
