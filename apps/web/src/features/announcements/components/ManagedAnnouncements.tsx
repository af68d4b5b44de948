import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { ANNOUNCEMENT_MESSAGES, type Announcement, type AnnouncementStatus } from '@nexus/contracts';
import { useState } from 'react';
import { useActorId } from '../../../shared/session/use-actor';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useAnnouncementsQuery, useDeleteAnnouncementMutation } from '../api';
import { AnnouncementComposer } from './AnnouncementComposer';

export const MANAGED_PAGE_SIZE = 10;

const STATUS: Record<AnnouncementStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray.8' },
  scheduled: { label: 'Scheduled', color: 'blue.9' },
  published: { label: 'Published', color: 'teal.9' },
};

/** An expired announcement left every reader's list by itself; its author still sees it here. */
function expired(item: Announcement): boolean {
  return item.expires_at !== null && new Date(item.expires_at).getTime() <= Date.now();
}

function whenOf(item: Announcement): string {
  const at =
    item.status === 'published' ? item.published_at : item.status === 'scheduled' ? item.publish_at : null;
  return at ? new Date(at).toLocaleString() : '—';
}

/**
 * What the administrator may edit in its context: drafts, scheduled and published announcements,
 * each with edit and a confirmed delete.
 */
export function ManagedAnnouncements({ audienceLabel }: { audienceLabel: string }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const userId = useActorId();
  const query = useAnnouncementsQuery({ page, limit: MANAGED_PAGE_SIZE, view: 'manage' });
  const [remove] = useDeleteAnnouncementMutation();
  const items = query.data?.data ?? [];
  const meta = query.data?.meta;

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Drafts, scheduled and published
      </Title>
      <QueryState
        label="your announcements"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={items.length === 0}
        emptyText="Nothing written yet"
        onRetry={() => query.refetch()}
      >
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Announcements you manage">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.announcement_id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {item.title}
                    </Text>
                    {item.pinned ? (
                      <Text size="xs" c="dimmed">
                        Pinned
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={expired(item) ? 'dark.6' : STATUS[item.status].color} variant="filled">
                      {expired(item) ? 'Expired' : STATUS[item.status].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{whenOf(item)}</Text>
                    {item.expires_at ? (
                      <Text size="xs" c="dimmed">
                        {expired(item) ? 'Expired' : 'Expires'} {new Date(item.expires_at).toLocaleString()}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Edit ${item.title}`}
                        onClick={() => setEditing(item)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`Delete ${item.title}`}
                        onClick={() => setDeleting(item)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination
          page={page}
          totalPages={meta?.totalPages ?? 1}
          onChange={setPage}
          summary={
            meta ? countLabel(meta.total, 'announcement', 'announcements', meta.totalExact) : undefined
          }
        />
      </QueryState>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit announcement">
        {editing ? (
          <AnnouncementComposer
            key={editing.announcement_id}
            audienceLabel={audienceLabel}
            initial={editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete announcement"
        message={deleting ? `Delete "${deleting.title}"? Readers will no longer see it.` : ''}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove({ id: deleting.announcement_id, userId }).unwrap();
          notify.success(ANNOUNCEMENT_MESSAGES.deleted);
        }}
      />
    </Stack>
  );
}
