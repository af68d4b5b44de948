import { Alert, Button, Group, NativeSelect, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { type Assessment, type AssessmentKind, assessmentUpdate } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../../shared/api/base-api';
import { notify } from '../../../../shared/ui/notify';
import { type AssessmentChanges, useUpdateAssessmentMutation } from '../../assessment-api';

const KIND_OPTIONS = [
  { value: 'quiz', label: 'Quiz (scored, with a pass mark)' },
  { value: 'survey', label: 'Survey (collected, not scored)' },
];

function changesOf(form: FormState): AssessmentChanges {
  return {
    title: form.title.trim(),
    description: form.description,
    kind: form.kind,
    // A survey is not scored, so it has no pass mark (contracts: null for surveys).
    pass_mark: form.kind === 'quiz' ? form.pass_mark : null,
    institute_name: form.institute_name.trim() || null,
  };
}

interface FormState {
  title: string;
  description: string;
  kind: AssessmentKind;
  pass_mark: number;
  institute_name: string;
}

/** Title, description, kind, pass mark and institute of an assessment, checked with the shared schema. */
export function AssessmentSettingsForm({ assessment }: { assessment: Assessment }) {
  const [form, setForm] = useState<FormState>({
    title: assessment.title,
    description: assessment.description,
    kind: assessment.kind,
    pass_mark: assessment.pass_mark ?? 60,
    institute_name: assessment.institute_name ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [update, updating] = useUpdateAssessmentMutation();
  const change = (changes: Partial<FormState>) => setForm((current) => ({ ...current, ...changes }));

  const save = async () => {
    const changes = changesOf(form);
    const parsed = assessmentUpdate.safeParse(changes);
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
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
