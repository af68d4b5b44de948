import {
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  EVENT_LIMITS,
  type EventCreate,
  type EventItem,
  type EventMode,
  type EventVisibility,
} from '@nexus/contracts';
import { useState } from 'react';
import { CoverPicker } from '../../../shared/ui/CoverPicker';
import { FormSection } from '../../../shared/ui/FormSection';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { ModeratedCommunitySelect } from '../../community';
import { bodyOf, draftOf, type Errors, type EventDraft } from '../event-draft';
import { isValidTimeZone } from '../time';
import { QuestionsField } from './QuestionsField';
import { RecurrenceField } from './RecurrenceField';

interface EventFormProps {
  event?: EventItem;
  submitLabel: string;
  busy: boolean;
  failure: string | null;
  onSubmit: (body: EventCreate) => void;
}

/** Create or edit an event: what, where, when (with its time zone), seats, questions, visibility. */
export function EventForm({ event, submitLabel, busy, failure, onSubmit }: EventFormProps) {
  const [draft, setDraft] = useState<EventDraft>(() => draftOf(event));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof EventDraft>(key: K, value: EventDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (formEvent: React.FormEvent) => {
    formEvent.preventDefault();
    const { body, errors: found } = bodyOf(draft);
    setErrors(found);
    if (body) onSubmit(body);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="lg">
        <FormSection title="About">
          <TextInput
            label="Title"
            required
            maxLength={EVENT_LIMITS.titleMax}
            value={draft.title}
            onChange={(change) => set('title', change.currentTarget.value)}
            error={errors.title}
          />
          <TextInput
            label="Summary"
            description="One line shown in the list."
            maxLength={EVENT_LIMITS.summaryMax}
            value={draft.summary}
            onChange={(change) => set('summary', change.currentTarget.value)}
          />
          <RichTextField
            label="Description"
            value={draft.description}
            onChange={(html) => set('description', html)}
          />
          <CoverPicker
            value={draft.cover_file_id}
            onChange={(fileId) => set('cover_file_id', fileId)}
            owner="event"
          />
        </FormSection>
        <FormSection title="Where and when">
          <SegmentedControl
            aria-label="Where"
            value={draft.mode}
            onChange={(value) => set('mode', value as EventMode)}
            data={[
              { value: 'in_person', label: 'In person' },
              { value: 'online', label: 'Online' },
            ]}
          />
          {draft.mode === 'online' ? (
            <TextInput
              label="Online link"
              description="Shown only to confirmed attendees and organisers."
              required
              value={draft.online_url}
              onChange={(change) => set('online_url', change.currentTarget.value)}
              error={errors.online_url}
            />
          ) : (
            <TextInput
              label="Venue"
              required
              value={draft.venue}
              onChange={(change) => set('venue', change.currentTarget.value)}
              error={errors.venue}
            />
          )}
          <Group grow wrap="wrap" align="flex-start">
            <TextInput
              type="datetime-local"
              label="Starts"
              required
              value={draft.starts}
              onChange={(change) => set('starts', change.currentTarget.value)}
              error={errors.starts}
              miw={200}
            />
            <TextInput
              type="datetime-local"
              label="Ends"
              required
              value={draft.ends}
              onChange={(change) => set('ends', change.currentTarget.value)}
              error={errors.ends}
              miw={200}
            />
          </Group>
          <TextInput
            label="Time zone"
            description="The IANA zone the times above are in, such as Europe/Paris."
            required
            value={draft.time_zone}
            onChange={(change) => set('time_zone', change.currentTarget.value.trim())}
            error={errors.time_zone}
          />
          <RecurrenceField
            value={draft.recurrence}
            onChange={(recurrence) => set('recurrence', recurrence)}
            starts={draft.starts}
            timeZone={draft.time_zone}
            zoneValid={isValidTimeZone(draft.time_zone)}
            errors={errors}
          />
        </FormSection>
        <FormSection title="Registration">
          <NumberInput
            label="Seats"
            description="Leave empty for no limit; past the limit people join the waiting list."
            min={1}
            max={EVENT_LIMITS.capacityMax}
            allowDecimal={false}
            value={draft.capacity}
            onChange={(value) => set('capacity', typeof value === 'number' ? value : '')}
          />
          <Switch
            label="Organisers approve each registration"
            checked={draft.requires_approval}
            onChange={(change) => set('requires_approval', change.currentTarget.checked)}
          />
          <NumberInput
            label="Offer window (hours)"
            description="When a seat frees up, the first person waiting is offered it and has this long to accept."
            required
            min={EVENT_LIMITS.offerHoursMin}
            max={EVENT_LIMITS.offerHoursMax}
            allowDecimal={false}
            clampBehavior="none"
            value={draft.offer_hours}
            onChange={(value) => set('offer_hours', typeof value === 'number' ? value : '')}
            error={errors.offer_hours}
            maw={320}
          />
          <QuestionsField
            questions={draft.questions}
            onChange={(questions) => set('questions', questions)}
            errors={errors}
          />
        </FormSection>
        <FormSection title="Publishing">
          <Select
            label="Who sees it"
            allowDeselect={false}
            value={draft.visibility}
            onChange={(value) => set('visibility', (value as EventVisibility) ?? 'platform')}
            data={[
              { value: 'public', label: 'Everyone, signed out too' },
              { value: 'platform', label: 'Everyone signed in' },
              { value: 'tenant', label: 'Members of the organisation' },
            ]}
          />
          <ModeratedCommunitySelect
            value={draft.community_id}
            onChange={(communityId) => set('community_id', communityId)}
            description="Listed on the community's Events page, for its members."
          />
          <Switch
            label="Published (open for registration)"
            checked={draft.publish}
            onChange={(change) => set('publish', change.currentTarget.checked)}
          />
        </FormSection>
        {Object.keys(errors).length > 0 ? (
          <Text c="red" size="sm" role="alert">
            Some fields need attention.
          </Text>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert" title="We could not save the event">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
