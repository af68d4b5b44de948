import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  type CsrProjectItem,
  OPPORTUNITY_CAUSES,
  VOLUNTEER_CAUSE_LABELS,
  type VolunteerCause,
} from '@nexus/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { useCreateCsrProjectMutation, useCsrInterestsQuery, useExpressInterestMutation } from '../api';

/** Expressing interest in a project: one message, once. */
export function InterestDialog({ project, onClose }: { project: CsrProjectItem; onClose: () => void }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, state] = useExpressInterestMutation();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return setError('Write a short message.');
    try {
      const answer = await send({ project_id: project.project_id, message: message.trim() }).unwrap();
      notify.success(answer.message);
      onClose();
    } catch (failure) {
      setError((failure as HttpQueryError).message ?? 'We could not send your interest.');
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Interested in ${project.title}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label="Message to the organisation"
            description="How you could help: funding, people, expertise."
            required
            autosize
            minRows={3}
            value={message}
            error={error}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={state.isLoading}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The publisher's list of interests in one project. */
export function InterestsDialog({ project, onClose }: { project: CsrProjectItem; onClose: () => void }) {
  const query = useCsrInterestsQuery(project.project_id);
  return (
    <Modal opened onClose={onClose} title={`Interests in ${project.title}`}>
      {query.isLoading ? (
        <Loader aria-label="Loading the interests" />
      ) : query.error ? (
        <Alert color="red" role="alert">
          {(query.error as HttpQueryError).message}
        </Alert>
      ) : (query.data ?? []).length === 0 ? (
        <Text c="dimmed">Nobody has expressed interest yet.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {(query.data ?? []).map((interest) => (
            <Stack component="li" gap={2} key={interest.interest_id}>
              <Text fw={700} size="sm">
                {interest.name} · {dayjs(interest.created_at).format('D MMM YYYY')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {interest.message}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Modal>
  );
}

/** Publishing a CSR project in the current organisation. */
export function CsrProjectForm({ onDone }: { onDone: () => void }) {
  const [draft, setDraft] = useState({
    title: '',
    description: '',
    cause: 'education' as VolunteerCause,
    budget_min: 100_000 as number | string,
    budget_max: 500_000 as number | string,
    location: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, state] = useCreateCsrProjectMutation();
  const set = (key: keyof typeof draft, value: unknown) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!draft.title.trim()) found.title = 'Give the project a title.';
    if (!draft.description.trim()) found.description = 'Describe the project.';
    if (!draft.location.trim()) found.location = 'Say where the project runs.';
    if (Number(draft.budget_min) > Number(draft.budget_max))
      found.budget_max = 'The lower budget must not exceed the upper one.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await create({
        ...draft,
        title: draft.title.trim(),
        description: draft.description.trim(),
        location: draft.location.trim(),
        budget_min: Number(draft.budget_min),
        budget_max: Number(draft.budget_max),
      }).unwrap();
      notify.success('Project published');
      onDone();
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'We could not publish the project.');
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label="Title"
          required
          value={draft.title}
          error={errors.title}
          onChange={(e) => set('title', e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          required
          autosize
          minRows={3}
          value={draft.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Cause"
            data={OPPORTUNITY_CAUSES.map((value) => ({ value, label: VOLUNTEER_CAUSE_LABELS[value] }))}
            value={draft.cause}
            allowDeselect={false}
            onChange={(value) => value && set('cause', value)}
          />
          <TextInput
            label="Location"
            required
            value={draft.location}
            error={errors.location}
            onChange={(e) => set('location', e.currentTarget.value)}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput
            label="Budget from (INR)"
            min={0}
            thousandSeparator
            value={draft.budget_min}
            onChange={(v) => set('budget_min', v)}
          />
          <NumberInput
            label="Budget up to (INR)"
            min={0}
            thousandSeparator
            value={draft.budget_max}
            error={errors.budget_max}
            onChange={(v) => set('budget_max', v)}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={state.isLoading}>
            Publish
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
