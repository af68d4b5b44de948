import { type Actor, isTenantAdmin, type Policy } from '../../http/policy';

/**
 * Issue 22 point 5. Support requests: anyone signed in asks and follows their own; the administrators
 * of the current context (a tenant's admins; platform admins on the main platform) answer. FAQs: anyone
 * reads, signed out too; platform admins write the platform's, tenant admins their tenant's. The
 * privacy policy: anyone reads; platform admins publish.
 */
export const supportPolicies = {
  signedIn: 'signedIn',
  public: 'public',
  faqWrite: { anyOf: ['platformAdmin', 'tenantAdmin'] },
  platformAdmin: 'platformAdmin',
} as const satisfies Record<string, Policy>;

/** True when the actor answers the support requests of its current context. */
export function answersSupport(actor: Actor): boolean {
  return actor.tenantId === null ? actor.isPlatformAdmin : isTenantAdmin(actor);
}
