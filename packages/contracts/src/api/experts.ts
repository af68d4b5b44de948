import { z } from 'zod';
import { listMeta } from '../list-query';

export { EXPERT_PROGRAMS_API, EXPERT_SESSIONS_API, EXPERTS_API, EXPERTS_BASE } from '../area-paths';

/**
 * Experts (issue 20 point 1; docs/experts.md): expert profiles with weekly hours in their own time
 * zone, buffers and exceptions; expert programs (mentoring offers of a number of sessions); booking a
 * free slot, never two in one slot nor inside a buffer; shared notes, files and feedback ratings.
 */

export const EXPERT_LIMITS = {
  pageDefault: 12,
  pageMax: 50,
  tagMax: 40,
  tagsMax: 20,
  headlineMax: 200,
  bioMax: 4000,
  titleMax: 200,
  descriptionMax: 4000,
  noteMax: 4000,
  topicMax: 500,
  commentMax: 2000,
  rulesMax: 50,
  exceptionsMax: 100,
  /** Slots are offered this many days ahead at most. */
  horizonDays: 60,
  slotDaysDefault: 7,
  slotDaysMax: 31,
  /** /find-expert counts this many matches at most, then says "more than". */
  countCap: 1000,
} as const;

export const EXPERT_MESSAGES = {
  expertNotFound: 'Expert not found.',
  programNotFound: 'Expert program not found.',
  sessionNotFound: 'Session not found.',
  engagementNotFound: 'You do not take part in this expert program.',
  notAnExpert: 'Create your expert profile first.',
  badTimeZone: 'Choose a time zone from the list.',
  overlappingHours: 'Weekly hours of one day must not overlap.',
  slotNotAvailable: 'This time is not one of the expert’s free slots. Pick a slot from the list.',
  slotTaken: 'Someone has just booked this slot. Pick another one.',
  slotPast: 'This slot has already started. Pick a later one.',
  bookSelf: 'You cannot book a session with yourself.',
  programFull: 'All sessions of this program are booked.',
  alreadyCancelled: 'This session is already cancelled.',
  notYourSession: 'Only the expert or the person who booked can do this.',
  feedbackBeforeEnd: 'You can rate a session once it has ended.',
  fileNotYours: 'Share only files you uploaded yourself.',
  tenantNeeded: 'Switch to an organisation to offer your expertise to its members only.',
  noteEmpty: 'Write something first: the note is empty.',
} as const;

const id = z.number().int().positive().max(2_147_483_647);
const isoInstant = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time.' });
const tag = z.string().trim().toLowerCase().min(1).max(EXPERT_LIMITS.tagMax);
const tags = z
  .array(tag)
  .max(EXPERT_LIMITS.tagsMax)
  .transform((list) => [...new Set(list)]);
const minute = z.number().int().min(0).max(1440);
const localDay = z.iso.date({ message: 'Use a date as YYYY-MM-DD.' });

export const EXPERT_AUDIENCES = ['platform', 'tenant'] as const;
export type ExpertAudience = (typeof EXPERT_AUDIENCES)[number];

export const expertProfileUpdate = z
  .object({
    headline: z.string().trim().min(1, 'Write a headline.').max(EXPERT_LIMITS.headlineMax),
    bio: z.string().trim().max(EXPERT_LIMITS.bioMax).default(''),
    expertise: tags.refine((list) => list.length > 0, 'Add at least one area of expertise.'),
    languages: tags.refine((list) => list.length > 0, 'Add at least one language.'),
    time_zone: z.string().min(1).max(64),
    session_minutes: z.number().int().min(15).max(240).default(60),
    buffer_minutes: z.number().int().min(0).max(120).default(15),
    is_published: z.boolean().default(true),
    /** `tenant`: only members of the caller's current organisation find the profile. */
    audience: z.enum(EXPERT_AUDIENCES).default('platform'),
  })
  .strict();
export type ExpertProfileUpdate = z.input<typeof expertProfileUpdate>;

export const weeklyHours = z
  .object({ weekday: z.number().int().min(0).max(6), start_minute: minute, end_minute: minute })
  .strict()
  .refine((rule) => rule.start_minute < rule.end_minute, {
    message: 'The end must be after the start.',
    path: ['end_minute'],
  });
export type WeeklyHours = z.infer<typeof weeklyHours>;

export const availabilityException = z
  .object({
    day: localDay,
    kind: z.enum(['off', 'extra']),
    start_minute: minute.nullable().default(null),
    end_minute: minute.nullable().default(null),
  })
  .strict()
  .refine(
    (row) =>
      row.kind === 'off'
        ? (row.start_minute === null) === (row.end_minute === null) &&
          (row.start_minute === null || row.start_minute < (row.end_minute ?? 0))
        : row.start_minute !== null && row.end_minute !== null && row.start_minute < row.end_minute,
    { message: 'Extra hours need a start before their end.', path: ['end_minute'] },
  );
export type AvailabilityException = z.infer<typeof availabilityException>;

/** Replaces the weekly hours and the exceptions at once (all or nothing). */
export const availabilityUpdate = z
  .object({
    weekly: z.array(weeklyHours).max(EXPERT_LIMITS.rulesMax),
    exceptions: z.array(availabilityException).max(EXPERT_LIMITS.exceptionsMax).default([]),
  })
  .strict();
export type AvailabilityUpdate = z.input<typeof availabilityUpdate>;

export const expertSummary = z.object({
  user_id: id,
  name: z.string(),
  headline: z.string(),
  expertise: z.array(z.string()),
  languages: z.array(z.string()),
  time_zone: z.string(),
  session_minutes: z.number().int(),
  next_free_at: z.string().nullable(),
  program_count: z.number().int(),
});
export type ExpertSummary = z.infer<typeof expertSummary>;

export const expertProgramItem = z.object({
  expert_program_id: id,
  expert_id: id,
  expert_name: z.string(),
  title: z.string(),
  description: z.string(),
  session_count: z.number().int(),
  is_published: z.boolean(),
  /** The caller's engagement in it, if any. */
  engagement_id: id.nullable(),
  sessions_booked: z.number().int(),
});
export type ExpertProgramItem = z.infer<typeof expertProgramItem>;

export const expertDetail = expertSummary.extend({
  bio: z.string(),
  buffer_minutes: z.number().int(),
  is_published: z.boolean(),
  audience: z.enum(EXPERT_AUDIENCES),
  weekly: z.array(weeklyHours),
  exceptions: z.array(
    z.object({
      day: z.string(),
      kind: z.enum(['off', 'extra']),
      start_minute: z.number().int().nullable(),
      end_minute: z.number().int().nullable(),
    }),
  ),
  programs: z.array(expertProgramItem),
});
export type ExpertDetail = z.infer<typeof expertDetail>;

export const expertSearchQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(EXPERT_LIMITS.pageMax).default(EXPERT_LIMITS.pageDefault),
    search: z.string().trim().max(200).optional(),
    expertise: tag.optional(),
    language: tag.optional(),
    /** Only experts with a free slot starting before this instant. */
    free_before: isoInstant.optional(),
  })
  .strict();
export type ExpertSearchQuery = z.input<typeof expertSearchQuery>;
export const expertSearchAnswer = z.object({ data: z.array(expertSummary), meta: listMeta });

export const slotsQuery = z
  .object({
    from: isoInstant.optional(),
    days: z.coerce
      .number()
      .int()
      .min(1)
      .max(EXPERT_LIMITS.slotDaysMax)
      .default(EXPERT_LIMITS.slotDaysDefault),
  })
  .strict();
export const slotItem = z.object({ starts_at: z.string(), ends_at: z.string() });
export type SlotItem = z.infer<typeof slotItem>;
export const slotsAnswer = z.object({ data: z.array(slotItem), time_zone: z.string() });

export const expertProgramCreate = z
  .object({
    title: z.string().trim().min(1, 'Give the program a title.').max(EXPERT_LIMITS.titleMax),
    description: z.string().trim().max(EXPERT_LIMITS.descriptionMax).default(''),
    session_count: z.number().int().min(1).max(52),
    is_published: z.boolean().default(true),
  })
  .strict();
export type ExpertProgramCreate = z.input<typeof expertProgramCreate>;
export const expertProgramUpdate = expertProgramCreate.partial().strict();
export const expertProgramListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(EXPERT_LIMITS.pageMax).default(EXPERT_LIMITS.pageDefault),
    expert_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    search: z.string().trim().max(200).optional(),
  })
  .strict();
export const expertProgramListAnswer = z.object({ data: z.array(expertProgramItem), meta: listMeta });

export const EXPERT_SESSION_STATUSES = ['booked', 'cancelled'] as const;
export const expertSessionItem = z.object({
  session_id: id,
  expert_id: id,
  expert_name: z.string(),
  mentee_id: id,
  mentee_name: z.string(),
  engagement_id: id.nullable(),
  expert_program_id: id.nullable(),
  program_title: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  topic: z.string(),
  status: z.enum(EXPERT_SESSION_STATUSES),
  /** The caller's own rating of it, if given. */
  my_rating: z.number().int().nullable(),
  /** The other side's rating (shown once both have rated, or to the expert's mentee after the expert). */
  ratings: z.array(z.object({ author_id: id, rating: z.number().int(), comment: z.string() })),
});
export type ExpertSessionItem = z.infer<typeof expertSessionItem>;

export const expertSessionCreate = z
  .object({
    expert_id: id,
    starts_at: isoInstant,
    topic: z.string().trim().max(EXPERT_LIMITS.topicMax).default(''),
    /** Book it as one of the sessions of this program (joins it if needed). */
    expert_program_id: id.optional(),
  })
  .strict();
export type ExpertSessionCreate = z.input<typeof expertSessionCreate>;

export const expertFeedbackCreate = z
  .object({
    rating: z.number().int().min(1).max(5),
    comment: z.string().trim().max(EXPERT_LIMITS.commentMax).default(''),
  })
  .strict();

export const expertNoteCreate = z
  .object({ body: z.string().trim().min(1, EXPERT_MESSAGES.noteEmpty).max(EXPERT_LIMITS.noteMax) })
  .strict();
export const expertFileAdd = z.object({ file_id: z.uuid() }).strict();

export const engagementSummary = z.object({
  engagement_id: id,
  expert_program_id: id,
  title: z.string(),
  expert_id: id,
  expert_name: z.string(),
  mentee_id: id,
  mentee_name: z.string(),
  /** Which side the caller is on. */
  role: z.enum(['expert', 'mentee']),
  session_count: z.number().int(),
  sessions_booked: z.number().int(),
  next_session_at: z.string().nullable(),
});
export type EngagementSummary = z.infer<typeof engagementSummary>;
export const myProgramsQuery = z
  .object({
    role: z.enum(['all', 'expert', 'mentee']).default('all'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(EXPERT_LIMITS.pageMax).default(EXPERT_LIMITS.pageDefault),
  })
  .strict();
export const myProgramsAnswer = z.object({ data: z.array(engagementSummary), meta: listMeta });

export const interactionQuery = z
  .object({ engagement_id: z.coerce.number().int().positive().max(2_147_483_647).optional() })
  .strict();
export const interactionAnswer = z.object({
  program: expertProgramItem,
  /** The engagements the caller may open here (a mentee: its own; the expert: every mentee's). */
  engagements: z.array(engagementSummary),
  engagement: engagementSummary.nullable(),
  sessions: z.array(expertSessionItem),
  notes: z.array(
    z.object({
      note_id: id,
      author_id: id,
      author_name: z.string(),
      body: z.string(),
      created_at: z.string(),
    }),
  ),
  files: z.array(
    z.object({
      file_id: z.string(),
      name: z.string(),
      added_by: id,
      added_by_name: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type InteractionAnswer = z.infer<typeof interactionAnswer>;

export const mySessionsQuery = z.object({ when: z.enum(['upcoming', 'past']).default('upcoming') }).strict();
export const mySessionsAnswer = z.object({ data: z.array(expertSessionItem) });
