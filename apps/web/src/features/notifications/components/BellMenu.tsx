import { Button, Group, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { NotificationItem } from '@nexus/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { DeferredMenuProps } from '../../../shared/ui/DeferredMenu';
import { RelativeDate } from '../../../shared/ui/RelativeDate';
import {
  useGetNotificationsQuery,
  useMarkAllReadMutation,
  useMarkReadMutation,
  useMarkSeenMutation,
} from '../api';
import { LATEST_QUERY } from '../use-live-toasts';

function LatestItem({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const unread = item.state === 'unseen' || item.state === 'seen';
  return (
    <Menu.Item component={Link} to={item.link} onClick={() => onOpen(item)}>
      <Stack gap={2}>
        <Text size="sm" fw={unread ? 700 : 400} lineClamp={2}>
          {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
          {item.title}
        </Text>
        <Text size="xs" c="dimmed">
          <RelativeDate date={item.created_at} />
        </Text>
      </Stack>
    </Menu.Item>
  );
}

/**
 * The bell's menu: the latest notifications, each a link to its page (opening one marks it read).
 * Opening the menu marks every unseen notification seen, which clears the badge (issue 16).
 */
export function BellMenu({ target, opened, onChange, unseen }: DeferredMenuProps & { unseen: number }) {
  const latest = useGetNotificationsQuery(LATEST_QUERY);
  const [markSeen] = useMarkSeenMutation();
  const [markRead] = useMarkReadMutation();
  const [markAllRead, allRead] = useMarkAllReadMutation();
  // Opened by a press before this module arrived, or by Mantine's own toggle: either way, once open.
  useEffect(() => {
    if (opened && unseen > 0) void markSeen();
  }, [opened, unseen, markSeen]);
  const open = (item: NotificationItem) => {
    if (item.state !== 'read' && item.state !== 'archived') void markRead(item.notification_id);
  };
  const items = latest.data?.data ?? [];
  return (
    <Menu
      position="bottom-end"
      width={340}
      withinPortal
      withInitialFocusPlaceholder={false}
      opened={opened}
      onChange={onChange}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown aria-label="Latest notifications">
        <Group justify="space-between" px="sm" py={6}>
          <Text fw={700} size="sm">
            Notifications
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            loading={allRead.isLoading}
            disabled={items.every((item) => item.state === 'read')}
            onClick={() => void markAllRead()}
          >
            Mark all read
          </Button>
        </Group>
        <Menu.Divider />
        {latest.isLoading ? (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            Loading…
          </Text>
        ) : latest.isError ? (
          <Text size="sm" c="red" px="sm" py="xs" role="alert">
            We could not load your notifications.
          </Text>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            You are all caught up.
          </Text>
        ) : (
          items.map((item) => <LatestItem key={item.notification_id} item={item} onOpen={open} />)
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to="/notifications" fw={600}>
          See all notifications
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
