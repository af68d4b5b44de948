import { type Actor, isTenantAdmin } from '../../http/policy';

/**
 * Whose calendar an actor may check on /test-calendar: a platform admin anyone's; a tenant admin,
 * acting in that tenant, the members of it (people holding a role there). Null: nobody's.
 * `tenantId` null means "every user", a number "members of this tenant".
 */
export function administeredScope(actor: Actor): { tenantId: number | null } | null {
  if (actor.isPlatformAdmin) return { tenantId: null };
  if (actor.tenantId !== null && isTenantAdmin(actor)) return { tenantId: actor.tenantId };
  return null;
}
