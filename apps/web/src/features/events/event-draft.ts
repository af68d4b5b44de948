import {
  EVENT_LIMITS,
  EVENT_MESSAGES,
  type EventCreate,
  type EventItem,
  type EventMode,
  type EventQuestion,
  type EventVisibility,
} from '@nexus/contracts';
import { noRecurrence, type RecurrenceDraft, recurrenceErrors, recurrenceOf, ruleOf } from './recurrence';
import { instantOf, isValidTimeZone, viewerTimeZone, wallClockIn } from './time';

export interface QuestionDraft {
  question_id: string;
  label: string;
  kind: 'text' | 'choice';
  required: boolean;
  choices: string;
}

/** The event form's state: the API's fields as the inputs hold them (wall-clock times, text). */
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
  recurrence: RecurrenceDraft;
  /** Hours an offered seat is held for the person first on the waiting list. */
  offer_hours: number | '';
  /** The community it belongs to (listed on its Events page), one the organiser moderates. */
  community_id: number | null;
}

/** What the server holds an offer for when the event does not say (modules/events/service.ts). */
export const DEFAULT_OFFER_HOURS = 24;

export const OFFER_HOURS_MESSAGE = `Hold an offered seat for ${EVENT_LIMITS.offerHoursMin} to ${EVENT_LIMITS.offerHoursMax} hours.`;

function nextHour(hoursAhead: number): string {
  const date = new Date(Date.now() + hoursAhead * 3_600_000);
  date.setMinutes(0, 0, 0);
  return date.toISOString();
}

export function draftOf(event: EventItem | undefined): EventDraft {
  const zone = event?.time_zone ?? viewerTimeZone();
  const starts = wallClockIn(event?.starts_at ?? nextHour(7 * 24), zone);
  return {
    title: event?.title ?? '',
    summary: event?.summary ?? '',
    description: event?.description ?? '',
    mode: event?.mode ?? 'in_person',
    online_url: event?.online_url ?? '',
    venue: event?.venue ?? '',
    starts,
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
    recurrence: event ? recurrenceOf(event.rrule, starts) : noRecurrence(starts),
    offer_hours: event?.offer_hours ?? DEFAULT_OFFER_HOURS,
    community_id: event?.community_id ?? null,
  };
}

export type Errors = Partial<Record<string, string>>;

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
  for (const [field, message] of Object.entries(recurrenceErrors(draft.recurrence, draft.starts)))
    errors[`rrule_${field}`] = message;
  const offerHours = draft.offer_hours;
  if (
    offerHours === '' ||
    !Number.isInteger(offerHours) ||
    offerHours < EVENT_LIMITS.offerHoursMin ||
    offerHours > EVENT_LIMITS.offerHoursMax
  )
    errors.offer_hours = OFFER_HOURS_MESSAGE;
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
      rrule: ruleOf(draft.recurrence),
      offer_hours: offerHours as number,
      community_id: draft.community_id,
    },
  };
}
