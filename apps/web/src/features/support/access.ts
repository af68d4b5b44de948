import type { SessionRole, SessionTenant } from '../../shared/session/types';

const PLATFORM_ADMIN_ROLE_ID = 1;

export interface HelpSession {
  roleContext: 'main_platform' | 'tenant';
  currentTenant: Pick<SessionTenant, 'tenant_id' | 'tenant_name'> | null;
  user: { roles: SessionRole[] } | null;
}

export interface HelpScope {
  /** Answers the support requests of the current context, and edits its FAQs. */
  administers: boolean;
  platformAdmin: boolean;
  contextLabel: string;
}

/**
 * Mirrors the server's rule (apps/server/src/modules/support/policy.ts): a tenant's admins answer
 * inside it, platform admins on the main platform. Only hides what the server would refuse.
 */
export function helpScope(session: HelpSession): HelpScope {
  const roles = session.user?.roles ?? [];
  const platformAdmin = roles.some((role) => role.role_id === PLATFORM_ADMIN_ROLE_ID && !role.tenant_id);
  const tenant = session.roleContext === 'tenant' ? session.currentTenant : null;
  const tenantAdmin =
    tenant !== null &&
    roles.some((role) => role.role_view === 'admin' && (role.tenant_id ?? null) === tenant.tenant_id);
  return {
    administers: tenant === null ? platformAdmin : tenantAdmin || platformAdmin,
    platformAdmin,
    contextLabel: tenant ? tenant.tenant_name : 'the platform',
  };
}
