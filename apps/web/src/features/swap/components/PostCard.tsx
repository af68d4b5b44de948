import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { SwapPostItem } from '@nexus/contracts';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { KIND_LABELS } from './SwapDialogs';

/** One offer or request; `actions` are the buttons the tab puts under it. */
export function PostCard({
  post,
  extra,
  actions,
}: {
  post: SwapPostItem;
  extra?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap={6} h="100%" justify="space-between">
        <Stack gap={6}>
          <Group gap="xs">
            <Badge variant={post.kind === 'offer' ? 'light' : 'filled'}>{KIND_LABELS[post.kind]}</Badge>
            {post.status === 'closed' ? <Badge color="gray.7">Closed</Badge> : null}
          </Group>
          <Title order={3} size="h5">
            {post.title}
          </Title>
          <Text size="sm" c="dimmed">
            {post.author} · {dayjs(post.created_at).format('D MMM YYYY')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {post.description}
          </Text>
          <Group gap={4} aria-label="Tags">
            {post.tags.map((tag) => (
              <Badge key={tag} variant="outline" size="sm" tt="none">
                #{tag}
              </Badge>
            ))}
          </Group>
          {extra}
        </Stack>
        {actions ? (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
