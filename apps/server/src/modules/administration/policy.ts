import type { Policy } from '../../http/policy';
import { type Actor, isTenantAdmin } from '../../http/policy';

/** Menus shape everyone's navigation; only administrators change them (platform or own tenant). */
export const menuPolicies = {
  read: 'signedIn',
  write: { anyOf: ['platformAdmin', 'tenantAdmin'] },
} as const satisfies { read: Policy; write: Policy };

/** Any signed-in user manages their own settings; administrators manage their tenant's. */
export const userSettingPolicies = {
  read: 'signedIn',
  write: 'signedIn',
} as const satisfies { read: Policy; write: Policy };

/** Administrators see and change every user's settings inside their scope; others only their own. */
export function managesOthersSettings(actor: Actor): boolean {
  return isTenantAdmin(actor);
}
