import type { CustomMenu } from './api';

export interface MenuNode extends CustomMenu {
  children: MenuNode[];
}

function bySortOrder(a: CustomMenu, b: CustomMenu): number {
  return a.sort_order - b.sort_order || a.menu_id - b.menu_id;
}

/** The menu tree by menu_parent_id; a menu whose parent is missing shows at the top level. */
export function buildMenuTree(menus: CustomMenu[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(menus.map((menu) => [menu.menu_id, { ...menu, children: [] }]));
  const roots: MenuNode[] = [];
  for (const node of [...nodes.values()].sort(bySortOrder)) {
    const parent = node.menu_parent_id === null ? undefined : nodes.get(node.menu_parent_id);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The siblings of a menu, in display order. */
export function siblingsOf(menus: CustomMenu[], menu: CustomMenu): CustomMenu[] {
  return menus.filter((other) => other.menu_parent_id === menu.menu_parent_id).sort(bySortOrder);
}

/**
 * Moving a menu one place up (-1) or down (+1) among its siblings: the new sort_order of every sibling
 * whose order changes (renumbered 0..n-1 so ties cannot block a move). Empty at either end.
 */
export function moveChanges(
  menus: CustomMenu[],
  menu: CustomMenu,
  step: -1 | 1,
): { menu_id: number; sort_order: number }[] {
  const siblings = siblingsOf(menus, menu);
  const index = siblings.findIndex((item) => item.menu_id === menu.menu_id);
  const swap = index + step;
  if (index < 0 || swap < 0 || swap >= siblings.length) return [];
  const order = [...siblings];
  [order[index], order[swap]] = [order[swap] as CustomMenu, order[index] as CustomMenu];
  return order
    .map((item, position) => ({ menu_id: item.menu_id, sort_order: position, before: item.sort_order }))
    .filter((item) => item.sort_order !== item.before)
    .map(({ menu_id, sort_order }) => ({ menu_id, sort_order }));
}

/** Ids of a menu and all its descendants: none of them may become its parent. */
export function descendantIds(menus: CustomMenu[], menuId: number): Set<number> {
  const found = new Set<number>([menuId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const menu of menus) {
      if (menu.menu_parent_id !== null && found.has(menu.menu_parent_id) && !found.has(menu.menu_id)) {
        found.add(menu.menu_id);
        grew = true;
      }
    }
  }
  return found;
}

/** The next sort_order at the end of a parent's children. */
export function nextSortOrder(menus: CustomMenu[], parentId: number | null): number {
  const orders = menus.filter((menu) => menu.menu_parent_id === parentId).map((menu) => menu.sort_order);
  return orders.length === 0 ? 0 : Math.max(...orders) + 1;
}
