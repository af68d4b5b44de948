import { HIRING_MESSAGES, HIRING_PRIVILEGE } from '@nexus/contracts';
import { forbidden } from '../../http/app-error';
import { type Actor, hasPrivilege, isTenantAdmin, type Policy } from '../../http/policy';

/**
 * Issue 20 point 2: anyone (signed out too) reads open postings; employers are the tenant's
 * administrators and holders of the recruitment privilege inside their tenant, and a platform admin.
 */
export const hiringPolicies = {
  read: 'public',
  signedIn: 'signedIn',
  employ: { anyOf: ['platformAdmin', 'tenantAdmin', { privilege: HIRING_PRIVILEGE }] },
} as const satisfies Record<string, Policy>;

/** True when the actor hires for `tenantId`. */
export function employs(actor: Actor | null, tenantId: number): boolean {
  if (!actor) return false;
  if (actor.isPlatformAdmin) return true;
  if (tenantId !== actor.tenantId) return false;
  return isTenantAdmin(actor) || hasPrivilege(actor, HIRING_PRIVILEGE);
}

/** The tenant a new posting belongs to: the caller's current one, where it must hire. */
export function employerTenant(actor: Actor): number {
  if (actor.tenantId === null) throw forbidden(HIRING_MESSAGES.tenantNeeded);
  if (!employs(actor, actor.tenantId)) throw forbidden(HIRING_MESSAGES.notEmployer);
  return actor.tenantId;
}
