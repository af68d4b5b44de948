import type { SessionRole, SessionTenant } from '../../shared/session/types';

/** A role's name for people: its display name (spec section 3), else its name, else its id. */
export function roleLabel(role: SessionRole): string {
  return role.display_name || role.role_name || `Role ${role.role_id}`;
}

/** Spec section 6: the role view is admin or user; it decides the landing page. */
export function roleViewLabel(role: SessionRole): string {
  return role.role_view === 'admin' ? 'Admin view' : 'Member view';
}

/** A stable key for a role held in a tenant or on the main platform. */
export function roleKey(role: SessionRole): string {
  return `${role.role_id}:${role.tenant_id ?? 'platform'}`;
}

/**
 * Where a role is held: the main platform, or the organisation by name (the same role held in both
 * would otherwise show as two identical choices, issue 23).
 */
export function rolePlaceLabel(role: SessionRole, tenants: readonly SessionTenant[]): string {
  if (role.tenant_id === null || role.tenant_id === undefined) return 'Main platform';
  return (
    tenants.find((tenant) => tenant.tenant_id === role.tenant_id)?.tenant_name ??
    `Organisation #${role.tenant_id}`
  );
}
