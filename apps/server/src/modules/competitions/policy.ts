import { COMPETITION_MESSAGES, COMPETITION_PRIVILEGE } from '@nexus/contracts';
import { forbidden } from '../../http/app-error';
import { type Actor, hasPrivilege, isTenantAdmin, type Policy } from '../../http/policy';

/**
 * Issue 17 point 4: anyone reads what is visible to them (public competitions signed out); signed-in
 * people enter, submit and judge (the service checks they are entrants or judges); organisers are
 * platform admins, tenant admins and holders of the `/manage-competitions` privilege in their tenant.
 */
export const competitionPolicies = {
  read: 'public',
  participate: 'signedIn',
  organise: { anyOf: ['platformAdmin', 'tenantAdmin', { privilege: COMPETITION_PRIVILEGE }] },
} as const satisfies { read: Policy; participate: Policy; organise: Policy };

/** True when the actor organises competitions of `tenantId` (null: the platform) in its current context. */
export function organises(actor: Actor | null, tenantId: number | null): boolean {
  if (!actor) return false;
  if (actor.isPlatformAdmin) return true;
  if (tenantId === null || tenantId !== actor.tenantId) return false;
  return isTenantAdmin(actor) || hasPrivilege(actor, COMPETITION_PRIVILEGE);
}

/** The owner tenant of a new competition: the body's, else the caller's context; never another tenant. */
export function ownerTenant(actor: Actor, requested: number | null | undefined): number | null {
  const tenantId = requested === undefined ? actor.tenantId : requested;
  if (!organises(actor, tenantId)) throw forbidden(COMPETITION_MESSAGES.otherTenant);
  return tenantId;
}

/** True when the actor belongs to `tenantId` (holds a role there or is acting in it). */
export function belongsTo(actor: Actor | null, tenantId: number | null): boolean {
  if (!actor || tenantId === null) return false;
  return actor.tenantId === tenantId || actor.roles.some((role) => role.tenantId === tenantId);
}
