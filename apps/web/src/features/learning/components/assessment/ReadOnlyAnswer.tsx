import { Stack, Text } from '@mantine/core';
import type { AnswerValue, LearnerQuestion } from '@nexus/contracts';
import { isAnswered } from './answers';

function answerText(question: LearnerQuestion, value: AnswerValue | undefined): string | null {
  if (!isAnswered(value)) return null;
  const label = (id: string) => question.options.find((option) => option.id === id)?.label ?? id;
  if (question.question_type === 'rating') return `${value} of ${question.rating_max}`;
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (question.question_type === 'single_choice') return label(String(value));
  return String(value);
}

/**
 * A submitted answer as plain text: disabled inputs are too faint to read back what one chose, and
 * a submitted response can no longer change anyway.
 */
export function ReadOnlyAnswer({
  question,
  value,
}: {
  question: LearnerQuestion;
  value: AnswerValue | undefined;
}) {
  const text = answerText(question, value);
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {question.prompt}
      </Text>
      <Text size="sm" c={text === null ? 'dimmed' : undefined} style={{ whiteSpace: 'pre-wrap' }}>
        <Text span size="sm" c="dimmed">
          Your answer:{' '}
        </Text>
        {text ?? 'Not answered'}
      </Text>
    </Stack>
  );
}
