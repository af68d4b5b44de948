import { z } from 'zod';
import { listMeta } from '../list-query';

export { EVENT_REALTIME, EVENT_REGISTRATIONS_API, EVENTS_API } from '../area-paths';

/**
 * Events (issue 17 points 1 to 3; docs/events-area.md): events of the platform or of a tenant, with
 * registration (questions, capacity, approval, a waiting list with time-limited offers), tickets and
 * check-in. Two bases with the codebase's generic verbs: events under EVENTS_API, registrations and
 * tickets under EVENT_REGISTRATIONS_API.
 */

export const EVENT_MODES = ['online', 'in_person'] as const;
export type EventMode = (typeof EVENT_MODES)[number];
/** public: anyone, signed out too; platform: anyone signed in; tenant: members of the event's tenant. */
export const EVENT_VISIBILITIES = ['public', 'platform', 'tenant'] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];
export const EVENT_STATUSES = ['draft', 'published'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_QUESTION_KINDS = ['text', 'choice'] as const;
export const EVENT_REGISTRATION_STATUSES = [
  'pending',
  'confirmed',
  'waiting',
  'offered',
  'declined',
  'cancelled',
] as const;
export type EventRegistrationStatus = (typeof EVENT_REGISTRATION_STATUSES)[number];
/** `discover`: published events the caller may see; `manage`: the events the caller organises. */
export const EVENT_LIST_VIEWS = ['discover', 'manage'] as const;
export const EVENT_WHEN = ['upcoming', 'past', 'all'] as const;

/** The menu whose holders organise events inside a tenant (docs/permissions.md, privilege:<menu>). */
export const EVENT_ORGANISER_PRIVILEGE = '/event/manage/:eventId';

/** The certificate kind of an attendance (certificates' `kind`, `program_id` = the event id). */
export const EVENT_CERTIFICATE_KIND = 'event';

/** The answer of the organiser's "issue certificates": how many were new, how many attendees hold one. */
export const eventCertificatesAnswer = z.object({
  issued: z.number().int(),
  holders: z.number().int(),
  message: z.string(),
});

export const EVENT_LIMITS = {
  titleMax: 200,
  summaryMax: 500,
  descriptionMax: 50_000,
  questionsMax: 20,
  choicesMax: 20,
  answerMax: 2000,
  capacityMax: 100_000,
  listMaxLimit: 100,
  /** The events list counts this many matches at most; past it the total is a lower bound. */
  countCap: 1000,
  offerHoursMin: 1,
  offerHoursMax: 168,
} as const;

export const EVENT_MESSAGES = {
  notFound: 'Event not found.',
  registrationNotFound: 'Registration not found.',
  notOrganiser: 'Only the organisers of this event may do this.',
  otherTenant: 'Tenant administrators may organise events only in their own organisation.',
  endBeforeStart: 'The end must come after the start.',
  badTimeZone: 'Use an IANA time zone such as Europe/Paris.',
  badRrule: 'The recurrence is not a valid RRULE (for example FREQ=WEEKLY;COUNT=4).',
  onlineUrlNeeded: 'An online event needs the link attendees join with.',
  venueNeeded: 'An in-person event needs a venue.',
  descriptionEmpty: 'Describe the event.',
  coverNotFound: 'The cover image was not found among your files.',
  notPublished: 'This event is not open for registration.',
  ended: 'This event has already ended.',
  alreadyRegistered: 'You are already registered for this event.',
  answerRequired: 'This question needs an answer.',
  unknownChoice: 'Choose one of the offered answers.',
  unknownQuestion: 'There is no such question for this event.',
  tooLong: `At most ${EVENT_LIMITS.answerMax} characters.`,
  capacityBelowTaken: 'The capacity cannot be lower than the seats already taken.',
  noOffer: 'You have no seat on offer for this event.',
  offerExpired: 'This offer has expired; the seat went to the next person waiting.',
  notCancellable: 'This registration is already cancelled or declined.',
  notPending: 'Only a registration waiting for approval can be approved or declined.',
  ticketUnknown: 'No ticket of this event has this code.',
  ticketNotConfirmed: 'This registration is not confirmed, so its ticket is not valid.',
  ticketUsed: (when: string) => `This ticket was already used at ${when}.`,
  checkedIn: 'Checked in.',
  certificatesBeforeEnd: 'Certificates of attendance can be issued once the event has ended.',
  certificatesIssued: (n: number) =>
    n === 1 ? '1 certificate of attendance issued.' : `${n} certificates of attendance issued.`,
  registered: 'You are registered.',
  waiting: 'The event is full: you are on the waiting list.',
  pending: 'Your registration awaits the organiser’s approval.',
  cancelled: 'Your registration is cancelled.',
} as const;

const isoDate = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time.' });
const id = z.number().int().positive().max(2_147_483_647);

/**
 * A list's community filter: a community's id, or `mine` for the communities the caller belongs to
 * (the hubs and `/community/events`).
 */
export const communityFilter = z.union([
  z.literal('mine'),
  z.coerce.number().int().positive('Use a community id or mine.').max(2_147_483_647),
]);
const questionId = z.string().regex(/^[a-z0-9_-]{1,40}$/, 'must be a short id (a-z, 0-9, _ and -)');

export const eventQuestion = z
  .object({
    question_id: questionId,
    label: z.string().trim().min(1, 'Write the question.').max(300),
    kind: z.enum(EVENT_QUESTION_KINDS),
    required: z.boolean().default(false),
    choices: z.array(z.string().trim().min(1).max(200)).max(EVENT_LIMITS.choicesMax).default([]),
  })
  .strict()
  .refine((q) => q.kind !== 'choice' || q.choices.length >= 2, {
    message: 'A choice question needs at least two choices.',
    path: ['choices'],
  });
export type EventQuestion = z.infer<typeof eventQuestion>;

/** One event as the API answers it; `online_url` only to organisers and confirmed attendees. */
export const eventItem = z.object({
  event_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  mode: z.enum(EVENT_MODES),
  online_url: z.string().nullable(),
  venue: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  rrule: z.string().nullable(),
  cover_file_id: z.string().nullable(),
  visibility: z.enum(EVENT_VISIBILITIES),
  status: z.enum(EVENT_STATUSES),
  capacity: z.number().int().nullable(),
  requires_approval: z.boolean(),
  questions: z.array(eventQuestion),
  offer_hours: z.number().int(),
  seats_taken: z.number().int(),
  /** The community the event belongs to (null: none). */
  community_id: z.number().int().nullable(),
  /** Seats still free (null: no limit). */
  seats_left: z.number().int().nullable(),
  /** The caller's own registration state on this event (null: none, or signed out). */
  my_status: z.enum(EVENT_REGISTRATION_STATUSES).nullable(),
  /** True when the caller may manage the event. */
  can_manage: z.boolean(),
  /** Upcoming sessions of a recurring event (start instants, UTC), at most 20. */
  sessions: z.array(z.object({ starts_at: z.string(), ends_at: z.string() })).optional(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  modified_at: z.string(),
});
export type EventItem = z.infer<typeof eventItem>;

const fields = {
  title: z
    .string()
    .trim()
    .min(1, 'Give the event a title.')
    .max(EVENT_LIMITS.titleMax, `At most ${EVENT_LIMITS.titleMax} characters.`),
  summary: z.string().trim().max(EVENT_LIMITS.summaryMax).optional(),
  description: z.string().max(EVENT_LIMITS.descriptionMax).optional(),
  /** The event's tenant; absent: the caller's current context (null on the main platform). */
  tenant_id: id.nullable().optional(),
  mode: z.enum(EVENT_MODES),
  online_url: z
    .url({ protocol: /^https?$/, message: 'Use an http or https address.' })
    .max(2000)
    .nullable()
    .optional(),
  venue: z.string().trim().max(500).nullable().optional(),
  starts_at: isoDate,
  ends_at: isoDate,
  time_zone: z.string().min(1).max(64),
  rrule: z.string().trim().max(500).nullable().optional(),
  cover_file_id: z.uuid('must be a file id').nullable().optional(),
  visibility: z.enum(EVENT_VISIBILITIES).optional(),
  status: z.enum(EVENT_STATUSES).optional(),
  capacity: z.number().int().min(1).max(EVENT_LIMITS.capacityMax).nullable().optional(),
  requires_approval: z.boolean().optional(),
  questions: z.array(eventQuestion).max(EVENT_LIMITS.questionsMax).optional(),
  offer_hours: z.number().int().min(EVENT_LIMITS.offerHoursMin).max(EVENT_LIMITS.offerHoursMax).optional(),
  /** Links the event to a community the caller moderates (null unlinks). */
  community_id: id.nullable().optional(),
};

export const eventCreate = z.object(fields).strict();
export type EventCreate = z.input<typeof eventCreate>;
export const eventUpdate = z
  .object({
    ...fields,
    title: fields.title.optional(),
    mode: fields.mode.optional(),
    starts_at: fields.starts_at.optional(),
    ends_at: fields.ends_at.optional(),
    time_zone: fields.time_zone.optional(),
  })
  .strict();
export type EventUpdate = z.input<typeof eventUpdate>;

/** The list: every parameter optional; the defaults list upcoming published events, soonest first. */
export const eventListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(EVENT_LIMITS.listMaxLimit).default(10),
    search: z.string().trim().max(200).optional(),
    mode: z.enum(EVENT_MODES).optional(),
    tenant_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
    when: z.enum(EVENT_WHEN).default('upcoming'),
    from: isoDate.optional(),
    to: isoDate.optional(),
    view: z.enum(EVENT_LIST_VIEWS).default('discover'),
    community_id: communityFilter.optional(),
  })
  .strict();
export type EventListQuery = z.input<typeof eventListQuery>;
export const eventListAnswer = z.object({ data: z.array(eventItem), meta: listMeta });

/** Answers keyed by question id: text, or the chosen choice. */
export const eventRegistrationAnswers = z
  .record(questionId, z.string().max(EVENT_LIMITS.answerMax))
  .default({});
export const eventRegistrationCreate = z.object({ answers: eventRegistrationAnswers }).strict();
export type EventRegistrationCreate = z.input<typeof eventRegistrationCreate>;

/** The caller's own registration (its answers are its own). */
export const myEventRegistration = z.object({
  registration_id: z.number().int(),
  event_id: z.number().int(),
  user_id: z.number().int(),
  status: z.enum(EVENT_REGISTRATION_STATUSES),
  answers: z.record(z.string(), z.string()),
  ticket_code: z.string().nullable(),
  waiting_position: z.number().int().nullable(),
  offer_expires_at: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  created_at: z.string(),
  /** The online link, once confirmed. */
  online_url: z.string().nullable(),
  /** The attendance certificate's verification path, once issued. */
  certificate_path: z.string().nullable().optional(),
  message: z.string().optional(),
});
export type MyEventRegistration = z.infer<typeof myEventRegistration>;

/** A registration as organisers list it. */
export const eventRegistrationItem = z.object({
  registration_id: z.number().int(),
  event_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  status: z.enum(EVENT_REGISTRATION_STATUSES),
  answers: z.record(z.string(), z.string()),
  waiting_since: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type EventRegistrationItem = z.infer<typeof eventRegistrationItem>;

export const eventRegistrationListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(EVENT_LIMITS.listMaxLimit).default(10),
    search: z.string().trim().max(200).optional(),
    status: z.enum(EVENT_REGISTRATION_STATUSES).optional(),
  })
  .strict();
export const eventRegistrationListAnswer = z.object({ data: z.array(eventRegistrationItem), meta: listMeta });

/** The ticket: its code (what the scanner reads), the QR as SVG, and the QR matrix (rows of 0/1). */
export const eventTicketAnswer = z.object({
  registration_id: z.number().int(),
  event_id: z.number().int(),
  ticket_code: z.string(),
  svg: z.string(),
  matrix: z.array(z.string()),
  checked_in_at: z.string().nullable(),
});
export type EventTicket = z.infer<typeof eventTicketAnswer>;

/** Check-in by the scanned code, or by a registration found by name. */
export const eventCheckInBody = z
  .object({
    ticket_code: z.string().trim().min(8).max(100).optional(),
    registration_id: id.optional(),
  })
  .strict()
  .refine((body) => (body.ticket_code === undefined) !== (body.registration_id === undefined), {
    message: 'Send either ticket_code or registration_id.',
  });
export const eventCheckInAnswer = z.object({
  registration_id: z.number().int(),
  name: z.string(),
  checked_in_at: z.string(),
  checked_in_count: z.number().int(),
  message: z.string(),
});
export const eventCheckInCount = z.object({
  event_id: z.number().int(),
  checked_in: z.number().int(),
  confirmed: z.number().int(),
});
