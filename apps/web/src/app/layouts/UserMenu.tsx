import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSignOut } from '../../features/identity';
import { useAppSelector } from '../store';

function displayName(
  user: { firstName?: string | null; lastName?: string | null; username: string } | null,
): string {
  if (!user) return 'Guest';
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return full || user.username;
}

/**
 * Account menu of the frame. Sign out posts to /auth/logout (spec section 7), clears the state and
 * visits /login (spec section 2); a failure keeps the session and shows 'Logout failed' (spec section 8).
 */
export function UserMenu() {
  const user = useAppSelector((state) => state.auth.user);
  const signOut = useSignOut();
  const name = displayName(user);

  // Mantine's focus placeholder is a focusable non-item inside role="menu" (axe: aria-required-children);
  // without it the first item takes focus on open and the arrows still move between items.
  return (
    <Menu position="bottom-end" width={200} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`} style={{ borderRadius: 8 }} p={4}>
          <Group gap={8} wrap="nowrap">
            {/* No initials: text inside the button would have to be part of its accessible name. */}
            <Avatar src={user?.profile_image ?? null} alt="" radius="xl" size={32} color="indigo" />
            <Text size="sm" fw={600} visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
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
