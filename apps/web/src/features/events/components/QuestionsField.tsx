import { ActionIcon, Button, Checkbox, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { EVENT_LIMITS } from '@nexus/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Errors, QuestionDraft } from '../event-draft';

let questionCounter = 0;
const newQuestionId = () => `q${Date.now().toString(36)}${(questionCounter++).toString(36)}`;

interface QuestionsFieldProps {
  questions: QuestionDraft[];
  onChange(questions: QuestionDraft[]): void;
  /** The form's errors; a question's is keyed `q{index}`. */
  errors: Errors;
}

/** The questions people answer when they register: text or one of several choices, required or not. */
export function QuestionsField({ questions, onChange, errors }: QuestionsFieldProps) {
  const setQuestion = (index: number, change: Partial<QuestionDraft>) =>
    onChange(questions.map((question, at) => (at === index ? { ...question, ...change } : question)));
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        Questions for registrants
      </Text>
      {questions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No questions: people register with one click.
        </Text>
      ) : null}
      {questions.map((question, index) => (
        <Stack
          key={question.question_id}
          gap="xs"
          p="sm"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
        >
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label={`Question ${index + 1}`}
              style={{ flex: 1 }}
              value={question.label}
              onChange={(change) => setQuestion(index, { label: change.currentTarget.value })}
              error={errors[`q${index}`]}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove question ${index + 1}`}
              onClick={() => onChange(questions.filter((_, at) => at !== index))}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
          <Group wrap="wrap">
            <Select
              label="Answer"
              allowDeselect={false}
              value={question.kind}
              onChange={(value) => setQuestion(index, { kind: (value as 'text' | 'choice') ?? 'text' })}
              data={[
                { value: 'text', label: 'Text' },
                { value: 'choice', label: 'One of several choices' },
              ]}
            />
            <Checkbox
              mt="lg"
              label="Required"
              checked={question.required}
              onChange={(change) => setQuestion(index, { required: change.currentTarget.checked })}
            />
          </Group>
          {question.kind === 'choice' ? (
            <Textarea
              label="Choices (one a line)"
              autosize
              minRows={2}
              value={question.choices}
              onChange={(change) => setQuestion(index, { choices: change.currentTarget.value })}
            />
          ) : null}
        </Stack>
      ))}
      {questions.length < EVENT_LIMITS.questionsMax ? (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() =>
            onChange([
              ...questions,
              { question_id: newQuestionId(), label: '', kind: 'text', required: false, choices: '' },
            ])
          }
        >
          Add a question
        </Button>
      ) : null}
    </Stack>
  );
}
