import { ROUTES } from '@nexus/contracts';
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

/** Whether this scope may change the menu: the platform's menus only on the main platform, a tenant's own inside it. */
export function isEditableMenu(menu: Pick<CustomMenu, 'tenant_id'>, tenantId: number | null): boolean {
  return (menu.tenant_id ?? null) === tenantId;
}

const routePatterns = ROUTES.filter((route) => !route.path.startsWith('/:'))
  .map((route) => route.path)
  .map(
    (path) =>
      new RegExp(
        `^${path
          .split('/')
          .map((part) =>
            part === '*'
              ? '.*'
              : part.startsWith(':')
                ? '[^/]+'
                : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/')}/?$`,
      ),
  );

/**
 * Why a menu address cannot be used, or null: a path of this site's route table (`/lxp`,
 * `/event-block/12`) or an `https://` / `http://` address, as the server also requires (`sitePathOrWebUrl`).
 */
export function menuAddressError(value: string): string | null {
  const address = value.trim();
  if (!address) return 'Enter the address the menu opens';
  if (/^https?:\/\//i.test(address)) {
    try {
      const url = new URL(address);
      return url.hostname ? null : 'Enter a full address, such as https://example.org';
    } catch {
      return 'Enter a full address, such as https://example.org';
    }
  }
  if (!address.startsWith('/') || address.startsWith('//')) {
    return 'Use a path on this site, such as /lxp, or an address starting with https://';
  }
  const path = address.split(/[?#]/)[0] ?? address;
  return routePatterns.some((pattern) => pattern.test(path)) ? null : `No page of this site is at ${path}`;
}

/**
 * Moving an editable menu one place among its siblings when some siblings are fixed (the platform's
 * menus inside a tenant keep their sort_order): the new sort_order of every editable sibling that
 * changes, or null when the fixed orders leave no room (the caller says so).
 */
export function moveAmongFixed(
  menus: CustomMenu[],
  menu: CustomMenu,
  step: -1 | 1,
  editable: (menu: CustomMenu) => boolean,
): { menu_id: number; sort_order: number }[] | null {
  const siblings = siblingsOf(menus, menu);
  const index = siblings.findIndex((item) => item.menu_id === menu.menu_id);
  const swap = index + step;
  if (index < 0 || swap < 0 || swap >= siblings.length) return [];
  const order = [...siblings];
  [order[index], order[swap]] = [order[swap] as CustomMenu, order[index] as CustomMenu];
  const values = new Map<number, number>();
  let previous = -1;
  for (const [position, item] of order.entries()) {
    if (!editable(item)) {
      if (item.sort_order <= previous) return null;
      previous = item.sort_order;
      continue;
    }
    const nextFixed = order.slice(position + 1).find((other) => !editable(other));
    const value = previous + 1;
    if (nextFixed && value >= nextFixed.sort_order) return null;
    values.set(item.menu_id, value);
    previous = value;
  }
  return order
    .filter((item) => values.has(item.menu_id) && values.get(item.menu_id) !== item.sort_order)
    .map((item) => ({ menu_id: item.menu_id, sort_order: values.get(item.menu_id) as number }));
}
