import { Menu } from '@mantine/core';
import { IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSignOut } from '../../features/identity';
import type { DeferredMenuProps } from '../../shared/ui/DeferredMenu';

/**
 * The account menu itself, loaded after the frame has painted (see UserMenu). Sign out posts to
 * /auth/logout (spec section 7), clears the state and visits /login (spec section 2); a failure keeps
 * the session and shows 'Logout failed' (spec section 8).
 */
export function UserMenuPopup({ target, opened, onChange }: DeferredMenuProps) {
  const signOut = useSignOut();
  // Mantine's focus placeholder is a focusable non-item inside role="menu" (axe: aria-required-children);
  // without it the first item takes focus on open and the arrows still move between items.
  return (
    <Menu
      position="bottom-end"
      width={200}
      withinPortal
      withInitialFocusPlaceholder={false}
      opened={opened}
      onChange={onChange}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to="/account"
          leftSection={<IconUserCircle size={16} aria-hidden="true" />}
        >
          Account
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/settings"
          leftSection={<IconSettings size={16} aria-hidden="true" />}
        >
          Settings
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={signOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
