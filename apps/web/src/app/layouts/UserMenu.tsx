import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { MESSAGES } from '@nexus/contracts';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { signedOut } from '../../features/identity/auth-slice';
import { http } from '../../shared/api/http';
import { notify } from '../../shared/ui/notify';
import { useAppDispatch, useAppSelector } from '../store';

function displayName(user: { firstName?: string; lastName?: string; username: string } | null): string {
  if (!user) return 'Guest';
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return full || user.username;
}

/**
 * Account menu of the frame. Sign out posts to /auth/logout (spec section 7) and then visits /login
 * (spec section 2); a failure keeps the session and shows 'Logout failed' (spec section 8).
 */
export function UserMenu() {
  const user = useAppSelector((state) => state.auth.user);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const name = displayName(user);

  const signOut = async () => {
    try {
      await http.post('/auth/logout');
      dispatch(signedOut());
      navigate('/login', { replace: true });
    } catch {
      notify.error(MESSAGES.logoutFailed);
    }
  };

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
