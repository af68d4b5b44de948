import { Alert, Button, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import {
  READINESS_DIMENSION_LABELS,
  READINESS_MESSAGES,
  type ReadinessJourney,
  type ReadinessJourneyDetail,
} from '@nexus/contracts';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/store';
import { errorMessage } from '../../../shared/api/http';
import { notify } from '../../../shared/ui/notify';
import { iterationSet } from '../../learning/state';
import { useSubmitReadinessMutation } from '../api';

/**
 * The self-assessment: one question per dimension, its nine level statements as choices. Submitting
 * scores it on the server and adds it to the history; the round number is the plan's `iteration`.
 */
export function AssessmentForm({
  journey,
  detail,
  onDone,
}: {
  journey: ReadinessJourney;
  detail: ReadinessJourneyDetail;
  onDone?: () => void;
}) {
  const dispatch = useAppDispatch();
  const round = detail.history.length + 1;
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      detail.questions.flatMap((question) => {
        const level = detail.latest?.dimensions.find((d) => d.dimension === question.dimension)?.self_level;
        return level ? [[String(question.question_id), String(level)]] : [];
      }),
    ),
  );
  const [tried, setTried] = useState(false);
  const [submit, submitting] = useSubmitReadinessMutation();
  const missing = detail.questions.filter((question) => !answers[String(question.question_id)]);

  const onSubmit = async () => {
    setTried(true);
    if (missing.length > 0) return;
    try {
      const result = await submit({ journey, answers }).unwrap();
      dispatch(iterationSet(round));
      notify.success(`Saved: overall level ${result.overall}.`);
      setTried(false);
      onDone?.();
    } catch (error) {
      notify.error(errorMessage(error, 'Your answers could not be saved. Try again.'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="assessment-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <Stack gap="lg">
          <div>
            <Title order={2} size="h3" id="assessment-title">
              Self-assessment, round {round}
            </Title>
            <Text size="sm" c="dimmed">
              For each dimension, pick the highest statement that is true today.
            </Text>
          </div>
          {tried && missing.length > 0 ? (
            <Alert color="red" role="alert">
              {READINESS_MESSAGES.answerEvery}
            </Alert>
          ) : null}
          {detail.questions.map((question) => {
            const id = String(question.question_id);
            const unanswered = tried && !answers[id];
            return (
              <Radio.Group
                key={id}
                name={`q-${id}`}
                label={`${READINESS_DIMENSION_LABELS[question.dimension]}: ${question.prompt}`}
                value={answers[id] ?? null}
                onChange={(value) => setAnswers((current) => ({ ...current, [id]: value }))}
                error={unanswered ? 'Choose a level.' : undefined}
                withAsterisk
              >
                <Stack gap={6} mt="xs">
                  {question.options.map((option) => (
                    <Radio key={option.id} value={option.id} label={option.label} />
                  ))}
                </Stack>
              </Radio.Group>
            );
          })}
          <Button type="submit" loading={submitting.isLoading} style={{ alignSelf: 'flex-start' }}>
            Submit my levels
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
