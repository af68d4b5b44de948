import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { menuSelected } from '../menu-slice';
import type { MenuNode } from '../menu-tree';

interface MainNavProps {
  tree: MenuNode[];
  /** Called after a choice, so the phone drawer can close. */
  onNavigate?: () => void;
}

/** The path inside a tenant's space, /t/{type}/{name}/user/home read as /user/home. */
export function pathInSpace(pathname: string): string {
  return pathname.replace(/^\/t\/[^/]+\/[^/]+(?=\/)/, '');
}

function isAt(here: string, path: string): boolean {
  return here === path || here.startsWith(`${path}/`);
}

type Entry = { menu: string; submenu: string | null; path: string };

/**
 * The entry to highlight: among the entries whose route is the current page, the selected one
 * (several entries may share a route), else the first. None when the page is in no entry, so Home
 * is not lit on a page it does not lead to.
 */
export function highlightedEntry(
  tree: readonly MenuNode[],
  pathname: string,
  selected: { selectedMenu: string; selectedSubmenu: string | null },
): Entry | null {
  const here = pathInSpace(pathname);
  const entries: Entry[] = tree.flatMap((node) => [
    { menu: node.menu_name, submenu: null, path: node.path },
    ...node.children.map((child) => ({ menu: node.menu_name, submenu: child.menu_name, path: child.path })),
  ]);
  const matching = entries.filter((entry) => isAt(here, entry.path));
  return (
    matching.find(
      (entry) => entry.menu === selected.selectedMenu && entry.submenu === selected.selectedSubmenu,
    ) ??
    matching[0] ??
    null
  );
}

/**
 * The frame's navigation, drawn from a menu tree given as data (spec section 3 "Menu"). The
 * selection (default Home, spec section 9) picks the highlighted entry among those leading to the
 * current page.
 */
export function MainNav({ tree, onNavigate }: MainNavProps) {
  const dispatch = useAppDispatch();
  const selection = useAppSelector((state) => state.menu);
  const { pathname } = useLocation();
  const lit = highlightedEntry(tree, pathname, selection);
  const selectedMenu = lit?.menu ?? null;
  const selectedSubmenu = lit?.submenu ?? null;
  // A closed group still opens on the selection, even on a page outside the menus.
  const openMenu = selectedMenu ?? selection.selectedMenu;

  const choose = (menu: string, submenu: string | null) => {
    dispatch(menuSelected({ menu, submenu }));
    onNavigate?.();
  };

  // The browser's own scrolling, not Mantine's ScrollArea: every private page loads the frame, and
  // ScrollArea's code (~20 KB compressed) sat in front of their first paint (issue 13).
  return (
    <div style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
      {tree.map((node) =>
        node.children.length === 0 ? (
          <NavLink
            key={node.menu_id}
            component={Link}
            to={node.path}
            label={node.menu_name}
            active={selectedMenu === node.menu_name}
            aria-current={selectedMenu === node.menu_name ? 'page' : undefined}
            onClick={() => choose(node.menu_name, null)}
          />
        ) : (
          <NavLink
            key={node.menu_id}
            // A real button: Mantine's default <a> without href is not reachable by keyboard.
            component="button"
            type="button"
            label={node.menu_name}
            active={selectedMenu === node.menu_name && selectedSubmenu === null}
            defaultOpened={openMenu === node.menu_name}
            childrenOffset="md"
          >
            {node.children.map((child) => (
              <NavLink
                key={child.menu_id}
                component={Link}
                to={child.path}
                label={child.menu_name}
                active={selectedMenu === node.menu_name && selectedSubmenu === child.menu_name}
                aria-current={
                  selectedMenu === node.menu_name && selectedSubmenu === child.menu_name ? 'page' : undefined
                }
                onClick={() => choose(node.menu_name, child.menu_name)}
              />
            ))}
          </NavLink>
        ),
      )}
    </div>
  );
}
