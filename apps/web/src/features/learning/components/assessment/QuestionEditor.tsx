import { Alert, Button, Checkbox, Group, NativeSelect, NumberInput, Stack, Textarea } from '@mantine/core';
import { type AssessmentKind, QUESTION_TYPES, type QuestionType } from '@nexus/contracts';
import { useEffect, useRef, useState } from 'react';
import type { QuestionInput } from '../../assessment-api';
import { OptionsEditor } from './OptionsEditor';
import { draftErrors, isChoice, payloadOf, QUESTION_TYPE_LABELS, type QuestionDraft } from './question-draft';

interface QuestionEditorProps {
  initial: QuestionDraft;
  assessmentId: number;
  kind: AssessmentKind;
  saving: boolean;
  /** The server's message when a save failed. */
  serverError?: string;
  /** Shown above the buttons, e.g. that the draft holds changes not saved yet. */
  notice?: string;
  /** `changedSince` says whether the draft was edited after this payload was taken from it. */
  onSave: (payload: QuestionInput, changedSince: () => boolean) => void;
  onCancel: () => void;
}

const TYPE_OPTIONS = QUESTION_TYPES.map((type) => ({ value: type, label: QUESTION_TYPE_LABELS[type] }));

/** Add or edit one question; checked with the shared zod schema before it is sent. */
export function QuestionEditor({
  initial,
  assessmentId,
  kind,
  saving,
  serverError,
  notice,
  onSave,
  onCancel,
}: QuestionEditorProps) {
  const [draft, setDraft] = useState(initial);
  // Read when a save comes back: the draft may have moved on while it was in flight.
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  }, [draft]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (changes: Partial<QuestionDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const choice = isChoice(draft.question_type);

  const save = () => {
    // Enter in a number field still submits while saving; a second add would be a duplicate.
    if (saving) return;
    const payload = payloadOf(draft, kind);
    const found = draftErrors(payload, assessmentId);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const sent = JSON.stringify(draft);
    onSave(payload, () => JSON.stringify(latest.current) !== sent);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="md">
        <NativeSelect
          label="Type"
          data={TYPE_OPTIONS}
          value={draft.question_type}
          onChange={(event) => {
            const type = event.currentTarget.value as QuestionType;
            change({
              question_type: type,
              ...(type === 'single_choice' ? { correct_options: draft.correct_options.slice(0, 1) } : {}),
            });
          }}
        />
        <Textarea
          label="Question"
          value={draft.prompt}
          error={errors.prompt}
          maxLength={2000}
          rows={3}
          onChange={(event) => change({ prompt: event.currentTarget.value })}
        />
        {choice ? (
          <OptionsEditor draft={draft} scored={kind === 'quiz'} errors={errors} onChange={change} />
        ) : null}
        {draft.question_type === 'rating' ? (
          <NumberInput
            label="Rating max"
            description="The scale runs from 1 to this number (2 to 10)"
            min={2}
            max={10}
            value={draft.rating_max}
            error={errors.rating_max}
            onChange={(value) => change({ rating_max: Number(value) || 0 })}
            w={200}
          />
        ) : null}
        {choice && kind === 'quiz' ? (
          <NumberInput
            label="Points"
            min={0}
            max={100}
            value={draft.points}
            error={errors.points}
            onChange={(value) => change({ points: Number(value) || 0 })}
            w={200}
          />
        ) : null}
        <Checkbox
          label="Required"
          checked={draft.is_required}
          onChange={(event) => change({ is_required: event.currentTarget.checked })}
        />
        {notice && !serverError ? (
          <Alert color="blue" role="status">
            {notice}
          </Alert>
        ) : null}
        {serverError ? (
          <Alert color="red" role="alert" title="Not saved">
            {serverError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save question
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
