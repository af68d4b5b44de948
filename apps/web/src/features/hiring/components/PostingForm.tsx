import { Alert, Button, Checkbox, Group, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import {
  HIRING_MESSAGES,
  POSTING_TYPE_LABELS,
  POSTING_TYPES,
  type PostingQuestion,
  type PostingType,
} from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { useCreatePostingMutation } from '../api';

interface Draft {
  title: string;
  job_type: PostingType;
  remote: boolean;
  city: string;
  country: string;
  description: string;
  skills: string[];
  closes_on: string;
  questions: string[];
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Checks a draft as the server does, so every problem shows before sending. */
export function postingErrors(draft: Draft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.title.trim()) errors.title = 'Give the job a title.';
  if (!draft.remote && !draft.city.trim()) errors.city = HIRING_MESSAGES.cityNeeded;
  if (!/^[A-Za-z]{2}$/.test(draft.country.trim()))
    errors.country = 'Use a two-letter country code such as DE or IN.';
  if (!draft.description.replace(/<[^>]*>/g, '').trim())
    errors.description = HIRING_MESSAGES.descriptionEmpty;
  if (!draft.closes_on) errors.closes_on = 'Choose the closing date.';
  else if (new Date(`${draft.closes_on}T23:59:59`).getTime() <= Date.now())
    errors.closes_on = HIRING_MESSAGES.closesPast;
  return errors;
}

/** Posting a job or internship in the current organisation; the closing date is mandatory. */
export function PostingForm({ onDone }: { onDone: (postingId: number) => void }) {
  const [draft, setDraft] = useState<Draft>({
    title: '',
    job_type: 'full_time',
    remote: false,
    city: '',
    country: '',
    description: '',
    skills: [],
    closes_on: inDays(30),
    questions: [],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, state] = useCreatePostingMutation();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = postingErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const questions: PostingQuestion[] = draft.questions
      .map((label) => label.trim())
      .filter(Boolean)
      .map((label, index) => ({
        question_id: `q${index + 1}`,
        label,
        kind: 'text',
        required: true,
        choices: [],
      }));
    try {
      const posting = await create({
        title: draft.title.trim(),
        job_type: draft.job_type,
        remote: draft.remote,
        city: draft.city.trim() || null,
        country: draft.country.trim().toUpperCase(),
        description: draft.description,
        skills: draft.skills,
        questions,
        closes_at: new Date(`${draft.closes_on}T23:59:59`).toISOString(),
      }).unwrap();
      notify.success('The job is posted.');
      onDone(posting.posting_id);
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Post a job">
      <Stack gap="md">
        <TextInput
          label="Title"
          withAsterisk
          value={draft.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
        />
        <Group grow wrap="wrap" align="flex-start">
          <Select
            label="Type"
            data={POSTING_TYPES.map((value) => ({ value, label: POSTING_TYPE_LABELS[value] }))}
            value={draft.job_type}
            allowDeselect={false}
            onChange={(value) => set('job_type', (value as PostingType) ?? 'full_time')}
          />
          <TextInput
            label="Closing date"
            type="date"
            withAsterisk
            min={inDays(1)}
            value={draft.closes_on}
            onChange={(e) => set('closes_on', e.currentTarget.value)}
            error={errors.closes_on}
          />
        </Group>
        <Checkbox
          label="Remote: people may work from anywhere in the country"
          checked={draft.remote}
          onChange={(e) => set('remote', e.currentTarget.checked)}
        />
        <Group grow wrap="wrap" align="flex-start">
          <TextInput
            label="City"
            withAsterisk={!draft.remote}
            value={draft.city}
            onChange={(e) => set('city', e.currentTarget.value)}
            error={errors.city}
          />
          <TextInput
            label="Country code"
            description="Two letters, such as IN or DE"
            withAsterisk
            maxLength={2}
            value={draft.country}
            onChange={(e) => set('country', e.currentTarget.value)}
            error={errors.country}
          />
        </Group>
        <RichTextField
          label="Description"
          value={draft.description}
          onChange={(html) => set('description', html)}
          error={errors.description}
        />
        <TagsInput
          label="Skills"
          description="Press Enter after each skill"
          value={draft.skills}
          onChange={(value) => set('skills', value)}
          maxTags={20}
        />
        <TagsInput
          label="Questions for applicants"
          description="Each question needs an answer; press Enter after each"
          value={draft.questions}
          onChange={(value) => set('questions', value)}
          maxTags={10}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={state.isLoading} style={{ alignSelf: 'flex-start' }}>
          Post the job
        </Button>
      </Stack>
    </form>
  );
}
