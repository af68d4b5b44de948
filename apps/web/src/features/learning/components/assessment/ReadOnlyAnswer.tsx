import { Badge, Group, Stack, Text } from '@mantine/core';
import type { AnswerValue, LearnerQuestion, QuestionReview } from '@nexus/contracts';
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
  review,
}: {
  question: LearnerQuestion;
  value: AnswerValue | undefined;
  /** Whether it was right and the correct answer, when the author shows them after the last attempt. */
  review?: QuestionReview;
}) {
  const text = answerText(question, value);
  return (
    <Stack gap={4}>
      <Group gap="sm" justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm">
          {question.prompt}
        </Text>
        {review ? (
          <Badge color={review.correct ? 'green' : 'red'} variant="dot" style={{ flexShrink: 0 }}>
            {review.correct ? 'Right' : 'Wrong'}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c={text === null ? 'dimmed' : undefined} style={{ whiteSpace: 'pre-wrap' }}>
        <Text span size="sm" c="dimmed">
          Your answer:{' '}
        </Text>
        {text ?? 'Not answered'}
      </Text>
      {review && !review.correct ? (
        <Text size="sm">
          <Text span size="sm" c="dimmed">
            Correct answer:{' '}
          </Text>
          {answerText(
            question,
            question.question_type === 'multiple_choice' ? review.correct_options : review.correct_options[0],
          ) ?? ''}
        </Text>
      ) : null}
    </Stack>
  );
}
