import { useEffect, useMemo, useRef } from 'react';
import { type RootState, useAppDispatch, useAppSelector } from '../../app/store';
import { currentRoleOf, hasTempRole } from '../../shared/session/home-path';
import type { SessionRole } from '../../shared/session/types';
import { loadCustomRoles, loadMenus, loadPrivileges, selectNavigationAccess } from './access-slice';
import { grantedMenuItems, type MenuItem, tempRoleMenuItems } from './menu-tree';

/** The active role: the tenant role inside a tenant, else the user's active (or first) role (spec section 4). */
export function activeRoleOf(state: RootState): SessionRole | null {
  const { roleContext, currentRole, user } = state.auth;
  if (roleContext === 'tenant' && currentRole) return currentRole;
  return (currentRoleOf(user) as SessionRole | undefined) ?? null;
}

export function useActiveRole(): SessionRole | null {
  return useAppSelector(activeRoleOf);
}

/**
 * The frame's menu entries for the active role: loads the menus once and the role's privileges (and
 * the custom roles of the user's group memberships) whenever the role or the tenant changes.
 */
export function useRoleMenus(): readonly MenuItem[] {
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const tenantId = useAppSelector((state) =>
    state.auth.roleContext === 'tenant' ? (state.auth.currentTenant?.tenant_id ?? null) : null,
  );
  const role = useActiveRole();
  const roleId = role?.role_id ?? null;
  const { menus, privileges, menusStatus } = useAppSelector(selectNavigationAccess);
  const temp = useAppSelector((state) => state.auth.isLoggedIn && hasTempRole(state.auth.user));

  useEffect(() => {
    if (isLoggedIn && menusStatus === 'idle') void dispatch(loadMenus());
  }, [dispatch, isLoggedIn, menusStatus]);

  // A tenant adds its own menus to the platform's: entering another scope reads them again.
  const loadedFor = useRef(tenantId);
  useEffect(() => {
    if (loadedFor.current === tenantId) return;
    loadedFor.current = tenantId;
    if (isLoggedIn) void dispatch(loadMenus());
  }, [dispatch, isLoggedIn, tenantId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload on a new role id or tenant only, not on a new role object
  useEffect(() => {
    if (!isLoggedIn || !role) return;
    void dispatch(loadPrivileges(role));
    void dispatch(loadCustomRoles());
  }, [dispatch, isLoggedIn, roleId, tenantId]);

  const adminView = role?.role_view === 'admin';
  return useMemo(() => {
    const granted = grantedMenuItems(menus, privileges, adminView);
    return temp ? tempRoleMenuItems(granted) : granted;
  }, [menus, privileges, adminView, temp]);
}
