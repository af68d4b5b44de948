import { CSR_PRIVILEGE, VOLUNTEERING_MESSAGES, VOLUNTEERING_PRIVILEGE } from '@nexus/contracts';
import { forbidden } from '../../http/app-error';
import { type Actor, hasPrivilege, isTenantAdmin, type Policy } from '../../http/policy';

/**
 * Issue 22 point 4: everyone signed in browses opportunities and signs up; organisers are a tenant's
 * administrators and holders of the volunteering privilege inside it, and a platform admin.
 */
export const servicesPolicies = {
  signedIn: 'signedIn',
  organise: { anyOf: ['platformAdmin', 'tenantAdmin', { privilege: VOLUNTEERING_PRIVILEGE }] },
  publishCsr: { anyOf: ['platformAdmin', 'tenantAdmin', { privilege: CSR_PRIVILEGE }] },
} as const satisfies Record<string, Policy>;

/** True when the actor organises volunteering for `tenantId`. */
export function organises(actor: Actor | null, tenantId: number): boolean {
  if (!actor) return false;
  if (actor.isPlatformAdmin) return true;
  if (tenantId !== actor.tenantId) return false;
  return isTenantAdmin(actor) || hasPrivilege(actor, VOLUNTEERING_PRIVILEGE);
}

/** The tenant a new opportunity belongs to: the caller's current one, where it must organise. */
export function organiserTenant(actor: Actor): number {
  if (actor.tenantId === null) throw forbidden(VOLUNTEERING_MESSAGES.tenantNeeded);
  if (!organises(actor, actor.tenantId)) throw forbidden(VOLUNTEERING_MESSAGES.notOrganiser);
  return actor.tenantId;
}

/** True when the actor publishes CSR projects for `tenantId`. */
export function publishes(actor: Actor, tenantId: number): boolean {
  if (actor.isPlatformAdmin) return true;
  if (tenantId !== actor.tenantId) return false;
  return isTenantAdmin(actor) || hasPrivilege(actor, CSR_PRIVILEGE);
}
