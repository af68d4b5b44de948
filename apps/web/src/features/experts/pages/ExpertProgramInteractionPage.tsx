import {
  Anchor,
  Button,
  Card,
  Container,
  FileButton,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { EXPERT_LIMITS, FILES_API } from '@nexus/contracts';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/http';
import { uploadFile } from '../../../shared/files/upload-file';
import { NotFound } from '../../../shared/ui/NotFound';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useAddFileMutation, useAddNoteMutation, useInteractionQuery } from '../api';
import { SessionList } from '../components/SessionList';
import { whenLabel } from '../format';

/**
 * /expert-program-interaction/{programId}: the room of one engagement in a program: its sessions,
 * notes and files shared by both sides, and ratings. The expert picks which mentee's room to open.
 */
export default function ExpertProgramInteractionPage() {
  const { programId } = useParams();
  const id = Number(programId);
  const valid = Number.isInteger(id) && id > 0;
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('engagement'));
  const engagementId = Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const query = useInteractionQuery({ programId: id, engagementId }, { skip: !valid });
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [addNote, adding] = useAddNoteMutation();
  const [addFile] = useAddFileMutation();
  const [uploading, setUploading] = useState(false);
  if (!valid) return <NotFound homeHref="/my-expert-programs" />;
  const room = query.data;
  const engagement = room?.engagement ?? null;

  const saveNote = async () => {
    if (!engagement) return;
    if (!note.trim()) {
      setNoteError('Write something first: the note is empty.');
      return;
    }
    try {
      await addNote({ engagementId: engagement.engagement_id, body: note.trim() }).unwrap();
      setNote('');
      setNoteError(null);
    } catch (error) {
      setNoteError(errorMessage(error, 'The note could not be saved. Try again.'));
    }
  };
  const share = async (file: File | null) => {
    if (!file || !engagement) return;
    setUploading(true);
    try {
      const record = await uploadFile(file, 'document');
      await addFile({ engagementId: engagement.engagement_id, fileId: record.file_id }).unwrap();
      notify.success(`${file.name} is shared.`);
    } catch (error) {
      notify.error(errorMessage(error, 'The file could not be shared. Try again.'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Container size="md" py="lg">
      <QueryState
        label="the program room"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={!room}
        emptyText="Expert program not found"
        onRetry={() => query.refetch()}
      >
        {room ? (
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {room.program.title}
              </Title>
              <Text c="dimmed">With {room.program.expert_name}</Text>
            </Stack>
            {room.engagements.length > 1 ? (
              <Select
                label="Mentee"
                data={room.engagements.map((row) => ({
                  value: String(row.engagement_id),
                  label: row.mentee_name,
                }))}
                value={engagement ? String(engagement.engagement_id) : null}
                allowDeselect={false}
                onChange={(value) => value && setParams({ engagement: value })}
              />
            ) : null}
            {!engagement ? (
              <Card withBorder>
                <Stack gap="xs">
                  <Text>You have no sessions in this program yet.</Text>
                  <Button
                    component={Link}
                    to={`/expert-program-overview/${room.program.expert_program_id}`}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    See the program
                  </Button>
                </Stack>
              </Card>
            ) : (
              <>
                <Text>
                  {engagement.sessions_booked} of {engagement.session_count} sessions booked
                  {engagement.next_session_at ? ` · next ${whenLabel(engagement.next_session_at)}` : ''}
                </Text>
                <Stack gap="xs">
                  <Title order={2} size="h3">
                    Sessions
                  </Title>
                  <SessionList sessions={room.sessions} emptyText="No sessions booked yet." />
                  {engagement.role === 'mentee' && engagement.sessions_booked < engagement.session_count ? (
                    <Button
                      component={Link}
                      variant="light"
                      to={`/expert-program-overview/${room.program.expert_program_id}`}
                      style={{ alignSelf: 'flex-start' }}
                    >
                      Book the next session
                    </Button>
                  ) : null}
                </Stack>
                <Stack gap="xs">
                  <Title order={2} size="h3">
                    Shared notes
                  </Title>
                  {room.notes.length === 0 ? <Text c="dimmed">No notes yet.</Text> : null}
                  {room.notes.map((row) => (
                    <Card key={row.note_id} withBorder padding="sm">
                      <Text size="xs" c="dimmed">
                        {row.author_name} · {whenLabel(row.created_at)}
                      </Text>
                      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{row.body}</Text>
                    </Card>
                  ))}
                  <Textarea
                    label="Add a note both of you can read"
                    value={note}
                    maxLength={EXPERT_LIMITS.noteMax}
                    autosize
                    minRows={2}
                    error={noteError}
                    onChange={(event) => setNote(event.currentTarget.value)}
                  />
                  <Button onClick={saveNote} loading={adding.isLoading} style={{ alignSelf: 'flex-start' }}>
                    Add note
                  </Button>
                </Stack>
                <Stack gap="xs">
                  <Title order={2} size="h3">
                    Files
                  </Title>
                  {room.files.length === 0 ? <Text c="dimmed">No files shared yet.</Text> : null}
                  {room.files.map((file) => (
                    <Group key={file.file_id} gap="xs">
                      <Anchor href={`${FILES_API}/content/${file.file_id}`}>{file.name}</Anchor>
                      <Text size="xs" c="dimmed">
                        shared by {file.added_by_name}
                      </Text>
                    </Group>
                  ))}
                  <FileButton onChange={share}>
                    {(props) => (
                      <Button
                        {...props}
                        variant="light"
                        loading={uploading}
                        style={{ alignSelf: 'flex-start' }}
                      >
                        Share a file
                      </Button>
                    )}
                  </FileButton>
                </Stack>
              </>
            )}
          </Stack>
        ) : null}
      </QueryState>
    </Container>
  );
}
