import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Assessment, AssessmentResponse, AttemptRecord, RetakeState } from '@nexus/contracts';
import { IconCircleCheck, IconCircleX, IconHeart, IconRefresh } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

interface AttemptResultProps {
  assessment: Assessment;
  response: AssessmentResponse;
  attempts?: AttemptRecord[];
  retake?: RetakeState;
  onRetake?: () => void;
  retaking?: boolean;
  retakeError?: string | null;
}

// Mantine's light alert titles its text in the alert colour, too faint on that tint (axe color-contrast).
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };
const when = (iso: string) => dayjs(iso).format('D MMM YYYY, HH:mm');
// setTimeout takes at most a signed 32-bit delay; a longer wait is rechecked on the next visit.
const LONGEST_TIMER = 2 ** 31 - 1;

/** True once `opensAt` has passed, updating on time while the page stays open. */
function useOpened(opensAt: string | null): boolean {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    setOpened(false);
    if (!opensAt) return;
    const wait = Date.parse(opensAt) - Date.now();
    if (wait > LONGEST_TIMER) return;
    const timer = setTimeout(() => setOpened(true), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [opensAt]);
  return opened;
}

/** What the learner can do next under the retake policy: retake, wait, or ask the teacher. */
function NextStep({
  retake,
  onRetake,
  retaking,
  retakeError,
}: Required<Pick<AttemptResultProps, 'retake'>> & Omit<AttemptResultProps, 'assessment' | 'response'>) {
  const opened = useOpened(retake.blocked === 'waiting' ? retake.opens_at : null);
  const label = `Retake (attempt ${retake.used + 1} of ${retake.allowed})`;
  if (retake.can_retake || opened) {
    return (
      <Stack gap={4} align="flex-start">
        <Button
          onClick={onRetake}
          loading={retaking}
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          mt={4}
        >
          {label}
        </Button>
        {retakeError ? (
          <Text size="sm" role="alert">
            {retakeError}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (retake.blocked === 'waiting' && retake.opens_at) {
    return (
      <Text size="sm" fw={600}>
        Next attempt opens at {when(retake.opens_at)} (attempt {retake.used + 1} of {retake.allowed}).
      </Text>
    );
  }
  if (retake.blocked === 'no_attempts_left') {
    return (
      <Text size="sm">
        <Text span fw={600} size="sm">
          No attempts left.
        </Text>{' '}
        Contact your teacher: they can reopen the assessment for one more attempt.
      </Text>
    );
  }
  return null;
}

/**
 * What a submitted response shows: for a quiz the score that counts against the pass mark, the attempts
 * so far and what comes next under the retake policy; for a survey, thanks.
 */
export function AttemptResult({
  assessment,
  response,
  attempts = [],
  retake,
  onRetake,
  retaking,
  retakeError,
}: AttemptResultProps) {
  const submitted = response.submitted_at ? `Submitted ${when(response.submitted_at)}` : 'Submitted';
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
  const several = attempts.length > 1 || (retake?.allowed ?? 1) > 1;
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
        {several && attempts.length > 0 ? (
          <Text size="sm">
            {attempts.map((attempt) => `Attempt ${attempt.attempt}: ${attempt.percent ?? 0}%`).join(' · ')} ·
            your {assessment.scoring === 'best' ? 'best' : 'last'} attempt counts
          </Text>
        ) : null}
        {retake && !passed ? (
          <NextStep retake={retake} onRetake={onRetake} retaking={retaking} retakeError={retakeError} />
        ) : null}
      </Stack>
    </Alert>
  );
}
