import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { NotificationFilter } from '@nexus/contracts';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useGetNotificationsQuery, useGetUnseenCountQuery, useMarkAllReadMutation } from '../api';
import { NotificationList } from '../components/NotificationList';
import { PreferencesSection } from '../components/PreferencesSection';

const PAGE_SIZE = 10;
type View = 'unread' | 'all' | 'archived';
const FILTER: Record<View, NotificationFilter | undefined> = {
  unread: 'unread',
  all: undefined,
  archived: 'archived',
};
const EMPTY: Record<View, string> = {
  unread: 'You are all caught up: nothing unread.',
  all: 'No notifications yet.',
  archived: 'Nothing archived.',
};

/**
 * /notifications (issue 16 point 2): the inbox in three views (unread, all but archived, archived),
 * paged, with mark read, mark all read and archive; each item links to its page. Below, the
 * preferences. The socket keeps it current without reload.
 */
export default function NotificationsPage() {
  const [view, setView] = useState<View>('unread');
  const [page, setPage] = useState(1);
  const state = FILTER[view];
  const list = useGetNotificationsQuery({ page, limit: PAGE_SIZE, ...(state ? { state } : {}) });
  const counts = useGetUnseenCountQuery();
  const [markAllRead, marking] = useMarkAllReadMutation();
  const unread = counts.data?.unread ?? 0;
  const items = list.data?.data ?? [];
  const meta = list.data?.meta;

  const choose = (next: string | null) => {
    setView((next as View | null) ?? 'unread');
    setPage(1);
  };

  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              Notifications
            </Title>
            <Text c="dimmed" size="sm">
              {unread > 0
                ? `${countLabel(unread, 'unread notification', 'unread notifications')}.`
                : 'Everything is read.'}
            </Text>
          </div>
          <Button
            leftSection={<IconChecks size={16} aria-hidden="true" />}
            variant="light"
            disabled={unread === 0}
            loading={marking.isLoading}
            onClick={async () => {
              const result = await markAllRead();
              if ('data' in result && result.data?.message) void notify.success(result.data.message);
            }}
          >
            Mark all read
          </Button>
        </Group>
        <Tabs value={view} onChange={choose} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="unread">Unread{unread > 0 ? ` (${unread})` : ''}</Tabs.Tab>
            <Tabs.Tab value="all">All</Tabs.Tab>
            <Tabs.Tab value="archived">Archived</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <section aria-label={`${view} notifications`}>
          <QueryState
            label="your notifications"
            isLoading={list.isLoading || (list.isFetching && !list.data)}
            error={list.error}
            isEmpty={items.length === 0}
            emptyText={EMPTY[view]}
            onRetry={() => void list.refetch()}
          >
            <NotificationList items={items} />
            {meta ? (
              <ListPagination
                page={meta.page}
                totalPages={meta.totalPages}
                onChange={setPage}
                summary={countLabel(meta.total, 'notification', 'notifications')}
              />
            ) : null}
          </QueryState>
        </section>
        <PreferencesSection />
      </Stack>
    </Container>
  );
}
