import { z } from 'zod';
import { LIST_DEFAULTS } from '../constants';
import { PROFILE_VISIBILITIES, THEMES } from '../entities/user-setting';
import { listMeta } from '../list-query';
import { pathId } from '../path-params';
import {
  amount,
  optionalPhotoUrl,
  optionalText,
  optionalUrl,
  tags,
  text,
  whole,
  yearMonth,
} from './profile-fields';

export * from './profile-choices';

import {
  COMPETENCE_AREAS,
  COMPETENCES,
  type CompetenceArea,
  type CompetenceKey,
  FUNDING_CURRENCIES,
  FUNDING_INSTRUMENTS,
  FUNDING_STAGES,
  JOB_TYPES,
  PROFILE_SECTORS,
  SELF_ASSESSMENT_LEVELS,
  type SelfAssessmentLevel,
  VENTURE_STAGES,
  VOLUNTEER_AVAILABILITY,
  VOLUNTEER_MODES,
  WORK_PLACES,
} from './profile-choices';

export { httpsUrl, photoUrl } from './profile-fields';

/**
 * Member profiles (spec section 2 "Profiles"; identity issue part 10). What a member shows others,
 * the directory, the extra profile sections and the caller's own settings. docs/profiles.md describes
 * every field and the privacy rules.
 */
export const PROFILES_API = '/api/profiles';

export const PROFILE_MESSAGES = {
  notFound: 'This profile does not exist or is not visible to you.',
  sectionNotFound: 'This profile section does not exist or is not shared.',
  unknownSection: 'There is no such profile section.',
  saved: 'Profile saved.',
  settingsSaved: 'Settings saved.',
  nothingToUpdate: 'Send at least one field to change.',
} as const;

// ---- Sections ------------------------------------------------------------------------------------------

export const PROFILE_SECTIONS = [
  'entrepreneurial',
  'volunteer',
  'employability',
  'self-assessment',
  'fundraising',
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];
export const profileSectionName = z.enum(PROFILE_SECTIONS, PROFILE_MESSAGES.unknownSection);

/** Whether others see the section on the profile page (the owner always does). */
const shownBy = (byDefault: boolean) => ({ show_on_profile: z.boolean().default(byDefault) });

export const entrepreneurialSection = z
  .object({
    venture_name: text('Venture name', 120),
    one_liner: optionalText('One-line pitch', 200),
    stage: z.enum(VENTURE_STAGES.values, 'Choose a stage from the list.'),
    sector: z.enum(PROFILE_SECTORS.values, 'Choose a sector from the list.').nullable().optional(),
    founded_year: whole('Year founded', 1900, 2100).nullable().optional(),
    team_size: whole('Team size', 1, 100_000).nullable().optional(),
    skills: tags('Skills', 20),
    looking_for_cofounder: z.boolean().default(false),
    cofounder_skills: tags('Co-founder skills', 10),
    website: optionalUrl,
    ...shownBy(true),
  })
  .strict();

export const volunteerSection = z
  .object({
    skills: tags('Skills', 20).refine((list) => list.length > 0, 'Add at least one skill.'),
    causes: z
      .array(text('Cause', 60), 'Causes must be a list.')
      .min(1, 'Add at least one cause you care about.')
      .max(10, 'List at most 10 causes.'),
    hours_per_month: whole('Hours per month', 1, 200),
    availability: z.enum(VOLUNTEER_AVAILABILITY.values, 'Choose when you are available.'),
    mode: z.enum(VOLUNTEER_MODES.values, 'Choose remote, in person or either.').default('either'),
    languages: tags('Languages', 10),
    experience: optionalText('Experience', 2000),
    ...shownBy(true),
  })
  .strict();

const educationEntry = z
  .object({
    institution: text('Institution', 160),
    qualification: text('Qualification', 160),
    field: optionalText('Field of study', 120),
    start_year: whole('Start year', 1900, 2100).nullable().optional(),
    end_year: whole('End year', 1900, 2100).nullable().optional(),
  })
  .strict()
  .refine((e) => e.start_year == null || e.end_year == null || e.end_year >= e.start_year, {
    message: 'The end year cannot be before the start year.',
    path: ['end_year'],
  });
const experienceEntry = z
  .object({
    organisation: text('Organisation', 160),
    title: text('Job title', 160),
    start: yearMonth('Start'),
    /** Null while the job is current. */
    end: yearMonth('End').nullable().optional(),
    description: optionalText('Description', 1000),
  })
  .strict()
  .refine((e) => e.end == null || e.end >= e.start, {
    message: 'The end cannot be before the start.',
    path: ['end'],
  });

export const employabilitySection = z
  .object({
    open_to_work: z.boolean().default(true),
    education: z.array(educationEntry).max(20, 'List at most 20 qualifications.').default([]),
    experience: z.array(experienceEntry).max(30, 'List at most 30 jobs.').default([]),
    skills: tags('Skills', 50),
    cv_url: optionalUrl,
    job_preferences: z
      .object({
        job_types: z.array(z.enum(JOB_TYPES.values, 'Choose job types from the list.')).max(6).default([]),
        locations: tags('Locations', 10),
        work_place: z.enum(WORK_PLACES.values, 'Choose where you want to work.').default('any'),
        available_from: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'Available from must be a date such as 2026-09-01.')
          .nullable()
          .optional(),
      })
      .strict()
      .default({ job_types: [], locations: [], work_place: 'any' }),
    ...shownBy(true),
  })
  .strict();

const rating = z
  .object(
    {
      score: whole('Rating', 1, 5),
      note: optionalText('Note', 500),
    },
    'Rate this competence from 1 to 5.',
  )
  .strict();

/** Every competence must be rated 1 to 5; the score is computed, never sent. */
export const selfAssessmentSection = z
  .object({
    ratings: z.object(
      Object.fromEntries(COMPETENCES.map((c) => [c.key, rating])) as Record<CompetenceKey, typeof rating>,
      'Rate every competence.',
    ),
    ...shownBy(false),
  })
  .strict();

const useOfFunds = z.object({ purpose: text('Purpose', 120), percent: whole('Share', 1, 100) }).strict();

export const fundraisingSection = z
  .object({
    amount_sought: amount('Amount sought').refine((n) => n > 0, 'Amount sought must be more than 0.'),
    currency: z.enum(FUNDING_CURRENCIES.values, 'Choose a currency from the list.').default('USD'),
    stage: z.enum(FUNDING_STAGES.values, 'Choose a round from the list.'),
    instrument: z.enum(FUNDING_INSTRUMENTS.values, 'Choose an instrument from the list.').default('equity'),
    use_of_funds: z
      .array(useOfFunds)
      .max(10, 'List at most 10 uses of funds.')
      .default([])
      .refine(
        (list) => list.length === 0 || list.reduce((sum, item) => sum + item.percent, 0) === 100,
        'The shares of the use of funds must add up to 100%.',
      ),
    raised_to_date: amount('Raised to date').nullable().optional(),
    traction: z
      .object({
        monthly_revenue: amount('Monthly revenue').nullable().optional(),
        customers: whole('Customers or users', 0, 1_000_000_000).nullable().optional(),
        growth_percent: z
          .number('Monthly growth must be a number.')
          .min(-100, 'Monthly growth cannot be below -100%.')
          .max(10_000, 'Monthly growth is too large.')
          .nullable()
          .optional(),
        highlights: optionalText('Traction highlights', 1000),
      })
      .strict()
      .default({}),
    pitch_deck_url: optionalUrl,
    ...shownBy(true),
  })
  .strict();

/** The schema each section's save validates with (server and web form alike). */
export const SECTION_SCHEMAS = {
  entrepreneurial: entrepreneurialSection,
  volunteer: volunteerSection,
  employability: employabilitySection,
  'self-assessment': selfAssessmentSection,
  fundraising: fundraisingSection,
} as const satisfies Record<ProfileSection, z.ZodType>;

export type SectionInput<S extends ProfileSection> = z.input<(typeof SECTION_SCHEMAS)[S]>;
export type SectionData<S extends ProfileSection> = z.output<(typeof SECTION_SCHEMAS)[S]>;

export const selfAssessmentScore = z.object({
  /** Mean rating, 1.0 to 5.0, one decimal. */
  average: z.number(),
  /** The mean on a 0-100 scale: 1 is 0, 5 is 100. */
  percent: z.number().int(),
  level: z.enum(SELF_ASSESSMENT_LEVELS.values),
  areas: z.record(z.enum(COMPETENCE_AREAS.values), z.number()),
});
export type SelfAssessmentScore = z.infer<typeof selfAssessmentScore>;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The self-assessment score; the server stores it and the web previews it with this same function. */
export function scoreSelfAssessment(
  ratings: Partial<Record<CompetenceKey, { score: number } | undefined>>,
): SelfAssessmentScore | null {
  const rated = COMPETENCES.filter((c) => typeof ratings[c.key]?.score === 'number');
  if (rated.length === 0) return null;
  const mean = (list: readonly { key: CompetenceKey }[]) =>
    list.reduce((sum, c) => sum + (ratings[c.key]?.score ?? 0), 0) / list.length;
  const average = mean(rated);
  const areas = {} as Record<CompetenceArea, number>;
  for (const area of COMPETENCE_AREAS.values) {
    const inArea = rated.filter((c) => c.area === area);
    if (inArea.length > 0) areas[area] = oneDecimal(mean(inArea));
  }
  const level: SelfAssessmentLevel =
    average < 2 ? 'foundation' : average < 3.5 ? 'intermediate' : average < 4.5 ? 'advanced' : 'expert';
  return { average: oneDecimal(average), percent: Math.round(((average - 1) / 4) * 100), level, areas };
}

/** A saved section as it leaves the server. Self-assessment data carries its computed `score`. */
export const profileSectionRecord = z.object({
  section: profileSectionName,
  data: z.record(z.string(), z.unknown()),
  show_on_profile: z.boolean(),
  modified_at: z.string(),
});
export type ProfileSectionRecord = z.infer<typeof profileSectionRecord>;

export const sectionParams = z.object({ section: profileSectionName }).strict();
export const userSectionParams = z.object({ user_id: pathId, section: profileSectionName }).strict();

// ---- Profiles and the directory -----------------------------------------------------------------------

export const profileView = z.object({
  user_id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profile_image: z.string().nullable(),
  headline: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  /** Display names of the member's system roles (never the temporary one). */
  roles: z.array(z.string()),
  /** Present only when the member allows it (or it is the caller's own profile). */
  email: z.string().optional(),
  phone_number: z.string().nullable().optional(),
  /** Sections the owner shows on their profile; the owner sees all of theirs. */
  sections: z.array(profileSectionRecord),
  /** True on the caller's own profile: the page offers editing. */
  is_self: z.boolean(),
});
export type ProfileView = z.infer<typeof profileView>;

export const profileCard = profileView.pick({
  user_id: true,
  username: true,
  firstName: true,
  lastName: true,
  profile_image: true,
  headline: true,
  location: true,
  roles: true,
});
export type ProfileCard = z.infer<typeof profileCard>;

export const PROFILE_SEARCH_MAX_LIMIT = 50;

/** The directory query: the list pattern's page and limit, a free-text search and a role filter. */
export const searchProfilesQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(LIST_DEFAULTS.page),
    limit: z.coerce.number().int().min(1).max(PROFILE_SEARCH_MAX_LIMIT).default(12),
    search: z.string().trim().max(100).optional(),
    role_id: z.coerce.number().int().positive().optional(),
  })
  .strict();
export type SearchProfilesQuery = z.input<typeof searchProfilesQuery>;

export const profileList = z.object({ data: z.array(profileCard), meta: listMeta });
export type ProfileList = z.infer<typeof profileList>;

export const profileUserParams = z.object({ user_id: pathId }).strict();

const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number such as +44 20 7946 0958.');

/** What a member edits about themselves on /settings; an empty string clears an optional field. */
export const updateMyProfileBody = z
  .object({
    firstName: text('First name', 100).optional(),
    lastName: text('Last name', 100).optional(),
    headline: optionalText('Headline', 120),
    bio: optionalText('Bio', 2000),
    location: optionalText('Location', 120),
    profile_image: optionalPhotoUrl,
    phone_number: phone
      .or(z.literal('').transform(() => null))
      .nullable()
      .optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, PROFILE_MESSAGES.nothingToUpdate);
export type UpdateMyProfileBody = z.input<typeof updateMyProfileBody>;

// ---- Settings ------------------------------------------------------------------------------------------

/** The caller's own settings on the main platform (the user_settings row with no tenant). */
export const mySettings = z.object({
  user_setting_id: z.number().int(),
  profile_visibility: z.enum(PROFILE_VISIBILITIES),
  show_email: z.boolean(),
  show_phone: z.boolean(),
  email_notifications: z.boolean(),
  push_notifications: z.boolean(),
  theme: z.enum(THEMES),
  language: z.string(),
});
export type MySettings = z.infer<typeof mySettings>;

export const updateMySettingsBody = z
  .object({
    profile_visibility: z.enum(PROFILE_VISIBILITIES, 'Choose public, connections or private.').optional(),
    show_email: z.boolean().optional(),
    show_phone: z.boolean().optional(),
    email_notifications: z.boolean().optional(),
    push_notifications: z.boolean().optional(),
    theme: z.enum(THEMES, 'Choose light, dark or auto.').optional(),
    language: z
      .string()
      .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Use a language tag such as en or en-GB.')
      .optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, PROFILE_MESSAGES.nothingToUpdate);
export type UpdateMySettingsBody = z.input<typeof updateMySettingsBody>;

export const PROFILE_VISIBILITY_LABELS: Record<(typeof PROFILE_VISIBILITIES)[number], string> = {
  public: 'Every member',
  connections: 'Members of my organisations',
  private: 'Only me',
};
