import { useMemo } from 'react';
import { useAppSelector } from '../../app/store';
import { tenantHomePath } from '../../shared/session/home-path';
import { holdsPlatformAdminRole } from '../../shared/session/use-actor';
import type { MenuItem } from './menu-tree';
import { useActiveRole } from './use-role-menus';

/** Ids of the administration entries: negative, so they never meet a menu row of the server. */
const ADMIN_GROUP_ID = -100;

/** What decides which administration pages a session may open. */
export interface AdminAccess {
  /** Holds the platform admin role (role 1) on the main platform. */
  platformAdmin: boolean;
  /** In a tenant with an admin view there: that tenant's admin center; else null. */
  tenantAdminCenter: string | null;
  /** The active main-platform role has the admin view (it lands on /admin-center). */
  adminView: boolean;
}

/**
 * The administration entries of the navigation (issue 23 point 8), for those who may open the pages:
 * inside a tenant its admins get the tenant's admin center; a platform administrator gets users,
 * roles, clients, recent changes and the domain events; another admin-view role gets its admin center. Nobody else gets
 * any. The server still refuses what a role may not do; this only stops showing doors that are shut.
 */
export function adminMenuItems(access: AdminAccess): MenuItem[] {
  const entry = (
    offset: number,
    menu_name: string,
    path: string,
    parent: number | null = ADMIN_GROUP_ID,
  ) => ({
    menu_id: ADMIN_GROUP_ID - offset,
    menu_name,
    menu_parent_id: parent,
    path,
  });
  if (access.tenantAdminCenter) return [entry(0, 'Administration', access.tenantAdminCenter, null)];
  if (access.platformAdmin) {
    return [
      entry(0, 'Administration', '/admin-center', null),
      entry(1, 'Users', '/admin-center'),
      entry(2, 'Roles', '/admin-center?tab=roles'),
      entry(3, 'Clients', '/clients'),
      entry(4, 'Recent changes', '/admin-center?tab=recent'),
      entry(5, 'Background jobs', '/admin-center?tab=jobs'),
      entry(6, 'Domain events', '/admin-center?tab=events'),
    ];
  }
  // Named as the other administration entries: beside the seeded "Admin Center" group it would read twice.
  if (access.adminView) return [entry(0, 'Administration', '/admin-center', null)];
  return [];
}

/**
 * The granted entries plus the administration ones, unless the granted menus already link there. A
 * granted menu with children is a group in the sidebar, not a link, so it does not lead anywhere.
 */
export function withAdminMenu(items: readonly MenuItem[], offered: readonly MenuItem[]): readonly MenuItem[] {
  let admin = offered;
  if (admin.length === 0) return items;
  const home = admin[0]!.path;
  const isGroup = (item: MenuItem) => items.some((child) => child.menu_parent_id === item.menu_id);
  if (items.some((item) => item.path === home && !isGroup(item))) return items;
  // A page the granted menus already link to is not offered twice.
  const linked = new Set(items.filter((item) => !isGroup(item)).map((item) => item.path));
  admin = admin.filter((item, index) => index === 0 || !linked.has(item.path));
  return [...items, ...admin];
}

/** The session's administration entries (see adminMenuItems). */
export function useAdminMenuItems(): readonly MenuItem[] {
  const platformAdmin = useAppSelector((state) => holdsPlatformAdminRole(state.auth.user?.roles ?? []));
  const tenantAdminCenter = useAppSelector((state) => {
    const { roleContext, currentTenant, currentRole } = state.auth;
    if (roleContext !== 'tenant' || !currentTenant || currentRole?.role_view !== 'admin') return null;
    return tenantHomePath(currentTenant, currentRole);
  });
  const adminView = useActiveRole()?.role_view === 'admin';
  return useMemo(
    () => adminMenuItems({ platformAdmin, tenantAdminCenter, adminView }),
    [platformAdmin, tenantAdminCenter, adminView],
  );
}
