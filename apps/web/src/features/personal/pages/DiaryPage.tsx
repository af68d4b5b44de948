import { Button, Card, Container, Group, Stack, Text, TextInput, Title, Typography } from '@mantine/core';
import { type DiaryEntry, PERSONAL_MESSAGES } from '@nexus/contracts';
import { IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useActorId } from '../../../shared/session/use-actor';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useDeleteDiaryEntryMutation, useDiaryEntriesQuery } from '../api';
import { DiaryEntryEditor } from '../components/DiaryEntryEditor';

const today = () => dayjs().format('YYYY-MM-DD');
const dayLabel = (day: string) => dayjs(day).format('dddd D MMMM YYYY');

/** Entries grouped under their day, in the order the server sent them (newest day first). */
function byDay(entries: DiaryEntry[]): [string, DiaryEntry[]][] {
  const days = new Map<string, DiaryEntry[]>();
  for (const entry of entries) days.set(entry.entry_date, [...(days.get(entry.entry_date) ?? []), entry]);
  return [...days.entries()];
}

/** /dairy (the spec's spelling): my dated journal, newest day first; pick a day to see only it. */
export default function DiaryPage() {
  const [date, setDate] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DiaryEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DiaryEntry | null>(null);
  const userId = useActorId();
  const query = useDiaryEntriesQuery({ page, date });
  const [remove] = useDeleteDiaryEntryMutation();
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Diary</Title>
            <Text c="dimmed">Your journal, one or more entries a day. Only you can read it.</Text>
          </div>
          <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setEditing('new')}>
            New entry
          </Button>
        </Group>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="Show one day"
            value={date ?? ''}
            onChange={(event) => {
              setDate(event.currentTarget.value || null);
              setPage(1);
            }}
          />
          {date ? (
            <Button variant="subtle" onClick={() => setDate(null)}>
              Show every day
            </Button>
          ) : null}
        </Group>
        <QueryState
          label="your diary"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={rows.length === 0}
          emptyText={date ? `Nothing written on ${dayLabel(date)}` : 'No diary entries yet'}
          emptyAction={
            <Button variant="light" onClick={() => setEditing('new')}>
              Write an entry
            </Button>
          }
          onRetry={() => query.refetch()}
        >
          {byDay(rows).map(([day, entries]) => (
            <Stack key={day} gap="xs" component="section" aria-label={dayLabel(day)}>
              <Title order={2} size="h4">
                {dayLabel(day)}
              </Title>
              {entries.map((entry) => (
                <Card key={entry.entry_id} withBorder>
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                    <Text fw={600}>{entry.title || 'Untitled entry'}</Text>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Edit ${entry.title || 'entry'} of ${day}`}
                        onClick={() => setEditing(entry)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`Delete ${entry.title || 'entry'} of ${day}`}
                        onClick={() => setDeleting(entry)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Group>
                  <Typography mt="xs">
                    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with sanitize-html on the server when saved. */}
                    <div dangerouslySetInnerHTML={{ __html: entry.body }} />
                  </Typography>
                </Card>
              ))}
            </Stack>
          ))}
          <ListPagination
            page={page}
            totalPages={meta?.totalPages ?? 1}
            onChange={setPage}
            summary={meta ? countLabel(meta.total, 'entry', 'entries', meta.totalExact) : undefined}
          />
        </QueryState>
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New diary entry' : 'Edit diary entry'}
      >
        {editing ? (
          <DiaryEntryEditor
            key={editing === 'new' ? 'new' : editing.entry_id}
            initial={editing === 'new' ? undefined : editing}
            date={date ?? today()}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete diary entry"
        message={
          deleting ? `Delete this entry of ${dayLabel(deleting.entry_date)}? This cannot be undone.` : ''
        }
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove({ id: deleting.entry_id, userId }).unwrap();
          notify.success(PERSONAL_MESSAGES.entryDeleted);
        }}
      />
    </Container>
  );
}
