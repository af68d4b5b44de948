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
 * administrators (a platform admin administers every tenant); on the main platform any signed-in user,
 * for the custom roles they parent (the owner scope keeps them to their own rows).
 */
export function mayManageCustomRoles(actor: Actor): boolean {
  return actor.tenantId === null || isTenantAdmin(actor);
}

/** Administrators see every custom role, custom role privilege and group of their scope. */
export function seesAllCustomRoles(actor: Actor): boolean {
  return isTenantAdmin(actor);
}
