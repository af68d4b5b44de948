// What other areas may use from navigation: the frame's menus and what the admin center edits.
export {
  initialNavigationAccessState,
  loadCustomRoles,
  loadMenus,
  loadPrivileges,
  MENUS_PATH,
  MY_CUSTOM_ROLES_PATH,
  MY_PRIVILEGES_PATH,
  type NavigationAccessState,
  selectNavigationAccess,
} from './access-slice';
export { useAdminMenuItems, withAdminMenu } from './admin-menu';
export { MainNav } from './components/MainNav';
export { menuSelected } from './menu-slice';
export { buildMenuTree, defaultMenuRows, type MenuItem } from './menu-tree';
export * from './state';
export { activeRoleOf, useRoleMenus } from './use-role-menus';
