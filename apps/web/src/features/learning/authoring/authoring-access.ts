import type { SessionRole, SessionTenant } from '../../../shared/session/types';

/** The seeded platform admin role (role 1, spec section 4) and the seeded teacher role's name. */
const PLATFORM_ADMIN_ROLE_ID = 1;
const TEACHER_ROLE_NAME = 'teacher';

export interface AuthoringSession {
  roleContext: 'main_platform' | 'tenant';
  currentTenant: Pick<SessionTenant, 'tenant_id' | 'tenant_name'> | null;
  currentRole: SessionRole | null;
  user: { roles: SessionRole[]; active_role?: SessionRole | null } | null;
}

/** The role the user acts in: the tenant role inside a tenant, else the stored active role or the first. */
export function actingRole(session: AuthoringSession): SessionRole | null {
  if (session.roleContext === 'tenant') return session.currentRole;
  return session.user?.active_role ?? session.user?.roles[0] ?? null;
}

/** The tenant whose programs the user would author, or null for the whole platform. */
export function authoringTenant(session: AuthoringSession): AuthoringSession['currentTenant'] {
  return session.roleContext === 'tenant' ? session.currentTenant : null;
}

/**
 * Whether the acting role may build programs, mirroring the server's authoring policy
 * (apps/server/src/modules/learning/resources.ts): platform admins, admins of the current tenant and
 * teachers of the current context. Only hides what the server would refuse; the server decides.
 */
export function canAuthorPrograms(session: AuthoringSession): boolean {
  const role = actingRole(session);
  if (!role) return false;
  const tenantId = authoringTenant(session)?.tenant_id ?? null;
  if (role.role_id === PLATFORM_ADMIN_ROLE_ID && !role.tenant_id) return true;
  if ((role.tenant_id ?? null) !== tenantId) return false;
  if (role.role_name === TEACHER_ROLE_NAME) return true;
  return tenantId !== null && role.role_view === 'admin';
}

/** Who a program of the author's scope belongs to, in words (a tenant, or the whole platform). */
export function ownerLabel(session: AuthoringSession): string {
  const tenant = authoringTenant(session);
  return tenant ? tenant.tenant_name : 'the whole platform';
}
