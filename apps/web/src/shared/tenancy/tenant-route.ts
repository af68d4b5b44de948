import { sameRole } from '../session/active-role';
import type { SessionRole, SessionTenant, SessionUser } from '../session/types';
import { rolesInTenant } from './tenant-context';

/**
 * Routes whose tenant is named by the URL itself (spec section 2 "Tenant routes"
 * /t/{tenant_type}/{tenant_name}/..., and /license-ums/{licenseId}, a tenant's subscription). On
 * them the path decides the tenant context, not what browser storage remembers from another visit.
 */
export function isUrlScopedPath(pathname: string): boolean {
  return pathname.startsWith('/t/') || pathname.startsWith('/license-ums/');
}

/** Which tenant page a tenant route opens: the admin view or the member's home (spec section 4). */
export type TenantRouteKind = 'admin' | 'home';

/** The user's tenant a /t/{tenant_type}/{tenant_name}/ path names, if they belong to it. */
export function findRouteTenant(
  tenants: readonly SessionTenant[],
  tenantType: string,
  tenantName: string,
): SessionTenant | undefined {
  return tenants.find((tenant) => tenant.tenant_type === tenantType && tenant.tenant_name === tenantName);
}

/** The roles held in a tenant: from the session, else from the tenant list (it carries them too). */
function heldRoles(user: Pick<SessionUser, 'roles'> | null, tenant: SessionTenant): SessionRole[] {
  const held = rolesInTenant(user, tenant.tenant_id);
  if (held.length > 0) return held;
  const listed = (tenant as SessionTenant & { roles?: SessionRole[] }).roles ?? [];
  return rolesInTenant(
    { roles: listed.map((role) => ({ ...role, tenant_id: tenant.tenant_id })) },
    tenant.tenant_id,
  );
}

/**
 * The role a tenant route acts in (spec section 4: "Inside a tenant, a role whose view is admin lands
 * at .../admin-center; otherwise .../user/home"). The role the person already acts in there (or last
 * acted in, from storage) is kept when it fits the page; otherwise the admin route takes their admin
 * role there and the home a member role. A member without an admin role opens the admin route in the
 * role they hold (the server answers for what it may see). Undefined for a person holding no role there.
 */
export function roleForTenantRoute(
  user: Pick<SessionUser, 'roles'> | null,
  tenant: SessionTenant,
  kind: TenantRouteKind,
  preferred?: SessionRole | null,
): SessionRole | undefined {
  const held = heldRoles(user, tenant);
  if (held.length === 0) return undefined;
  const kept =
    preferred && (held.some((role) => sameRole(role, preferred)) || preferred.isCustom === true)
      ? (held.find((role) => sameRole(role, preferred)) ?? preferred)
      : undefined;
  if (kind === 'home') return kept ?? held.find((role) => role.role_view !== 'admin') ?? held[0];
  const admin = kept?.role_view === 'admin' ? kept : held.find((role) => role.role_view === 'admin');
  return admin ?? kept ?? held[0];
}
