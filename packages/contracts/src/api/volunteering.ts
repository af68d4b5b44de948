import { z } from 'zod';
import { listMeta } from '../list-query';
import { VOLUNTEER_CAUSES } from './registration-choices';

/**
 * Volunteering (issue 22 point 4; docs/services.md): organisations publish opportunities with
 * shifts, volunteers sign up for a place on a shift (never beyond its capacity), the organiser
 * records the hours of those who came, and the hours show on the volunteer's profile.
 */
export const VOLUNTEERING_API = '/api/services/volunteering';

/** The menu whose holders publish opportunities inside a tenant (privilege:<menu>). */
export const VOLUNTEERING_PRIVILEGE = '/services/volunteer-services';

/** The causes a volunteer chooses on registration (registration-choices.ts): one list, so they match. */
export const OPPORTUNITY_CAUSES = VOLUNTEER_CAUSES.values;
export type VolunteerCause = (typeof OPPORTUNITY_CAUSES)[number];
export const VOLUNTEER_CAUSE_LABELS: Record<VolunteerCause, string> = VOLUNTEER_CAUSES.labels;

export const SIGNUP_STATUSES = ['signed_up', 'cancelled', 'attended', 'absent'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

export const VOLUNTEERING_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  locationMax: 200,
  shiftsMax: 20,
  capacityMax: 1000,
  shiftMaxHours: 24,
  pageMax: 50,
  pageDefault: 12,
  recentShifts: 5,
} as const;

export const VOLUNTEERING_MESSAGES = {
  opportunityNotFound: 'Volunteering opportunity not found.',
  shiftNotFound: 'Shift not found.',
  signupNotFound: 'Sign-up not found.',
  volunteerNotFound: 'Volunteer not found.',
  tenantNeeded: 'Switch to your organisation to publish volunteering opportunities.',
  notOrganiser: 'Only the organisation that published this opportunity may do this.',
  full: 'This shift is full.',
  alreadySignedUp: 'You have already signed up for this shift.',
  shiftStarted: 'This shift has already started.',
  endsBeforeStart: 'The shift must end after it starts.',
  startsInPast: 'The shift must start in the future.',
  tooLong: `A shift lasts at most ${VOLUNTEERING_LIMITS.shiftMaxHours} hours.`,
  hoursTooMany: 'The hours cannot exceed the length of the shift.',
  notStartedYet: 'Record hours once the shift has started.',
  cancelled: 'This sign-up was cancelled.',
  signedUp: 'You are signed up. Thank you!',
} as const;

const id = z.number().int().positive().max(2_147_483_647);
const isoDate = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time.' });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-05-01.');

export const shiftCreate = z
  .object({
    starts_at: isoDate,
    ends_at: isoDate,
    capacity: z.number().int().min(1, 'At least one place.').max(VOLUNTEERING_LIMITS.capacityMax),
  })
  .strict();

export const opportunityCreate = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Give the opportunity a title.')
      .max(VOLUNTEERING_LIMITS.titleMax, `At most ${VOLUNTEERING_LIMITS.titleMax} characters.`),
    description: z
      .string()
      .trim()
      .min(1, 'Describe what volunteers will do.')
      .max(VOLUNTEERING_LIMITS.descriptionMax),
    cause: z.enum(OPPORTUNITY_CAUSES),
    location: z
      .string()
      .trim()
      .min(1, 'Say where it happens (or "Online").')
      .max(VOLUNTEERING_LIMITS.locationMax),
    shifts: z.array(shiftCreate).min(1, 'Add at least one shift.').max(VOLUNTEERING_LIMITS.shiftsMax),
  })
  .strict();
export type OpportunityCreate = z.input<typeof opportunityCreate>;

/** Every parameter optional: the defaults list every opportunity, the soonest next shift first. */
export const opportunitySearchQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(VOLUNTEERING_LIMITS.pageMax)
      .default(VOLUNTEERING_LIMITS.pageDefault),
    search: z.string().trim().max(200).optional(),
    cause: z.enum(OPPORTUNITY_CAUSES).optional(),
    /** Opportunities with a shift on or after this day. */
    from: day.optional(),
  })
  .strict();
export type OpportunitySearchQuery = z.input<typeof opportunitySearchQuery>;

export const signUpBody = z.object({ shift_id: id }).strict();
export const hoursBody = z
  .object({
    attended: z.boolean(),
    hours: z.number().min(0).max(VOLUNTEERING_LIMITS.shiftMaxHours).multipleOf(0.25).optional(),
  })
  .strict();

export const opportunityItem = z.object({
  opportunity_id: z.number().int(),
  tenant_id: z.number().int(),
  organisation: z.string(),
  title: z.string(),
  summary: z.string(),
  cause: z.enum(OPPORTUNITY_CAUSES),
  location: z.string(),
  next_shift_at: z.string().nullable(),
  upcoming_shifts: z.number().int(),
  open_places: z.number().int(),
});
export type OpportunityItem = z.infer<typeof opportunityItem>;
export const opportunityListAnswer = z.object({ data: z.array(opportunityItem), meta: listMeta });

export const shiftItem = z.object({
  shift_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  capacity: z.number().int(),
  taken: z.number().int(),
  my_signup: z.object({ signup_id: z.number().int(), status: z.enum(SIGNUP_STATUSES) }).nullable(),
});
export type ShiftItem = z.infer<typeof shiftItem>;

export const opportunityDetail = opportunityItem.extend({
  description: z.string(),
  shifts: z.array(shiftItem),
  can_manage: z.boolean(),
});
export type OpportunityDetail = z.infer<typeof opportunityDetail>;

export const signupItem = z.object({
  signup_id: z.number().int(),
  shift_id: z.number().int(),
  status: z.enum(SIGNUP_STATUSES),
  hours: z.number().nullable(),
});
export type SignupItem = z.infer<typeof signupItem>;

export const rosterEntry = signupItem.extend({ user_id: z.number().int(), name: z.string() });
export const rosterAnswer = z.object({
  data: z.array(
    z.object({
      shift_id: z.number().int(),
      starts_at: z.string(),
      ends_at: z.string(),
      capacity: z.number().int(),
      volunteers: z.array(rosterEntry),
    }),
  ),
});
export type RosterAnswer = z.infer<typeof rosterAnswer>;

export const myShiftItem = signupItem.extend({
  opportunity_id: z.number().int(),
  title: z.string(),
  organisation: z.string(),
  location: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type MyShiftItem = z.infer<typeof myShiftItem>;

export const volunteerHours = z.object({
  total_hours: z.number(),
  shifts_attended: z.number().int(),
  recent: z.array(
    z.object({ title: z.string(), organisation: z.string(), starts_at: z.string(), hours: z.number() }),
  ),
});
export type VolunteerHours = z.infer<typeof volunteerHours>;

export const myShiftsAnswer = z.object({
  data: z.array(myShiftItem),
  hours: volunteerHours,
});
export type MyShiftsAnswer = z.infer<typeof myShiftsAnswer>;
