import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { NOTIFICATION_CATEGORY_LABELS, type NotificationItem } from '@nexus/contracts';
import { IconArchive, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RelativeDate } from '../../../shared/ui/RelativeDate';
import { useArchiveMutation, useMarkReadMutation } from '../api';

const isUnread = (item: NotificationItem) => item.state === 'unseen' || item.state === 'seen';

function NotificationRow({ item }: { item: NotificationItem }) {
  const [markRead, reading] = useMarkReadMutation();
  const [archive, archiving] = useArchiveMutation();
  const unread = isUnread(item);
  return (
    // Unread rows are marked by a bar at the start, not a tinted fill: links and badges keep the page's
    // own background and their contrast.
    <Paper
      withBorder
      p="sm"
      radius="md"
      style={unread ? { borderInlineStart: '4px solid var(--mantine-color-blue-filled)' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Badge size="xs" variant="light">
              {NOTIFICATION_CATEGORY_LABELS[item.category]}
            </Badge>
            {unread ? (
              <Badge size="xs" color="red.9" variant="filled">
                Unread
              </Badge>
            ) : null}
          </Group>
          <Anchor
            component={Link}
            to={item.link}
            fw={unread ? 700 : 500}
            onClick={() => {
              if (unread) void markRead(item.notification_id);
            }}
          >
            {item.title}
          </Anchor>
          {item.body ? (
            <Text size="sm" c="dimmed">
              {item.body}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            <RelativeDate date={item.created_at} />
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {unread ? (
            <Tooltip label="Mark as read">
              <ActionIcon
                variant="subtle"
                aria-label={`Mark "${item.title}" as read`}
                loading={reading.isLoading}
                onClick={() => void markRead(item.notification_id)}
              >
                <IconCheck size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {item.state === 'archived' ? null : (
            <Tooltip label="Archive">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Archive "${item.title}"`}
                loading={archiving.isLoading}
                onClick={() => void archive(item.notification_id)}
              >
                <IconArchive size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** The inbox's rows: each a link to its page, with read and archive at hand. */
export function NotificationList({ items }: { items: NotificationItem[] }) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <li key={item.notification_id}>
          <NotificationRow item={item} />
        </li>
      ))}
    </Stack>
  );
}
