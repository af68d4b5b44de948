import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  type Answers,
  type AnswersBody,
  type AnswerValue,
  ASSESSMENT_MESSAGES,
  type AssessmentAttempt,
  type AssessmentKind,
  type LearnerQuestion,
} from '@nexus/contracts';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../../../app/store';
import type { HttpQueryError } from '../../../../shared/api/base-api';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { useRetakeMutation, useSaveAnswersMutation, useSubmitAnswersMutation } from '../../assessment-api';
import { assessmentMetadataSet } from '../../assessment-slice';
import { AttemptResult } from './AttemptResult';
import { unansweredRequired } from './answers';
import { QuestionField } from './QuestionField';
import { ReadOnlyAnswer } from './ReadOnlyAnswer';
import { SaveStatus } from './SaveStatus';
import { useAutosave } from './use-autosave';

// Only choice questions are scored (scoring.ts), so only they show their points.
function pointsNote(question: LearnerQuestion, kind: AssessmentKind): string {
  const scored = question.question_type === 'single_choice' || question.question_type === 'multiple_choice';
  if (kind !== 'quiz' || !scored || question.points <= 0) return '';
  return ` · ${question.points} ${question.points === 1 ? 'point' : 'points'}`;
}

/** What the "Submit your answers?" dialog says: final for one attempt, else how many remain after this. */
export function submitWarning(kind: AssessmentKind, attempt: number, allowed: number): string {
  const locked = 'after this your answers can no longer be changed';
  if (kind !== 'quiz' || allowed <= 1) return `You can submit only once: ${locked}.`;
  const left = allowed - attempt;
  if (left <= 0) return `This is your last attempt (${attempt} of ${allowed}): ${locked}.`;
  return `This is attempt ${attempt} of ${allowed}: ${locked}. If you do not pass, you can retake the quiz ${left === 1 ? 'once more' : `${left} more times`}.`;
}

/**
 * The questions of one attempt: answers restored from the saved response, autosaved while in
 * progress, submitted, then read-only under the result with the retake the policy allows.
 */
export function AttemptForm({
  attempt,
  responseFor,
}: {
  attempt: AssessmentAttempt;
  responseFor?: 'program';
}) {
  const { assessment, questions, response, retake, attempts, review } = attempt;
  const id = assessment.assessment_id;
  const dispatch = useAppDispatch();
  const [answers, setAnswers] = useState<Answers>(() => response?.answers ?? {});
  const [missing, setMissing] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [saveAnswers] = useSaveAnswersMutation();
  const [submitAnswers, submitting] = useSubmitAnswersMutation();
  const [startRetake, retaking] = useRetakeMutation();
  // Set when Submit found required questions unanswered; the alert goes once they all are.
  const [triedSubmit, setTriedSubmit] = useState(false);
  const blocked = triedSubmit && missing.length > 0;
  const completed = response?.is_completed ?? false;
  const open = assessment.status === 'published';
  const readOnly = completed || !open;

  // Spec section 3 "Assessment metadata": what this response is for, kept in the persisted slice.
  const responseForType = response?.response_for_type ?? responseFor ?? 'self';
  const instituteName = response?.institute_name ?? assessment.institute_name;
  useEffect(() => {
    dispatch(
      assessmentMetadataSet({
        response_for_type: responseForType,
        institute_name: instituteName,
        assessment_id: id,
        is_completed: completed,
      }),
    );
  }, [dispatch, responseForType, instituteName, id, completed]);

  const body = (next: Answers): AnswersBody => ({
    answers: next,
    // Reached from a program's unit: the response is for that program (spec section 3 response_for_type).
    ...(responseFor ? { response_for_type: responseFor } : {}),
    ...(instituteName ? { institute_name: instituteName } : {}),
  });
  const autosave = useAutosave((next) => saveAnswers({ id, body: body(next) }).unwrap());

  const change = (questionId: number, value: AnswerValue) => {
    const next = { ...answers, [String(questionId)]: value };
    setAnswers(next);
    setMissing((current) => current.filter((entry) => entry !== questionId));
    autosave.schedule(next);
  };

  // Required answers are checked here first, so the confirmation only comes up for a complete attempt.
  const askToSubmit = () => {
    const unanswered = unansweredRequired(questions, answers);
    setMissing(unanswered);
    setTriedSubmit(unanswered.length > 0);
    if (unanswered.length > 0) {
      document.getElementById(`question-${unanswered[0]}`)?.scrollIntoView?.({ block: 'center' });
      return;
    }
    setConfirming(true);
  };

  const submit = async () => {
    autosave.cancel();
    try {
      await submitAnswers({ id, body: body(answers) }).unwrap();
      setConfirming(false);
      dispatch(assessmentMetadataSet({ is_completed: true }));
      window.scrollTo?.({ top: 0 });
    } catch (error) {
      setConfirming(false);
      if ((error as HttpQueryError).message === ASSESSMENT_MESSAGES.unanswered) {
        setMissing(unansweredRequired(questions, answers));
      }
    }
  };

  return (
    <Stack gap="lg">
      {completed && response ? (
        <AttemptResult
          assessment={assessment}
          response={response}
          attempts={attempts}
          retake={retake}
          onRetake={() =>
            void startRetake(id)
              .unwrap()
              .catch(() => null)
          }
          retaking={retaking.isLoading}
          retakeError={retaking.isError ? (retaking.error as HttpQueryError).message : null}
        />
      ) : null}
      {!completed && response && response.attempt > 1 ? (
        <Text size="sm" fw={600}>
          Attempt {response.attempt} of {retake.allowed}
        </Text>
      ) : null}
      {!open && !completed ? (
        <Alert color="yellow" title="Draft">
          {ASSESSMENT_MESSAGES.notOpen} Answers are not saved until it is published.
        </Alert>
      ) : null}
      {questions.length === 0 ? <Text c="dimmed">This assessment has no questions yet.</Text> : null}
      <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {questions.map((question, index) => (
          <Paper
            component="li"
            key={question.question_id}
            id={`question-${question.question_id}`}
            withBorder
            radius="md"
            p="md"
          >
            <Text size="xs" c="dimmed" mb={4}>
              Question {index + 1} of {questions.length}
              {pointsNote(question, assessment.kind)}
            </Text>
            {completed ? (
              <ReadOnlyAnswer
                question={question}
                value={answers[String(question.question_id)]}
                review={review?.find((entry) => entry.question_id === question.question_id)}
              />
            ) : (
              <QuestionField
                question={question}
                value={answers[String(question.question_id)]}
                onChange={(value) => change(question.question_id, value)}
                readOnly={readOnly}
                error={missing.includes(question.question_id) ? 'This question is required.' : undefined}
              />
            )}
          </Paper>
        ))}
      </Stack>
      {blocked && !completed ? (
        <Alert color="red" role="alert" title="Not submitted">
          {ASSESSMENT_MESSAGES.unanswered}
        </Alert>
      ) : null}
      {submitting.isError && !completed && !blocked ? (
        <Alert color="red" role="alert" title="Not submitted">
          {(submitting.error as HttpQueryError).message}
        </Alert>
      ) : null}
      {readOnly ? null : (
        // Sticky, so the save status and Submit stay in view on a long assessment.
        <Paper
          withBorder
          radius="md"
          p="sm"
          shadow="sm"
          style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 2 }}
        >
          <Group justify="space-between" wrap="nowrap">
            <SaveStatus state={autosave.state} />
            <Button onClick={askToSubmit} disabled={questions.length === 0}>
              Submit
            </Button>
          </Group>
        </Paper>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Submit your answers?"
        message={submitWarning(assessment.kind, response?.attempt ?? 1, retake.allowed)}
        confirmLabel="Submit answers"
        confirmColor="indigo"
        onConfirm={submit}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
