import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { type Faq, faqCreate, SUPPORT_LIMITS, SUPPORT_MESSAGES } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { useCreateFaqMutation, useUpdateFaqMutation } from '../api';

/** Adds or edits a FAQ of the administrator's context. */
export function FaqEditor({ initial, onDone }: { initial?: Faq; onDone: () => void }) {
  const [category, setCategory] = useState(initial?.category ?? 'General');
  const [question, setQuestion] = useState(initial?.question ?? '');
  const [answer, setAnswer] = useState(initial?.answer ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreateFaqMutation();
  const [update, updating] = useUpdateFaqMutation();

  const save = async () => {
    const parsed = faqCreate.safeParse({ category, question, answer });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (initial) await update({ id: initial.faq_id, changes: parsed.data }).unwrap();
      else await create(parsed.data).unwrap();
      notify.success(SUPPORT_MESSAGES.faqSaved);
      onDone();
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Category"
        required
        value={category}
        onChange={(e) => setCategory(e.currentTarget.value)}
        error={errors.category}
      />
      <TextInput
        label="Question"
        required
        maxLength={SUPPORT_LIMITS.questionMax}
        value={question}
        onChange={(e) => setQuestion(e.currentTarget.value)}
        error={errors.question}
      />
      <RichTextField label="Answer" value={answer} onChange={setAnswer} error={errors.answer} />
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
          Save FAQ
        </Button>
      </Group>
    </Stack>
  );
}
