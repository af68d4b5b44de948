import { AUTHORSHIP_MESSAGES, MANAGE_CUSTOM_ROLES_PATH } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inScope } from '../../db/scope';
import { forbidden } from '../../http/app-error';
import { type Actor, isTenantAdmin, type Policy } from '../../http/policy';

/**
 * System roles and their privileges shape everyone's navigation: every signed-in user reads them (the
 * client loads the active role's menus), only a platform admin changes them.
 */
export const systemPolicies = {
  read: 'signedIn',
  write: 'platformAdmin',
} as const satisfies { read: Policy; write: Policy };

/**
 * Custom roles, their privileges and group users: any signed-in user reaches the routes, and the rows
 * decide the rest (see `mayManageCustomRoles` and the owner scope of each resource, docs/permissions.md).
 */
export const customPolicies = {
  read: 'signedIn',
  write: 'signedIn',
} as const satisfies { read: Policy; write: Policy };

/**
 * Who may write custom roles, custom role privileges and group users: inside a tenant only its
 * administrators (a platform admin administers every tenant); on the main platform whoever holds the
 * Custom roles privilege (`holdsCustomRolesPrivilege`), for the custom roles they parent (the owner
 * scope keeps them to their own rows).
 */
export function mayManageCustomRoles(actor: Actor): boolean {
  return actor.tenantId === null || isTenantAdmin(actor);
}

/**
 * On the main platform: a platform administrator, or a system role the caller holds there is granted
 * the menu at MANAGE_CUSTOM_ROLES_PATH (issue 23, point 9). Only system role privileges count, which
 * only platform administrators write, so nobody grants it to themselves through a custom role.
 */
export async function holdsCustomRolesPrivilege(db: DbOrTx, actor: Actor): Promise<boolean> {
  if (actor.isPlatformAdmin) return true;
  if (actor.tenantId !== null) return isTenantAdmin(actor);
  const held = actor.roles.filter((role) => role.tenantId === null).map((role) => role.roleId);
  if (held.length === 0) return false;
  const result = (await inScope(db, 'main', (tx) =>
    tx.execute(sql`select 1 from privileges p
      join custom_menus m on m.menu_id = p.privilege_menu_id and m.is_deleted = false and m.tenant_id is null
      where p.is_deleted = false and p.tenant_id is null and m.path = ${MANAGE_CUSTOM_ROLES_PATH}
        and p.role_id in (${sql.join(
          held.map((id) => sql`${id}`),
          sql`, `,
        )})
      limit 1`),
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** The `authorize` rule of the custom role resources: 403 with the reason on the main platform. */
export async function assertManagesCustomRoles(db: DbOrTx, actor: Actor): Promise<void> {
  if (actor.tenantId !== null) return;
  if (!(await holdsCustomRolesPrivilege(db, actor))) throw forbidden(AUTHORSHIP_MESSAGES.manageCustomRoles);
}

/** Administrators see every custom role, custom role privilege and group of their scope. */
export function seesAllCustomRoles(actor: Actor): boolean {
  return isTenantAdmin(actor);
}
