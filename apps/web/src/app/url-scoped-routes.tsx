import type { ComponentType, ReactNode } from 'react';

export type ScopeGate = ComponentType<{ children: ReactNode }>;

/**
 * Routes that name a tenant or a tenant's record (issue 23 part 10): the gate takes the tenant
 * context from the URL before the page mounts, or shows the 404 page to a non-member. Loaded with
 * the page, so no other route carries it.
 */
export const URL_SCOPED_GATES: Record<string, () => Promise<ScopeGate>> = {
  '/t/:tenant_type/:tenant_name/admin-center': async () => {
    const { TenantRouteGate } = await import('./tenancy/TenantRouteGate');
    return ({ children }) => <TenantRouteGate kind="admin">{children}</TenantRouteGate>;
  },
  '/t/:tenant_type/:tenant_name/user/home': async () => {
    const { TenantRouteGate } = await import('./tenancy/TenantRouteGate');
    return ({ children }) => <TenantRouteGate kind="home">{children}</TenantRouteGate>;
  },
  '/license-ums/:licenseId': async () => (await import('../features/administration')).LicenseTenantGate,
};
