import { z } from 'zod';
import { listMeta } from '../list-query';
import { pathId } from '../path-params';

/**
 * The calendar (messaging issue 16, point 4): one calendar of everything dated for the user, a
 * personal iCal feed at a secret address, and an admin's check of a user's feed (/test-calendar).
 * Items carry UTC instants; the web shows them in the viewer's time zone.
 */
export const CALENDAR_API = '/api/calendar';

export const CALENDAR_LIMITS = {
  /** The longest range one getItems call may ask for. */
  maxRangeDays: 400,
  /** The feed holds the user's items from this many days back ... */
  feedPastDays: 28,
  /** ... to this many days ahead. */
  feedFutureDays: 183,
  /** 32 random bytes in base64url, no padding. */
  tokenLength: 43,
  userSearchMaxLimit: 50,
} as const;

/** What a calendar item is; later areas (events, competitions, experts) add theirs. */
export const CALENDAR_ITEM_KINDS = [
  'live_session',
  'attendance',
  'program_start',
  'program_end',
  'event',
  'competition_deadline',
  'expert_session',
] as const;
export type CalendarItemKind = (typeof CALENDAR_ITEM_KINDS)[number];

export const CALENDAR_MESSAGES = {
  notFound: 'This calendar item was not found.',
  feedNotFound: 'This calendar feed address is not valid. Ask for the current address in Nexus.',
  userNotFound: 'User not found',
  badRange: 'The end must come after the start.',
  rangeTooLong: `A calendar range may span at most ${CALENDAR_LIMITS.maxRangeDays} days.`,
  badDate: 'must be an ISO 8601 date or date and time',
  feedReset: 'Your calendar feed has a new address; the old one no longer works.',
} as const;

const UID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,120}$/;
export const calendarUid = z.string().regex(UID_PATTERN, 'must be a calendar item id');

/** One dated thing: UTC instants (all-day items: the start of their first day and of the day after). */
export const calendarItem = z.object({
  uid: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  all_day: z.boolean(),
  /** The page inside Nexus the item links to (a path). */
  url: z.string(),
  kind: z.enum(CALENDAR_ITEM_KINDS),
  location: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
});
export type CalendarItem = z.infer<typeof calendarItem>;

const isoInstant = z
  .string()
  .trim()
  .max(40)
  .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: CALENDAR_MESSAGES.badDate,
  });

/** getItems: an ISO range; both omitted means the current month (UTC). */
export const calendarRangeQuery = z
  .object({ start: isoInstant.optional(), end: isoInstant.optional() })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.start || !value.end) return;
    const start = Date.parse(value.start);
    const end = Date.parse(value.end);
    if (end <= start) ctx.addIssue({ code: 'custom', path: ['end'], message: CALENDAR_MESSAGES.badRange });
    else if (end - start > CALENDAR_LIMITS.maxRangeDays * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: CALENDAR_MESSAGES.rangeTooLong });
    }
  });
export type CalendarRangeQuery = z.infer<typeof calendarRangeQuery>;

export const calendarItemsAnswer = z.object({
  data: z.array(calendarItem),
  meta: z.object({ start: z.string(), end: z.string(), total: z.number().int() }),
});
export type CalendarItemsAnswer = z.infer<typeof calendarItemsAnswer>;

export const calendarItemParams = z.object({ uid: calendarUid }).strict();

/** The public feed path segment: `{token}.ics`. */
export const calendarFeedParams = z
  .object({ file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, 'must be a calendar feed address') })
  .strict();

export const calendarFeed = z.object({
  url: z.string(),
  /** The same address with the webcal scheme, which calendar apps subscribe to. */
  webcal_url: z.string(),
  created_at: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;

export const calendarUserParams = z.object({ userId: pathId }).strict();

/** /test-calendar's user picker: people the caller administers; works with no parameters at all. */
export const calendarUserSearchQuery = z
  .object({
    search: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(CALENDAR_LIMITS.userSearchMaxLimit).default(10),
  })
  .strict();
export type CalendarUserSearchQuery = z.infer<typeof calendarUserSearchQuery>;

export const calendarUser = z.object({
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});
export type CalendarUser = z.infer<typeof calendarUser>;

export const calendarUserList = z.object({ data: z.array(calendarUser), meta: listMeta });
export type CalendarUserList = z.infer<typeof calendarUserList>;

/** An admin's check of one user's feed: what it would serve now, and whether it parses. */
export const calendarFeedCheck = z.object({
  user: calendarUser,
  /** The user has asked for a feed address (it exists; the address itself stays theirs). */
  has_feed: z.boolean(),
  window: z.object({ start: z.string(), end: z.string() }),
  items: z.array(calendarItem),
  event_count: z.number().int(),
  bytes: z.number().int(),
  /** Problems found reading the generated file back; empty when it is well formed. */
  problems: z.array(z.string()),
});
export type CalendarFeedCheck = z.infer<typeof calendarFeedCheck>;
