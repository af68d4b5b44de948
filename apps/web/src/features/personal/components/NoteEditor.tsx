import { Alert, Button, Group, Stack, TagsInput, TextInput } from '@mantine/core';
import { type Note, noteCreate, PERSONAL_LIMITS, PERSONAL_MESSAGES } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { useCreateNoteMutation, useUpdateNoteMutation } from '../api';

interface NoteEditorProps {
  /** The note being edited; absent: a new one. */
  initial?: Note;
  onDone: () => void;
}

/** Writes or edits a note: title, rich text and tags, checked with the server's own schema. */
export function NoteEditor({ initial, onDone }: NoteEditorProps) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [tags, setTags] = useState<string[]>(initial?.tags ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreateNoteMutation();
  const [update, updating] = useUpdateNoteMutation();

  const save = async () => {
    const parsed = noteCreate.safeParse({ title, body, tags });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      if (initial) await update({ id: initial.note_id, changes: parsed.data }).unwrap();
      else await create(parsed.data).unwrap();
      notify.success(PERSONAL_MESSAGES.noteSaved);
      onDone();
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Title"
        required
        value={title}
        maxLength={PERSONAL_LIMITS.titleMax}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={errors.title}
      />
      <RichTextField label="Note" value={body} onChange={setBody} error={errors.body} />
      <TagsInput
        label="Tags"
        description="Press Enter after each tag"
        value={tags}
        onChange={setTags}
        maxTags={PERSONAL_LIMITS.tagsMax}
        error={errors.tags}
        clearable
      />
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={save} loading={creating.isLoading || updating.isLoading}>
          Save note
        </Button>
      </Group>
    </Stack>
  );
}
