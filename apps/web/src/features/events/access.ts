import type { SessionRole, SessionTenant } from '../../shared/session/types';

const PLATFORM_ADMIN_ROLE_ID = 1;

export interface OrganiserSession {
  roleContext: 'main_platform' | 'tenant';
  currentTenant: Pick<SessionTenant, 'tenant_id'> | null;
  user: { roles: SessionRole[] } | null;
}

/**
 * Whether to offer "Create event": platform admins, and tenant admins inside their tenant. Holders of
 * the organiser privilege see the button on the manage list too; the server decides in every case.
 */
export function canOrganise(session: OrganiserSession): boolean {
  const roles = session.user?.roles ?? [];
  if (roles.some((role) => role.role_id === PLATFORM_ADMIN_ROLE_ID && !role.tenant_id)) return true;
  const tenant = session.roleContext === 'tenant' ? session.currentTenant : null;
  return (
    tenant !== null &&
    roles.some((role) => role.role_view === 'admin' && (role.tenant_id ?? null) === tenant.tenant_id)
  );
}
