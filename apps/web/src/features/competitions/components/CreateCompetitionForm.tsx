import { Alert, Button, Select, Stack, Textarea, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../shared/ui/notify';
import { useCreateCompetitionMutation } from '../api';
import { errorText, managePath } from './shared';

/** A new competition as a draft: title, summary, visibility and its first round; the rest on its manage page. */
export function CreateCompetitionForm({ onDone }: { onDone: () => void }) {
  const [create, state] = useCreateCompetitionMutation();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [visibility, setVisibility] = useState<string | null>(null);
  const [deadline, setDeadline] = useState(dayjs().add(30, 'day').format('YYYY-MM-DDTHH:mm'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!title.trim()) next.title = 'Give the competition a title.';
    if (!deadline || !dayjs(deadline).isValid()) next.deadline = 'Choose the first round’s deadline.';
    setErrors(next);
    if (Object.keys(next).length) return;
    const result = await create({
      title: title.trim(),
      summary,
      status: 'draft',
      ...(visibility && { visibility: visibility as 'public' | 'platform' | 'tenant' }),
      rounds: [
        {
          name: 'Round 1',
          submission_deadline: dayjs(deadline).toISOString(),
          criteria: [
            { name: 'Impact', weight: 2 },
            { name: 'Execution', weight: 1 },
          ],
        },
      ],
    });
    if ('error' in result) return setFailure(errorText(result.error));
    notify.success('Competition created as a draft.');
    onDone();
    navigate(managePath(result.data.competition_id));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label="Title"
          required
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
        />
        <Textarea
          label="Summary"
          value={summary}
          maxLength={500}
          onChange={(e) => setSummary(e.currentTarget.value)}
        />
        <Select
          label="Who can see it"
          placeholder="Default: your organisation (or the whole platform)"
          clearable
          value={visibility}
          onChange={setVisibility}
          data={[
            { value: 'public', label: 'Public: anyone, signed out too' },
            { value: 'platform', label: 'Everyone signed in' },
            { value: 'tenant', label: 'My organisation only' },
          ]}
        />
        <TextInput
          type="datetime-local"
          label="First round’s submission deadline"
          required
          value={deadline}
          onChange={(e) => setDeadline(e.currentTarget.value)}
          error={errors.deadline}
        />
        <Button type="submit" loading={state.isLoading}>
          Create competition
        </Button>
      </Stack>
    </form>
  );
}
