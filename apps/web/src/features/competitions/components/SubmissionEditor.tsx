import { Alert, Button, FileButton, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { Round, Submission } from '@nexus/contracts';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { uploadFile } from '../../../shared/files/upload-file';
import { notify } from '../../../shared/ui/notify';
import { useSaveSubmissionMutation } from '../api';
import { errorText, when } from './shared';

/** The entry's submission for one round: text, links and files, editable until the deadline. */
export function SubmissionEditor({
  round,
  submission,
}: {
  round: Round;
  submission: Submission | undefined;
}) {
  const [save, state] = useSaveSubmissionMutation();
  const [title, setTitle] = useState(submission?.title ?? '');
  const [text, setText] = useState(submission?.text ?? '');
  const [links, setLinks] = useState((submission?.links ?? []).join('\n'));
  const [files, setFiles] = useState<{ id: string; name: string }[]>(
    (submission?.file_ids ?? []).map((id) => ({ id, name: 'Attached file' })),
  );
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const closed = dayjs(round.submission_deadline).isBefore(dayjs());

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const record = await uploadFile(file, 'document');
      setFiles((current) => [...current, { id: record.file_id, name: file.name }]);
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setError('Give the submission a title.');
    const result = await save({
      roundId: round.round_id,
      body: {
        title: title.trim(),
        text,
        links: links
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        file_ids: files.map((f) => f.id),
      },
    });
    if ('error' in result) return setError(errorText(result.error));
    setError(null);
    notify.success('Submission saved. You can change it until the deadline.');
  };

  if (closed)
    return (
      <Stack gap="xs">
        <Text fw={600}>{submission?.title ?? 'No submission'}</Text>
        <Text size="sm" c="dimmed">
          The deadline ({when(round.submission_deadline)}) has passed: submissions can no longer be changed.
        </Text>
        {submission?.text ? <Text size="sm">{submission.text}</Text> : null}
      </Stack>
    );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Editable until {when(round.submission_deadline)}.
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput label="Title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Textarea
          label="Description"
          autosize
          minRows={4}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Textarea
          label="Links (one per line)"
          autosize
          minRows={2}
          value={links}
          onChange={(e) => setLinks(e.currentTarget.value)}
        />
        <Group wrap="wrap">
          <FileButton onChange={(file) => void upload(file)}>
            {(props) => (
              <Button variant="default" loading={uploading} {...props}>
                Attach a file
              </Button>
            )}
          </FileButton>
          {files.map((file) => (
            <Group key={file.id} gap={4}>
              <Text size="sm">{file.name}</Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles((current) => current.filter((f) => f.id !== file.id))}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Group>
        <Button type="submit" loading={state.isLoading}>
          Save submission
        </Button>
      </Stack>
    </form>
  );
}
