import { EVENT_ORGANISER_PRIVILEGE } from '@nexus/contracts';
import type { SessionRole, SessionTenant } from '../../shared/session/types';

const PLATFORM_ADMIN_ROLE_ID = 1;

export interface OrganiserSession {
  roleContext: 'main_platform' | 'tenant';
  currentTenant: Pick<SessionTenant, 'tenant_id'> | null;
  user: { roles: SessionRole[] } | null;
}

/**
 * Whether to offer "Create event" by role: platform admins, and tenant admins inside their tenant.
 * Privilege holders: holdsOrganiserPrivilege. The server decides in every case.
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

/**
 * Whether the active role holds the organiser privilege (a menu granted with the path of
 * `/event/manage/:eventId`): such holders organise their tenant's events as its admins do.
 */
export function holdsOrganiserPrivilege(
  privileges: readonly { privilege_menu_id: number }[] | null,
  menus: readonly { menu_id: number; path?: string | null }[] | null,
): boolean {
  if (!privileges?.length || !menus?.length) return false;
  const granted = new Set(privileges.map((privilege) => privilege.privilege_menu_id));
  return menus.some((menu) => menu.path === EVENT_ORGANISER_PRIVILEGE && granted.has(menu.menu_id));
}
