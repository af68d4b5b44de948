import { ROUTES, routePattern } from '@nexus/contracts';
import { describe, expect, it } from 'vitest';
import { buildMenuTree, DEFAULT_MENU_ITEMS, grantedMenuItems } from './menu-tree';

describe('buildMenuTree', () => {
  it('nests children under their parents in the given order', () => {
    const tree = buildMenuTree([
      { menu_id: 1, menu_name: 'Home', menu_parent_id: null, path: '/user/home' },
      { menu_id: 3, menu_name: 'Groups', menu_parent_id: 2, path: '/community/groups' },
      { menu_id: 2, menu_name: 'Community', menu_parent_id: null, path: '/community' },
      { menu_id: 4, menu_name: 'Members', menu_parent_id: 2, path: '/community/members' },
    ]);
    expect(tree.map((node) => node.menu_name)).toEqual(['Home', 'Community']);
    expect(tree[1]?.children.map((node) => node.menu_name)).toEqual(['Groups', 'Members']);
  });

  it('keeps an entry whose parent is not granted at the top level', () => {
    const tree = buildMenuTree([{ menu_id: 9, menu_name: 'Orphan', menu_parent_id: 42, path: '/notes' }]);
    expect(tree.map((node) => node.menu_name)).toEqual(['Orphan']);
  });

  it('leads to the program catalogue from the default Learning menu (issue 23 point 1)', () => {
    const learning = buildMenuTree(DEFAULT_MENU_ITEMS).find((node) => node.menu_name === 'Learning');
    expect(learning?.children.map((child) => [child.menu_name, child.path])).toContainEqual([
      'Programs',
      '/lxp',
    ]);
  });

  it('puts Home first in the default tree and uses only spec routes', () => {
    expect(buildMenuTree(DEFAULT_MENU_ITEMS)[0]?.menu_name).toBe('Home');
    for (const item of DEFAULT_MENU_ITEMS) {
      expect(
        ROUTES.some((route) => !route.path.includes(':') && routePattern(route.path).test(item.path)),
      ).toBe(true);
    }
  });
});

describe('grantedMenuItems (spec section 6)', () => {
  const menus = [
    { menu_id: 1, menu_name: 'Home', menu_parent_id: null, sort_order: 0, path: '/user/home', icon: null },
    { menu_id: 2, menu_name: 'Learning', menu_parent_id: null, sort_order: 2, path: null, icon: null },
    {
      menu_id: 22,
      menu_name: 'My library',
      menu_parent_id: 2,
      sort_order: 1,
      path: '/my-library',
      icon: null,
    },
    {
      menu_id: 3,
      menu_name: 'Community',
      menu_parent_id: null,
      sort_order: 1,
      path: '/community',
      icon: null,
    },
  ];
  const grant = (...ids: number[]) =>
    ids.map((id) => ({ privilege_menu_id: id, menu_name: String(id), menu_parent_name: null }));

  it('keeps exactly the granted menus, in sort order', () => {
    const items = grantedMenuItems(menus, grant(22, 3));
    expect(items.map((item) => item.menu_name)).toEqual(['Community', 'My library']);
    expect(buildMenuTree(items).map((node) => node.menu_name)).toEqual(['Community', 'My library']);
  });

  it('nests a granted child under its granted parent; a parent without a route leads home', () => {
    const items = grantedMenuItems(menus, grant(2, 22));
    expect(items.find((item) => item.menu_id === 2)?.path).toBe('/user/home');
    const tree = buildMenuTree(items);
    expect(tree.map((node) => node.menu_name)).toEqual(['Learning']);
    expect(tree[0]?.children.map((node) => node.menu_name)).toEqual(['My library']);
  });

  it('shows the live menu tree (what the menu editor edits) to a role with no privilege rows', () => {
    expect(grantedMenuItems(menus, []).map((item) => item.menu_id)).toEqual(
      [...menus]
        .sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0) || a.menu_id - b.menu_id)
        .map((m) => m.menu_id),
    );
    expect(grantedMenuItems(menus, null).map((item) => item.menu_name)).toContain('My library');
  });

  it('shows the built-in tree only until the menus are known', () => {
    expect(grantedMenuItems(null, null)).toBe(DEFAULT_MENU_ITEMS);
    expect(grantedMenuItems([], [])).toBe(DEFAULT_MENU_ITEMS);
  });

  it('keeps the admin center subtree out of a user-view role’s default menu, not an admin’s', () => {
    const withAdmin = [
      ...menus,
      {
        menu_id: 16,
        menu_name: 'Admin Center',
        menu_parent_id: null,
        sort_order: 9,
        path: '/admin-center',
        icon: null,
      },
      { menu_id: 17, menu_name: 'Clients', menu_parent_id: 16, sort_order: 1, path: '/clients', icon: null },
      {
        menu_id: 40,
        menu_name: 'Tenant page',
        menu_parent_id: null,
        sort_order: 10,
        path: '/calendar',
        icon: null,
      },
    ];
    const member = grantedMenuItems(withAdmin, []).map((item) => item.menu_name);
    expect(member).not.toContain('Admin Center');
    expect(member).not.toContain('Clients');
    expect(member).toContain('Tenant page');
    const admin = grantedMenuItems(withAdmin, [], true).map((item) => item.menu_name);
    expect(admin).toEqual(expect.arrayContaining(['Admin Center', 'Clients', 'Tenant page']));
  });

  it('shows nothing ungranted while the menus are missing', () => {
    expect(grantedMenuItems(null, grant(3))).toEqual([]);
  });
});
