import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { DeferredMenu } from '../../shared/ui/DeferredMenu';
import { useAppSelector } from '../store';

function displayName(
  user: { firstName?: string | null; lastName?: string | null; username: string } | null,
): string {
  if (!user) return 'Guest';
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return full || user.username;
}

const loadPopup = () => import('./UserMenuPopup').then((module) => module.UserMenuPopup);

/** Account menu of the frame: the button paints with the frame, the menu follows (UserMenuPopup). */
export function UserMenu() {
  const user = useAppSelector((state) => state.auth.user);
  const name = displayName(user);
  return (
    <DeferredMenu
      load={loadPopup}
      menuProps={{}}
      target={
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
      }
    />
  );
}
