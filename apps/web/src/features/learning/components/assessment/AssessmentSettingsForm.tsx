import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  type Assessment,
  type AssessmentKind,
  type AssessmentScoring,
  assessmentUpdate,
  MAX_ATTEMPTS_LIMIT,
} from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../../shared/api/base-api';
import { notify } from '../../../../shared/ui/notify';
import { type AssessmentChanges, useUpdateAssessmentMutation } from '../../assessment-api';

const KIND_OPTIONS = [
  { value: 'quiz', label: 'Quiz (scored, with a pass mark)' },
  { value: 'survey', label: 'Survey (collected, not scored)' },
];

const SCORING_OPTIONS = [
  { value: 'best', label: 'Best attempt' },
  { value: 'last', label: 'Last attempt' },
];
const WAIT_UNITS = [
  { value: 'minutes', label: 'minutes' },
  { value: 'hours', label: 'hours' },
];
type WaitUnit = 'minutes' | 'hours';

function changesOf(form: FormState): AssessmentChanges {
  const quiz = form.kind === 'quiz';
  const retakes = quiz && form.max_attempts > 1;
  return {
    title: form.title.trim(),
    description: form.description,
    kind: form.kind,
    // A survey is not scored, so it has no pass mark (contracts: null for surveys).
    pass_mark: quiz ? form.pass_mark : null,
    institute_name: form.institute_name.trim() || null,
    // A survey is answered once; one attempt needs no wait.
    max_attempts: quiz ? form.max_attempts : 1,
    retake_wait_minutes: retakes ? form.wait * (form.wait_unit === 'hours' ? 60 : 1) : 0,
    scoring: form.scoring,
    show_correct_answers: quiz && form.show_correct_answers,
  };
}

interface FormState {
  title: string;
  description: string;
  kind: AssessmentKind;
  pass_mark: number;
  institute_name: string;
  max_attempts: number;
  wait: number;
  wait_unit: WaitUnit;
  scoring: AssessmentScoring;
  show_correct_answers: boolean;
}

const FIELD_OF: Record<string, string> = { retake_wait_minutes: 'wait' };

/**
 * Title, description, kind, pass mark, institute and a quiz's retake policy, checked with the shared
 * schema.
 */
export function AssessmentSettingsForm({ assessment }: { assessment: Assessment }) {
  const [form, setForm] = useState<FormState>({
    title: assessment.title,
    description: assessment.description,
    kind: assessment.kind,
    pass_mark: assessment.pass_mark ?? 60,
    institute_name: assessment.institute_name ?? '',
    max_attempts: assessment.max_attempts,
    // Whole hours read better than minutes.
    ...(assessment.retake_wait_minutes > 0 && assessment.retake_wait_minutes % 60 === 0
      ? { wait: assessment.retake_wait_minutes / 60, wait_unit: 'hours' as const }
      : { wait: assessment.retake_wait_minutes, wait_unit: 'minutes' as const }),
    scoring: assessment.scoring,
    show_correct_answers: assessment.show_correct_answers,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [update, updating] = useUpdateAssessmentMutation();
  const change = (changes: Partial<FormState>) => setForm((current) => ({ ...current, ...changes }));

  const save = async () => {
    const changes = changesOf(form);
    const parsed = assessmentUpdate.safeParse(changes);
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[FIELD_OF[field] ?? field] ??= issue.message;
      }
    if (changes.title === '') found.title = 'Enter a title.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await update({ id: assessment.assessment_id, changes }).unwrap();
      notify.success('Assessment saved');
    } catch {
      // The server's message is shown under the form.
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Title"
          value={form.title}
          error={errors.title}
          maxLength={200}
          onChange={(event) => change({ title: event.currentTarget.value })}
        />
        <Textarea
          label="Description"
          value={form.description}
          error={errors.description}
          maxLength={5000}
          rows={3}
          onChange={(event) => change({ description: event.currentTarget.value })}
        />
        <Group gap="md" align="flex-start" wrap="wrap">
          <NativeSelect
            label="Kind"
            data={KIND_OPTIONS}
            value={form.kind}
            onChange={(event) => change({ kind: event.currentTarget.value as AssessmentKind })}
            w={{ base: '100%', xs: 280 }}
          />
          {form.kind === 'quiz' ? (
            <NumberInput
              label="Pass mark"
              description="Percent of the points needed to pass"
              min={0}
              max={100}
              suffix="%"
              value={form.pass_mark}
              error={errors.pass_mark}
              onChange={(value) => change({ pass_mark: Number(value) || 0 })}
              w={200}
            />
          ) : null}
        </Group>
        {form.kind === 'quiz' ? (
          <Fieldset
            legend="Retakes"
            variant="unstyled"
            p={0}
            styles={{ legend: { fontWeight: 600, marginBottom: 'var(--mantine-spacing-xs)' } }}
          >
            <Stack gap="sm">
              <Group gap="md" align="flex-start" wrap="wrap">
                <NumberInput
                  label="Attempts allowed"
                  description="1: no retake"
                  min={1}
                  max={MAX_ATTEMPTS_LIMIT}
                  allowDecimal={false}
                  value={form.max_attempts}
                  error={errors.max_attempts}
                  onChange={(value) => change({ max_attempts: Number(value) || 0 })}
                  w={180}
                />
                {form.max_attempts > 1 ? (
                  <>
                    <Group gap="xs" align="flex-end" wrap="nowrap">
                      <NumberInput
                        label="Wait between attempts"
                        description="0: retake at once"
                        min={0}
                        allowDecimal={false}
                        value={form.wait}
                        error={errors.wait}
                        onChange={(value) => change({ wait: Number(value) || 0 })}
                        w={{ base: 160, xs: 200 }}
                      />
                      <NativeSelect
                        aria-label="Unit of the wait"
                        data={WAIT_UNITS}
                        value={form.wait_unit}
                        onChange={(event) => change({ wait_unit: event.currentTarget.value as WaitUnit })}
                        w={110}
                      />
                    </Group>
                    <NativeSelect
                      label="Score that counts"
                      description="Of the learner's attempts"
                      data={SCORING_OPTIONS}
                      value={form.scoring}
                      onChange={(event) =>
                        change({ scoring: event.currentTarget.value as AssessmentScoring })
                      }
                      w={180}
                    />
                  </>
                ) : null}
              </Group>
              <Checkbox
                label="Show the correct answers once the learner has passed or has no attempts left"
                checked={form.show_correct_answers}
                onChange={(event) => change({ show_correct_answers: event.currentTarget.checked })}
              />
            </Stack>
          </Fieldset>
        ) : null}
        <TextInput
          label="Institute name"
          description="Optional: recorded with each response"
          value={form.institute_name}
          error={errors.institute_name}
          maxLength={200}
          onChange={(event) => change({ institute_name: event.currentTarget.value })}
          w={{ base: '100%', sm: 400 }}
        />
        {updating.isError ? (
          <Alert color="red" role="alert" title="Not saved">
            {(updating.error as HttpQueryError).message}
          </Alert>
        ) : null}
        <Button type="submit" loading={updating.isLoading} w="fit-content">
          Save details
        </Button>
      </Stack>
    </form>
  );
}
