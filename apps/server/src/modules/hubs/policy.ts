import { type Actor, isTenantAdmin, type Policy } from '../../http/policy';

/**
 * Hub pages (issue 22): anyone reads a published public hub, the signed-in read the platform's other
 * hubs, a tenant's members read its own hub pages. Platform admins edit the platform's hubs; tenant
 * admins make and edit their own tenant's pages.
 */
export const hubPolicies = {
  /** The handler decides: a public hub signed out, a private one signed in, a tenant's to its members. */
  read: 'public',
  list: 'signedIn',
  write: { anyOf: ['platformAdmin', 'tenantAdmin'] },
  children: 'signedIn',
} as const satisfies Record<string, Policy>;

/** True when the actor belongs to the tenant (any role in it); platform admins belong everywhere. */
export function isMemberOf(actor: Actor, tenantId: number): boolean {
  return actor.isPlatformAdmin || actor.roles.some((role) => role.tenantId === tenantId);
}

/** True when the actor may edit a hub of `tenantId` (null: a platform hub). */
export function mayEditHub(actor: Actor, tenantId: number | null): boolean {
  if (actor.isPlatformAdmin) return true;
  // A tenant admin edits only inside the tenant it administers now (its current context).
  return tenantId !== null && tenantId === actor.tenantId && isTenantAdmin(actor);
}
