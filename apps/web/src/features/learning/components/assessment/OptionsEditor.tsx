import { ActionIcon, Button, Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_OPTIONS, nextOptionId, type QuestionDraft } from './question-draft';

interface OptionsEditorProps {
  draft: QuestionDraft;
  /** Quizzes mark the correct option(s); surveys have none. */
  scored: boolean;
  errors: Record<string, string>;
  onChange: (changes: Partial<QuestionDraft>) => void;
}

/** The options of a choice question, each with its correct mark for a quiz, added and removed in place. */
export function OptionsEditor({ draft, scored, errors, onChange }: OptionsEditorProps) {
  const single = draft.question_type === 'single_choice';
  const toggleCorrect = (id: string, checked: boolean) => {
    if (single) onChange({ correct_options: checked ? [id] : [] });
    else
      onChange({
        correct_options: checked
          ? [...draft.correct_options, id]
          : draft.correct_options.filter((entry) => entry !== id),
      });
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Options
      </Text>
      {scored ? (
        <Text size="xs" c="dimmed">
          Mark the correct {single ? 'option' : 'options'} to score this question.
        </Text>
      ) : null}
      {draft.options.map((option, index) => {
        const name = `Option ${index + 1}`;
        const correct = draft.correct_options.includes(option.id);
        return (
          <Group key={option.id} gap="xs" align="flex-start" wrap="nowrap">
            {scored ? (
              single ? (
                <Radio
                  mt={34}
                  aria-label={`${name} is correct`}
                  checked={correct}
                  onChange={(event) => toggleCorrect(option.id, event.currentTarget.checked)}
                />
              ) : (
                <Checkbox
                  mt={34}
                  aria-label={`${name} is correct`}
                  checked={correct}
                  onChange={(event) => toggleCorrect(option.id, event.currentTarget.checked)}
                />
              )
            ) : null}
            <TextInput
              label={name}
              value={option.label}
              error={errors[`options.${index}.label`]}
              maxLength={500}
              onChange={(event) => {
                const label = event.currentTarget.value;
                onChange({
                  options: draft.options.map((entry) =>
                    entry.id === option.id ? { ...entry, label } : entry,
                  ),
                });
              }}
              style={{ flex: 1 }}
            />
            <ActionIcon
              mt={28}
              size="lg"
              variant="subtle"
              color="red"
              aria-label={`Remove option ${index + 1}`}
              disabled={draft.options.length <= 2}
              onClick={() =>
                onChange({
                  options: draft.options.filter((entry) => entry.id !== option.id),
                  correct_options: draft.correct_options.filter((entry) => entry !== option.id),
                })
              }
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        );
      })}
      {errors.options ? (
        <Text size="sm" c="red.7">
          {errors.options}
        </Text>
      ) : null}
      {errors.correct_options ? (
        <Text size="sm" c="red.7">
          {errors.correct_options}
        </Text>
      ) : null}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} aria-hidden="true" />}
        disabled={draft.options.length >= MAX_OPTIONS}
        onClick={() =>
          onChange({ options: [...draft.options, { id: nextOptionId(draft.options), label: '' }] })
        }
      >
        Add option
      </Button>
    </Stack>
  );
}
