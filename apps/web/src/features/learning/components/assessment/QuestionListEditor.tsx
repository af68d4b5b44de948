import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { AssessmentKind, Question } from '@nexus/contracts';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { QUESTION_TYPE_LABELS } from './question-draft';

interface QuestionListEditorProps {
  questions: Question[];
  kind: AssessmentKind;
  busy: boolean;
  onEdit: (question: Question) => void;
  onDelete: (question: Question) => void;
  onMove: (index: number, by: -1 | 1) => void;
}

function summary(question: Question, kind: AssessmentKind): string {
  if (question.question_type === 'rating') return `Scale 1 to ${question.rating_max}`;
  if (question.question_type === 'short_text') return 'Free text';
  const labels = question.options.map((option) =>
    kind === 'quiz' && question.correct_options.includes(option.id) ? `${option.label} ✓` : option.label,
  );
  return labels.join(' · ');
}

/**
 * The builder's questions in order. Each is an article named "Question N", so its Edit, Delete and
 * Move buttons can keep short names and still be told apart.
 */
export function QuestionListEditor({
  questions,
  kind,
  busy,
  onEdit,
  onDelete,
  onMove,
}: QuestionListEditorProps) {
  if (questions.length === 0) {
    return <Text c="dimmed">No questions yet: add the first one.</Text>;
  }
  return (
    <Stack gap="sm">
      {questions.map((question, index) => (
        <Paper
          key={question.question_id}
          component="article"
          aria-label={`Question ${index + 1}`}
          withBorder
          radius="md"
          p="md"
        >
          <Stack gap={6}>
            <Group gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed">
                Question {index + 1}
              </Text>
              <Badge size="sm" variant="light">
                {QUESTION_TYPE_LABELS[question.question_type]}
              </Badge>
              {question.is_required ? (
                <Badge size="sm" variant="outline" color="gray" c="gray.8">
                  Required
                </Badge>
              ) : null}
              {kind === 'quiz' && question.correct_options.length > 0 ? (
                <Badge size="sm" variant="outline" color="teal" c="teal.9">
                  {question.points} {question.points === 1 ? 'point' : 'points'}
                </Badge>
              ) : null}
            </Group>
            <Text fw={600}>{question.prompt}</Text>
            <Text size="sm" c="dimmed">
              {summary(question, kind)}
            </Text>
            <Group gap="xs" wrap="wrap" mt={4}>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} aria-hidden="true" />}
                onClick={() => onEdit(question)}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconArrowUp size={14} aria-hidden="true" />}
                disabled={busy || index === 0}
                onClick={() => onMove(index, -1)}
              >
                Move up
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconArrowDown size={14} aria-hidden="true" />}
                disabled={busy || index === questions.length - 1}
                onClick={() => onMove(index, 1)}
              >
                Move down
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden="true" />}
                onClick={() => onDelete(question)}
              >
                Delete
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
