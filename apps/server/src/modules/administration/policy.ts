import type { Policy } from '../../http/policy';
import { type Actor, hasPrivilege, isTenantAdmin } from '../../http/policy';

/**
 * The admin center's menu: inside a tenant, a role granted it (a custom role its admins defined, or a
 * system role privilege) may edit the tenant's menus and manage its members' settings, without
 * becoming a tenant admin (roles, custom roles and groups stay with the admins).
 */
export const ADMIN_CENTER_MENU = '/admin-center';

/** Menus shape everyone's navigation; administrators change them (platform or own tenant). */
export const menuPolicies = {
  read: 'signedIn',
  write: { anyOf: ['platformAdmin', 'tenantAdmin', { privilege: ADMIN_CENTER_MENU }] },
} as const satisfies { read: Policy; write: Policy };

/** Any signed-in user manages their own settings; administrators manage their tenant's. */
export const userSettingPolicies = {
  read: 'signedIn',
  write: 'signedIn',
} as const satisfies { read: Policy; write: Policy };

/** Administrators see and change every user's settings inside their scope; others only their own. */
export function managesOthersSettings(actor: Actor): boolean {
  return isTenantAdmin(actor) || hasPrivilege(actor, ADMIN_CENTER_MENU);
}
