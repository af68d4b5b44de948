import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { Assessment, AssessmentResponse } from '@nexus/contracts';
import { IconCircleCheck, IconCircleX, IconHeart } from '@tabler/icons-react';
import dayjs from 'dayjs';

interface AttemptResultProps {
  assessment: Assessment;
  response: AssessmentResponse;
}

// Mantine's light alert titles its text in the alert colour, too faint on that tint (axe color-contrast).
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/** What a submitted response shows: the score against the pass mark for a quiz, thanks for a survey. */
export function AttemptResult({ assessment, response }: AttemptResultProps) {
  const submitted = response.submitted_at
    ? `Submitted ${dayjs(response.submitted_at).format('D MMM YYYY, HH:mm')}`
    : 'Submitted';
  if (assessment.kind === 'survey') {
    return (
      <Alert
        color="teal"
        icon={<IconHeart aria-hidden="true" />}
        title="Thank you for your response"
        styles={readableTitle}
      >
        <Text size="sm">{submitted}. Your answers are below.</Text>
      </Alert>
    );
  }
  const passed = response.passed === true;
  return (
    <Alert
      color={passed ? 'green' : 'orange'}
      icon={passed ? <IconCircleCheck aria-hidden="true" /> : <IconCircleX aria-hidden="true" />}
      title={passed ? 'You passed' : 'You did not pass'}
      styles={readableTitle}
    >
      <Stack gap={4}>
        <Group gap="md" wrap="wrap">
          <Text size="sm" fw={600}>
            Score {response.score ?? 0} / {response.max_score ?? 0}
          </Text>
          <Text size="sm" fw={600}>
            {response.percent ?? 0}%
          </Text>
          <Badge color={passed ? 'green' : 'orange'} variant="dot">
            {passed ? 'Passed' : 'Failed'}
          </Badge>
        </Group>
        <Text size="sm">
          {assessment.pass_mark === null ? 'No pass mark' : `Pass mark ${assessment.pass_mark}%`} ·{' '}
          {submitted}
        </Text>
      </Stack>
    </Alert>
  );
}
