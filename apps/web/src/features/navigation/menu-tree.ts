import { DEFAULT_MENU } from '@nexus/contracts';
import { isOpenToTempRole } from '../../shared/session/temp-role-paths';
import type { MenuRow, Privilege } from './access-slice';

/** One navigation entry: the spec section 3 "Menu" fields plus the route it opens. */
export interface MenuItem {
  menu_id: number;
  menu_name: string;
  menu_parent_id: number | null;
  path: string;
}

export interface MenuNode extends MenuItem {
  children: MenuNode[];
}

/**
 * Turns the flat menu list (as the server sends it, spec section 7 system/customMenus) into a tree,
 * keeping the server's order. An entry whose parent is missing (not granted to this role) is shown
 * at the top level rather than dropped, so a privilege is never silently unreachable.
 */
export function buildMenuTree(items: readonly MenuItem[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const item of items) nodes.set(item.menu_id, { ...item, children: [] });
  const roots: MenuNode[] = [];
  for (const item of items) {
    const node = nodes.get(item.menu_id)!;
    const parent = item.menu_parent_id === null ? undefined : nodes.get(item.menu_parent_id);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The navigation until the menus come from the server by privilege (a later issue). Home is first
 * and is the default selection (spec section 9); every path is a spec section 2 route.
 */
export const DEFAULT_MENU_ITEMS: readonly MenuItem[] = [
  { menu_id: 1, menu_name: DEFAULT_MENU, menu_parent_id: null, path: '/user/home' },
  { menu_id: 2, menu_name: 'Learning', menu_parent_id: null, path: '/learning-journey' },
  { menu_id: 24, menu_name: 'Programs', menu_parent_id: 2, path: '/lxp' },
  { menu_id: 21, menu_name: 'Learning journey', menu_parent_id: 2, path: '/learning-journey' },
  { menu_id: 22, menu_name: 'My library', menu_parent_id: 2, path: '/my-library' },
  { menu_id: 23, menu_name: 'Assessments', menu_parent_id: 2, path: '/assessments' },
  { menu_id: 3, menu_name: 'Community', menu_parent_id: null, path: '/community' },
  { menu_id: 31, menu_name: 'Members', menu_parent_id: 3, path: '/community/members' },
  { menu_id: 32, menu_name: 'Groups', menu_parent_id: 3, path: '/community/groups' },
  { menu_id: 33, menu_name: 'My posts', menu_parent_id: 3, path: '/community/my-posts' },
  { menu_id: 34, menu_name: 'Network', menu_parent_id: 3, path: '/network' },
  { menu_id: 35, menu_name: 'My connections', menu_parent_id: 3, path: '/community/my-connections' },
  { menu_id: 36, menu_name: 'Posts', menu_parent_id: 3, path: '/post-details' },
  { menu_id: 4, menu_name: 'Events', menu_parent_id: null, path: '/event-block' },
  { menu_id: 5, menu_name: 'Messages', menu_parent_id: null, path: '/messages' },
  { menu_id: 6, menu_name: 'Calendar', menu_parent_id: null, path: '/calendar' },
  { menu_id: 7, menu_name: 'Resources', menu_parent_id: null, path: '/resources' },
  { menu_id: 8, menu_name: 'Experts', menu_parent_id: null, path: '/find-expert' },
  { menu_id: 81, menu_name: 'Find an expert', menu_parent_id: 8, path: '/find-expert' },
  { menu_id: 82, menu_name: 'My expert programs', menu_parent_id: 8, path: '/my-expert-programs' },
];

/** Where an entry without a route of its own leads (a parent that only groups its children). */
const NO_PATH = '/user/home';

/** The menu whose subtree only administrators need in their default navigation. */
export const ADMIN_MENU_PATH = '/admin-center';

const bySortOrder = (a: MenuRow, b: MenuRow) =>
  (a.sort_order ?? 0) - (b.sort_order ?? 0) || a.menu_id - b.menu_id;

/**
 * The default menu of a role with no privilege rows (docs/permissions.md, "Default menu"): the live
 * menu tree of the current scope (the platform's menus plus, inside a tenant, the tenant's own), so
 * what the menu editor shows is what the sidebar shows. The admin center's subtree is left to
 * admin-view roles: the server would refuse everyone else there anyway.
 */
export function defaultMenuRows(menus: readonly MenuRow[], adminView: boolean): MenuRow[] {
  if (adminView) return [...menus];
  const hidden = new Set(menus.filter((menu) => menu.path === ADMIN_MENU_PATH).map((menu) => menu.menu_id));
  let grew = hidden.size > 0;
  while (grew) {
    grew = false;
    for (const menu of menus) {
      if (menu.menu_parent_id !== null && hidden.has(menu.menu_parent_id) && !hidden.has(menu.menu_id)) {
        hidden.add(menu.menu_id);
        grew = true;
      }
    }
  }
  return menus.filter((menu) => !hidden.has(menu.menu_id));
}

/**
 * The entries the active role's privileges grant (spec section 6, issue 4 part 3): exactly the
 * granted menus, in the menus' sort order, nested by `menu_parent_id`. A role with no privilege rows
 * sees the default menu (`defaultMenuRows`); until the menus are known (or when they failed to
 * load) it sees the built-in tree — the server refuses whatever the role may not open either way.
 * While the menus themselves are missing, a role with privileges sees no entry rather than ungranted ones.
 */
export function grantedMenuItems(
  menus: readonly MenuRow[] | null,
  privileges: readonly Privilege[] | null,
  adminView = false,
): readonly MenuItem[] {
  if (!privileges || privileges.length === 0) {
    return menus && menus.length > 0 ? toItems(defaultMenuRows(menus, adminView)) : DEFAULT_MENU_ITEMS;
  }
  if (!menus) return [];
  const granted = new Set(privileges.map((privilege) => privilege.privilege_menu_id));
  return toItems(menus.filter((menu) => granted.has(menu.menu_id)));
}

function toItems(menus: readonly MenuRow[]): MenuItem[] {
  return [...menus].sort(bySortOrder).map((menu) => ({
    menu_id: menu.menu_id,
    menu_name: menu.menu_name,
    menu_parent_id: menu.menu_parent_id,
    path: menu.path || NO_PATH,
  }));
}

/** The pages of the temp role (spec section 6: onboarding and the account page), as menu entries. */
export const TEMP_MENU_ITEMS: readonly MenuItem[] = [
  { menu_id: -1, menu_name: 'Get started', menu_parent_id: null, path: '/onboarding' },
  { menu_id: -2, menu_name: 'Account', menu_parent_id: null, path: '/account' },
  { menu_id: -3, menu_name: 'Settings', menu_parent_id: null, path: '/settings' },
];

/**
 * A temp-role user's menu: only entries it may open (issue 23: every other page would send it back
 * to /onboarding). Its own pages come first, then any menu entry leading to one of them.
 */
export function tempRoleMenuItems(items: readonly MenuItem[]): readonly MenuItem[] {
  const own = new Set(TEMP_MENU_ITEMS.map((item) => item.path));
  const open = items.filter((item) => isOpenToTempRole(item.path) && !own.has(item.path));
  return [...TEMP_MENU_ITEMS, ...open.map((item) => ({ ...item, menu_parent_id: null }))];
}
