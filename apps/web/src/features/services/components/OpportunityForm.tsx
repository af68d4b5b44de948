import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  OPPORTUNITY_CAUSES,
  VOLUNTEER_CAUSE_LABELS,
  VOLUNTEERING_MESSAGES,
  type VolunteerCause,
} from '@nexus/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { useCreateOpportunityMutation } from '../api';

interface ShiftDraft {
  key: number;
  day: string;
  start: string;
  end: string;
  capacity: number | string;
}
interface Draft {
  title: string;
  description: string;
  cause: VolunteerCause;
  location: string;
  shifts: ShiftDraft[];
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const at = (day: string, time: string) => new Date(`${day}T${time}`);
let shiftKeys = 0;
const newShift = (): ShiftDraft => ({
  key: ++shiftKeys,
  day: inDays(7),
  start: '09:00',
  end: '12:00',
  capacity: 5,
});

/** Checks a draft as the server does, so every problem shows before sending. */
export function opportunityErrors(draft: Draft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.title.trim()) errors.title = 'Give the opportunity a title.';
  if (!draft.description.trim()) errors.description = 'Describe what volunteers will do.';
  if (!draft.location.trim()) errors.location = 'Say where it happens (or "Online").';
  draft.shifts.forEach((shift, index) => {
    const start = at(shift.day, shift.start);
    const end = at(shift.day, shift.end);
    if (!shift.day || Number.isNaN(start.getTime()))
      errors[`shifts.${index}.day`] = 'Choose the day and times.';
    else if (start.getTime() <= Date.now())
      errors[`shifts.${index}.day`] = VOLUNTEERING_MESSAGES.startsInPast;
    else if (end <= start) errors[`shifts.${index}.end`] = VOLUNTEERING_MESSAGES.endsBeforeStart;
    if (!Number.isInteger(Number(shift.capacity)) || Number(shift.capacity) < 1)
      errors[`shifts.${index}.capacity`] = 'At least one place.';
  });
  return errors;
}

/** Publishing an opportunity with its shifts in the current organisation. */
export function OpportunityForm({ onDone }: { onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>({
    title: '',
    description: '',
    cause: 'community',
    location: '',
    shifts: [newShift()],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, state] = useCreateOpportunityMutation();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setShift = (index: number, patch: Partial<ShiftDraft>) =>
    set(
      'shifts',
      draft.shifts.map((shift, i) => (i === index ? { ...shift, ...patch } : shift)),
    );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = opportunityErrors(draft);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      await create({
        title: draft.title.trim(),
        description: draft.description.trim(),
        cause: draft.cause,
        location: draft.location.trim(),
        shifts: draft.shifts.map((shift) => ({
          starts_at: at(shift.day, shift.start).toISOString(),
          ends_at: at(shift.day, shift.end).toISOString(),
          capacity: Number(shift.capacity),
        })),
      }).unwrap();
      notify.success('Opportunity published');
      onDone();
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'We could not publish the opportunity.');
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
          label="What volunteers will do"
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
            onChange={(value) => value && set('cause', value as VolunteerCause)}
          />
          <TextInput
            label="Location"
            required
            value={draft.location}
            error={errors.location}
            onChange={(e) => set('location', e.currentTarget.value)}
          />
        </Group>
        {draft.shifts.map((shift, index) => (
          <Group key={shift.key} align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              type="date"
              label={`Shift ${index + 1} day`}
              value={shift.day}
              error={errors[`shifts.${index}.day`]}
              onChange={(e) => setShift(index, { day: e.currentTarget.value })}
            />
            <TextInput
              type="time"
              label="Starts"
              value={shift.start}
              onChange={(e) => setShift(index, { start: e.currentTarget.value })}
            />
            <TextInput
              type="time"
              label="Ends"
              value={shift.end}
              error={errors[`shifts.${index}.end`]}
              onChange={(e) => setShift(index, { end: e.currentTarget.value })}
            />
            <NumberInput
              label="Places"
              min={1}
              w={100}
              value={shift.capacity}
              error={errors[`shifts.${index}.capacity`]}
              onChange={(value) => setShift(index, { capacity: value })}
            />
            {draft.shifts.length > 1 ? (
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={`Remove shift ${index + 1}`}
                onClick={() =>
                  set(
                    'shifts',
                    draft.shifts.filter((_, i) => i !== index),
                  )
                }
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            ) : null}
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            variant="subtle"
            onClick={() => set('shifts', [...draft.shifts, newShift()])}
            disabled={draft.shifts.length >= 20}
          >
            Add a shift
          </Button>
          <Button type="submit" loading={state.isLoading}>
            Publish
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
