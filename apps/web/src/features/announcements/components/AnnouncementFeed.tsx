import { Accordion, Badge, Group, Stack, Text, Title, Typography } from '@mantine/core';
import type { Announcement } from '@nexus/contracts';
import { IconPinFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { relativeDateLabel } from '../../../shared/ui/relative-date';
import { useAnnouncementsQuery, useMarkAnnouncementReadMutation } from '../api';

export const FEED_PAGE_SIZE = 10;

/** The control's visible text is its accessible name: the title first, then pinned, unread, when. */
function Header({ item }: { item: Announcement }) {
  const when = item.published_at ?? item.created_at;
  return (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Text fw={item.unread ? 700 : 500}>{item.title}</Text>
      <Group gap="xs" wrap="wrap">
        {item.pinned ? (
          <Badge
            color="grape.9"
            variant="filled"
            leftSection={<IconPinFilled size={12} aria-hidden="true" />}
          >
            Pinned
          </Badge>
        ) : null}
        {item.unread ? (
          <Badge color="blue.9" variant="filled">
            Unread
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed" title={new Date(when).toLocaleString()}>
          {relativeDateLabel(when)}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * The announcements addressed to the user, pinned first then newest, paged on the server. Opening
 * one shows its body and marks it read; the list refetches when one is published (realtime tag).
 */
export function AnnouncementFeed() {
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const query = useAnnouncementsQuery({ page, limit: FEED_PAGE_SIZE, view: 'feed' });
  const [markRead] = useMarkAnnouncementReadMutation();
  const items = query.data?.data ?? [];
  const meta = query.data?.meta;

  const open = (value: string | null) => {
    setOpened(value);
    const item = items.find((entry) => String(entry.announcement_id) === value);
    // A failed mark leaves the item unread; the next open tries again.
    if (item?.unread) markRead(item.announcement_id).catch(() => {});
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        For you
      </Title>
      <QueryState
        label="announcements"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={items.length === 0}
        emptyText="No announcements for you right now"
        onRetry={() => query.refetch()}
      >
        <Accordion variant="separated" value={opened} onChange={open} aria-label="Announcements">
          {items.map((item) => (
            <Accordion.Item key={item.announcement_id} value={String(item.announcement_id)}>
              <Accordion.Control>
                <Header item={item} />
              </Accordion.Control>
              <Accordion.Panel>
                <Typography>
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with sanitize-html on the server when saved. */}
                  <div dangerouslySetInnerHTML={{ __html: item.body }} />
                </Typography>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <ListPagination
          page={page}
          totalPages={meta?.totalPages ?? 1}
          onChange={setPage}
          summary={
            meta ? countLabel(meta.total, 'announcement', 'announcements', meta.totalExact) : undefined
          }
        />
      </QueryState>
    </Stack>
  );
}
