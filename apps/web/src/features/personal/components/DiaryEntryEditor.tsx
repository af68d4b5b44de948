import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { type DiaryEntry, diaryEntryCreate, PERSONAL_LIMITS, PERSONAL_MESSAGES } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { useCreateDiaryEntryMutation, useUpdateDiaryEntryMutation } from '../api';

interface DiaryEntryEditorProps {
  initial?: DiaryEntry;
  /** The day a new entry is written for. */
  date: string;
  onDone: () => void;
}

/** Writes or edits one diary entry: its day, an optional title and the text. */
export function DiaryEntryEditor({ initial, date, onDone }: DiaryEntryEditorProps) {
  const [entryDate, setEntryDate] = useState(initial?.entry_date ?? date);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreateDiaryEntryMutation();
  const [update, updating] = useUpdateDiaryEntryMutation();

  const save = async () => {
    const parsed = diaryEntryCreate.safeParse({ entry_date: entryDate, title, body });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      if (initial) await update({ id: initial.entry_id, changes: parsed.data }).unwrap();
      else await create(parsed.data).unwrap();
      notify.success(PERSONAL_MESSAGES.entrySaved);
      onDone();
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        type="date"
        label="Date"
        required
        value={entryDate}
        onChange={(event) => setEntryDate(event.currentTarget.value)}
        error={errors.entry_date}
      />
      <TextInput
        label="Title (optional)"
        value={title}
        maxLength={PERSONAL_LIMITS.titleMax}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={errors.title}
      />
      <RichTextField label="Entry" value={body} onChange={setBody} error={errors.body} />
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
          Save entry
        </Button>
      </Group>
    </Stack>
  );
}
