import { Alert, Button, Radio, Stack, Textarea } from '@mantine/core';
import { EVENT_LIMITS, EVENT_MESSAGES, type EventItem } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { useRegisterMutation } from '../api';

/** Checks the answers as the server does, so a person sees every problem before sending. */
export function answerErrors(event: EventItem, answers: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of event.questions) {
    const answer = (answers[question.question_id] ?? '').trim();
    if (!answer) {
      if (question.required) errors[question.question_id] = EVENT_MESSAGES.answerRequired;
    } else if (question.kind === 'choice' && !question.choices.includes(answer)) {
      errors[question.question_id] = EVENT_MESSAGES.unknownChoice;
    } else if (answer.length > EVENT_LIMITS.answerMax) {
      errors[question.question_id] = EVENT_MESSAGES.tooLong;
    }
  }
  return errors;
}

/** The registration form: the event's questions, then Register (or join the waiting list when full). */
export function RegisterForm({ event }: { event: EventItem }) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [register, state] = useRegisterMutation();
  const full = event.seats_left !== null && event.seats_left <= 0;

  const set = (id: string, value: string) => {
    setAnswers((current) => ({ ...current, [id]: value }));
    setErrors((current) => {
      const { [id]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const submit = async (formEvent: React.FormEvent) => {
    formEvent.preventDefault();
    setFailure(null);
    const found = answerErrors(event, answers);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const sent = Object.fromEntries(
      Object.entries(answers)
        .map(([key, value]) => [key, value.trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    try {
      const result = await register({ eventId: event.event_id, answers: sent }).unwrap();
      notify.success(result.message ?? EVENT_MESSAGES.registered);
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Register">
      <Stack gap="md">
        {event.questions.map((question) =>
          question.kind === 'choice' ? (
            <Radio.Group
              key={question.question_id}
              label={question.label}
              withAsterisk={question.required}
              value={answers[question.question_id] ?? ''}
              onChange={(value) => set(question.question_id, value)}
              error={errors[question.question_id]}
            >
              <Stack gap={6} mt={6}>
                {question.choices.map((choice) => (
                  <Radio key={choice} value={choice} label={choice} />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Textarea
              key={question.question_id}
              label={question.label}
              withAsterisk={question.required}
              required={question.required}
              autosize
              minRows={2}
              maxLength={EVENT_LIMITS.answerMax}
              value={answers[question.question_id] ?? ''}
              onChange={(change) => set(question.question_id, change.currentTarget.value)}
              error={errors[question.question_id]}
            />
          ),
        )}
        {failure ? (
          <Alert color="red" role="alert" title="We could not register you">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={state.isLoading} style={{ alignSelf: 'flex-start' }}>
          {full ? 'Join the waiting list' : event.requires_approval ? 'Ask to register' : 'Register'}
        </Button>
      </Stack>
    </form>
  );
}
