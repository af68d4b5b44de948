import { NavLink, ScrollArea } from '@mantine/core';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { menuSelected } from '../menu-slice';
import type { MenuNode } from '../menu-tree';

interface MainNavProps {
  tree: MenuNode[];
  /** Called after a choice, so the phone drawer can close. */
  onNavigate?: () => void;
}

/**
 * The frame's navigation, drawn from a menu tree given as data (spec section 3 "Menu"). The
 * highlighted entry is the menu slice's selection, default Home (spec section 9).
 */
export function MainNav({ tree, onNavigate }: MainNavProps) {
  const dispatch = useAppDispatch();
  const { selectedMenu, selectedSubmenu } = useAppSelector((state) => state.menu);

  const choose = (menu: string, submenu: string | null) => {
    dispatch(menuSelected({ menu, submenu }));
    onNavigate?.();
  };

  return (
    <ScrollArea type="auto" style={{ flex: 1 }}>
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
            defaultOpened={selectedMenu === node.menu_name}
            childrenOffset="md"
          >
            {node.children.map((child) => (
              <NavLink
                key={child.menu_id}
                component={Link}
                to={child.path}
                label={child.menu_name}
                active={selectedMenu === node.menu_name && selectedSubmenu === child.menu_name}
                aria-current={selectedSubmenu === child.menu_name ? 'page' : undefined}
                onClick={() => choose(node.menu_name, child.menu_name)}
              />
            ))}
          </NavLink>
        ),
      )}
    </ScrollArea>
  );
}
