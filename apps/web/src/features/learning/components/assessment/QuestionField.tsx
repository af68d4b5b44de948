import { Checkbox, Group, Radio, Stack, Textarea } from '@mantine/core';
import type { AnswerValue, LearnerQuestion } from '@nexus/contracts';

interface QuestionFieldProps {
  question: LearnerQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  readOnly: boolean;
  error?: string;
}

const ratingValues = (max: number) => Array.from({ length: max }, (_, index) => String(index + 1));

/**
 * One question as the learner answers it. The group's label is the prompt and each radio or
 * checkbox is labelled with its option, so the page reads the same to a screen reader and a test.
 */
export function QuestionField({ question, value, onChange, readOnly, error }: QuestionFieldProps) {
  const common = { label: question.prompt, withAsterisk: question.is_required, error };
  if (question.question_type === 'single_choice') {
    return (
      <Radio.Group
        {...common}
        value={typeof value === 'string' ? value : null}
        onChange={(next) => onChange(next)}
        readOnly={readOnly}
      >
        <Stack gap="xs" mt="xs">
          {question.options.map((option) => (
            <Radio key={option.id} value={option.id} label={option.label} disabled={readOnly} />
          ))}
        </Stack>
      </Radio.Group>
    );
  }
  if (question.question_type === 'multiple_choice') {
    return (
      <Checkbox.Group
        {...common}
        value={Array.isArray(value) ? value : []}
        onChange={(next) => onChange(next)}
        readOnly={readOnly}
      >
        <Stack gap="xs" mt="xs">
          {question.options.map((option) => (
            <Checkbox key={option.id} value={option.id} label={option.label} disabled={readOnly} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  if (question.question_type === 'rating') {
    return (
      <Radio.Group
        {...common}
        description={`1 is the lowest, ${question.rating_max} the highest`}
        value={typeof value === 'number' ? String(value) : null}
        onChange={(next) => onChange(Number(next))}
        readOnly={readOnly}
      >
        <Group gap="md" mt="xs">
          {ratingValues(question.rating_max).map((rating) => (
            <Radio key={rating} value={rating} label={rating} disabled={readOnly} />
          ))}
        </Group>
      </Radio.Group>
    );
  }
  return (
    <Textarea
      {...common}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      readOnly={readOnly}
      rows={4}
      maxLength={5000}
    />
  );
}
