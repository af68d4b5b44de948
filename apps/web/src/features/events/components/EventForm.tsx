import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  EVENT_LIMITS,
  EVENT_MESSAGES,
  type EventCreate,
  type EventItem,
  type EventMode,
  type EventQuestion,
  type EventVisibility,
} from '@nexus/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { CoverPicker } from '../../../shared/ui/CoverPicker';
import { FormSection } from '../../../shared/ui/FormSection';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { instantOf, isValidTimeZone, viewerTimeZone, wallClockIn } from '../time';

interface QuestionDraft {
  question_id: string;
  label: string;
  kind: 'text' | 'choice';
  required: boolean;
  choices: string;
}

export interface EventDraft {
  title: string;
  summary: string;
  description: string;
  mode: EventMode;
  online_url: string;
  venue: string;
  starts: string;
  ends: string;
  time_zone: string;
  capacity: number | '';
  requires_approval: boolean;
  visibility: EventVisibility;
  cover_file_id: string | null;
  publish: boolean;
  questions: QuestionDraft[];
}

function nextHour(hoursAhead: number): string {
  const date = new Date(Date.now() + hoursAhead * 3_600_000);
  date.setMinutes(0, 0, 0);
  return date.toISOString();
}

export function draftOf(event: EventItem | undefined): EventDraft {
  const zone = event?.time_zone ?? viewerTimeZone();
  return {
    title: event?.title ?? '',
    summary: event?.summary ?? '',
    description: event?.description ?? '',
    mode: event?.mode ?? 'in_person',
    online_url: event?.online_url ?? '',
    venue: event?.venue ?? '',
    starts: wallClockIn(event?.starts_at ?? nextHour(7 * 24), zone),
    ends: wallClockIn(event?.ends_at ?? nextHour(7 * 24 + 2), zone),
    time_zone: zone,
    capacity: event?.capacity ?? '',
    requires_approval: event?.requires_approval ?? false,
    visibility: event?.visibility ?? 'platform',
    cover_file_id: event?.cover_file_id ?? null,
    publish: event ? event.status === 'published' : false,
    questions: (event?.questions ?? []).map((question: EventQuestion) => ({
      question_id: question.question_id,
      label: question.label,
      kind: question.kind,
      required: question.required,
      choices: question.choices.join('\n'),
    })),
  };
}

type Errors = Partial<Record<string, string>>;

/** Checks the draft as the contracts do and builds the body; errors keyed by field. */
export function bodyOf(draft: EventDraft): { body?: EventCreate; errors: Errors } {
  const errors: Errors = {};
  if (!draft.title.trim()) errors.title = 'Give the event a title.';
  if (!isValidTimeZone(draft.time_zone)) errors.time_zone = EVENT_MESSAGES.badTimeZone;
  if (!draft.starts) errors.starts = 'Choose when it starts.';
  if (!draft.ends) errors.ends = 'Choose when it ends.';
  if (draft.mode === 'online' && !/^https?:\/\/\S+$/.test(draft.online_url.trim()))
    errors.online_url = EVENT_MESSAGES.onlineUrlNeeded;
  if (draft.mode === 'in_person' && !draft.venue.trim()) errors.venue = EVENT_MESSAGES.venueNeeded;
  const questions = draft.questions.map((question, index) => {
    const choices = question.choices
      .split('\n')
      .map((choice) => choice.trim())
      .filter(Boolean);
    if (!question.label.trim()) errors[`q${index}`] = 'Write the question.';
    else if (question.kind === 'choice' && choices.length < 2)
      errors[`q${index}`] = 'A choice question needs at least two choices (one a line).';
    return {
      question_id: question.question_id,
      label: question.label.trim(),
      kind: question.kind,
      required: question.required,
      choices: question.kind === 'choice' ? choices : [],
    };
  });
  let starts_at = '';
  let ends_at = '';
  if (!errors.time_zone && draft.starts && draft.ends) {
    starts_at = instantOf(draft.starts, draft.time_zone);
    ends_at = instantOf(draft.ends, draft.time_zone);
    if (new Date(ends_at) <= new Date(starts_at)) errors.ends = EVENT_MESSAGES.endBeforeStart;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    body: {
      title: draft.title.trim(),
      summary: draft.summary.trim(),
      description: draft.description,
      mode: draft.mode,
      online_url: draft.mode === 'online' ? draft.online_url.trim() : null,
      venue: draft.mode === 'in_person' ? draft.venue.trim() : null,
      starts_at,
      ends_at,
      time_zone: draft.time_zone,
      capacity: draft.capacity === '' ? null : draft.capacity,
      requires_approval: draft.requires_approval,
      visibility: draft.visibility,
      cover_file_id: draft.cover_file_id,
      status: draft.publish ? 'published' : 'draft',
      questions,
    },
  };
}

let questionCounter = 0;
const newQuestionId = () => `q${Date.now().toString(36)}${(questionCounter++).toString(36)}`;

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
  const setQuestion = (index: number, change: Partial<QuestionDraft>) =>
    set(
      'questions',
      draft.questions.map((question, at) => (at === index ? { ...question, ...change } : question)),
    );

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
          <Stack gap="sm">
            <Text fw={600} size="sm">
              Questions for registrants
            </Text>
            {draft.questions.length === 0 ? (
              <Text size="sm" c="dimmed">
                No questions: people register with one click.
              </Text>
            ) : null}
            {draft.questions.map((question, index) => (
              <Stack
                key={question.question_id}
                gap="xs"
                p="sm"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
              >
                <Group align="flex-end" wrap="nowrap">
                  <TextInput
                    label={`Question ${index + 1}`}
                    style={{ flex: 1 }}
                    value={question.label}
                    onChange={(change) => setQuestion(index, { label: change.currentTarget.value })}
                    error={errors[`q${index}`]}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove question ${index + 1}`}
                    onClick={() =>
                      set(
                        'questions',
                        draft.questions.filter((_, at) => at !== index),
                      )
                    }
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
                <Group wrap="wrap">
                  <Select
                    label="Answer"
                    allowDeselect={false}
                    value={question.kind}
                    onChange={(value) => setQuestion(index, { kind: (value as 'text' | 'choice') ?? 'text' })}
                    data={[
                      { value: 'text', label: 'Text' },
                      { value: 'choice', label: 'One of several choices' },
                    ]}
                  />
                  <Checkbox
                    mt="lg"
                    label="Required"
                    checked={question.required}
                    onChange={(change) => setQuestion(index, { required: change.currentTarget.checked })}
                  />
                </Group>
                {question.kind === 'choice' ? (
                  <Textarea
                    label="Choices (one a line)"
                    autosize
                    minRows={2}
                    value={question.choices}
                    onChange={(change) => setQuestion(index, { choices: change.currentTarget.value })}
                  />
                ) : null}
              </Stack>
            ))}
            {draft.questions.length < EVENT_LIMITS.questionsMax ? (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() =>
                  set('questions', [
                    ...draft.questions,
                    { question_id: newQuestionId(), label: '', kind: 'text', required: false, choices: '' },
                  ])
                }
              >
                Add a question
              </Button>
            ) : null}
          </Stack>
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
