import { ROUTES, routePattern } from '@nexus/contracts';
import { describe, expect, it } from 'vitest';
import { buildMenuTree, DEFAULT_MENU_ITEMS } from './menu-tree';

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

  it('puts Home first in the default tree and uses only spec routes', () => {
    expect(buildMenuTree(DEFAULT_MENU_ITEMS)[0]?.menu_name).toBe('Home');
    for (const item of DEFAULT_MENU_ITEMS) {
      expect(
        ROUTES.some((route) => !route.path.includes(':') && routePattern(route.path).test(item.path)),
      ).toBe(true);
    }
  });
});
