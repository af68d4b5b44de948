import type { SessionRole, SessionTenant } from '../../shared/session/types';

const PLATFORM_ADMIN_ROLE_ID = 1;

export interface AnnouncerSession {
  roleContext: 'main_platform' | 'tenant';
  currentTenant: Pick<SessionTenant, 'tenant_id' | 'tenant_name'> | null;
  currentRole: SessionRole | null;
  user: { roles: SessionRole[] } | null;
}

export interface AnnouncerScope {
  canPublish: boolean;
  /** Whom a new announcement reaches: the current tenant, or the whole platform. */
  tenantId: number | null;
  audienceLabel: string;
}

/**
 * Mirrors the server's rule (apps/server/src/modules/announcements/policy.ts): platform admins write
 * to the context they are in, tenant admins to the tenant they are in. Only hides what the server
 * would refuse; the server decides.
 */
export function announcerScope(session: AnnouncerSession): AnnouncerScope {
  const roles = session.user?.roles ?? [];
  const platformAdmin = roles.some((role) => role.role_id === PLATFORM_ADMIN_ROLE_ID && !role.tenant_id);
  const tenant = session.roleContext === 'tenant' ? session.currentTenant : null;
  const tenantAdmin =
    tenant !== null &&
    roles.some((role) => role.role_view === 'admin' && (role.tenant_id ?? null) === tenant.tenant_id);
  return {
    canPublish: platformAdmin || tenantAdmin,
    tenantId: tenant?.tenant_id ?? null,
    audienceLabel: tenant ? `everyone in ${tenant.tenant_name}` : 'everyone on the platform',
  };
}
