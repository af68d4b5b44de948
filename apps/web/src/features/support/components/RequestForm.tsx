import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
  supportRequestCreate,
} from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { useCreateSupportRequestMutation } from '../api';

const CATEGORY_OPTIONS = SUPPORT_CATEGORIES.map((value) => ({
  value,
  label: SUPPORT_CATEGORY_LABELS[value],
}));

/** A new support request: subject, category and what is needed. */
export function RequestForm({ onDone }: { onDone: (id: number) => void }) {
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, state] = useCreateSupportRequestMutation();

  const send = async () => {
    const parsed = supportRequestCreate.safeParse({ subject, category: category ?? undefined, body });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const created = await create(parsed.data).unwrap();
      notify.success(SUPPORT_MESSAGES.sent);
      onDone(created.data.request_id);
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Subject"
        required
        maxLength={SUPPORT_LIMITS.subjectMax}
        value={subject}
        onChange={(event) => setSubject(event.currentTarget.value)}
        error={errors.subject}
      />
      <Select
        label="Category"
        required
        data={CATEGORY_OPTIONS}
        value={category}
        onChange={setCategory}
        error={errors.category}
        comboboxProps={{ withinPortal: false }}
      />
      <Textarea
        label="What do you need?"
        required
        autosize
        minRows={4}
        maxLength={SUPPORT_LIMITS.bodyMax}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        error={errors.body}
      />
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={send} loading={state.isLoading}>
          Send request
        </Button>
      </Group>
    </Stack>
  );
}
