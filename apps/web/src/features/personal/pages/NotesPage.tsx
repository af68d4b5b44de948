import { Badge, Button, Card, Chip, Container, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Note, PERSONAL_MESSAGES } from '@nexus/contracts';
import { IconNotes, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useActorId } from '../../../shared/session/use-actor';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useDeleteNoteMutation, useNotesQuery, useNoteTagsQuery } from '../api';
import { NoteEditor } from '../components/NoteEditor';

/** /notes: my private notes (issue 22 point 5), searched by word and filtered by tag. */
export default function NotesPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [tag, setTag] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Note | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const userId = useActorId();
  const query = useNotesQuery({ page, search: debounced, tag });
  const tags = useNoteTagsQuery();
  const [remove] = useDeleteNoteMutation();
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  const filtered = debounced.trim() !== '' || tag !== null;

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Notes</Title>
            <Text c="dimmed">Private to you: nobody else can read them.</Text>
          </div>
          <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setEditing('new')}>
            New note
          </Button>
        </Group>
        <SearchField
          label="Search notes"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        {(tags.data ?? []).length > 0 ? (
          <Chip.Group
            value={tag ?? ''}
            onChange={(value) => {
              setTag(value === '' || value === tag ? null : (value as string));
              setPage(1);
            }}
          >
            <Group gap="xs" role="group" aria-label="Filter by tag">
              <Chip value="">All tags</Chip>
              {(tags.data ?? []).map((entry) => (
                <Chip key={entry.tag} value={entry.tag}>
                  {entry.tag} ({entry.count})
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        ) : null}
        <QueryState
          label="your notes"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={rows.length === 0}
          emptyText={filtered ? 'No notes match' : 'No notes yet'}
          emptyAction={
            filtered ? null : (
              <Button
                variant="light"
                leftSection={<IconNotes size={16} aria-hidden="true" />}
                onClick={() => setEditing('new')}
              >
                Write your first note
              </Button>
            )
          }
          onRetry={() => query.refetch()}
        >
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((note) => (
              <Card key={note.note_id} withBorder component="li" aria-label={note.title}>
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Title order={2} size="h4">
                      {note.title}
                    </Title>
                    <Text size="xs" c="dimmed">
                      Edited {new Date(note.modified_at).toLocaleString()}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Edit ${note.title}`}
                      onClick={() => setEditing(note)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={`Delete ${note.title}`}
                      onClick={() => setDeleting(note)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Group>
                {note.body ? (
                  <Typography mt="xs">
                    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with sanitize-html on the server when saved. */}
                    <div dangerouslySetInnerHTML={{ __html: note.body }} />
                  </Typography>
                ) : null}
                {note.tags.length > 0 ? (
                  <Group gap={4} mt="xs">
                    {note.tags.map((name) => (
                      <Badge key={name} variant="outline" color="blue.9" tt="none">
                        {name}
                      </Badge>
                    ))}
                  </Group>
                ) : null}
              </Card>
            ))}
          </Stack>
          <ListPagination
            page={page}
            totalPages={meta?.totalPages ?? 1}
            onChange={setPage}
            summary={meta ? countLabel(meta.total, 'note', 'notes', meta.totalExact) : undefined}
          />
        </QueryState>
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New note' : 'Edit note'}
      >
        {editing ? (
          <NoteEditor
            key={editing === 'new' ? 'new' : editing.note_id}
            initial={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete note"
        message={deleting ? `Delete "${deleting.title}"? This cannot be undone.` : ''}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove({ id: deleting.note_id, userId }).unwrap();
          notify.success(PERSONAL_MESSAGES.noteDeleted);
        }}
      />
    </Container>
  );
}
