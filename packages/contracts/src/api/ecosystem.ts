import { z } from 'zod';

export { ECOSYSTEM_API } from '../api-paths';

import { pathId } from '../path-params';
import { CENTER_KINDS, COUNTRY_CODES, ECOSYSTEM_SECTORS, PROJECT_STATUSES } from './ecosystem-choices';
import { stripMarkup } from './messaging';
import { STARTUP_STAGES } from './registration-choices';

export * from './ecosystem-choices';

/**
 * Startups, projects, innovation centers, cohorts and their applications, the ecosystem map and a
 * person's innovation workspace (issue 19 points 1 and 3; docs/ecosystem.md). Lists page by an
 * offset cursor (`meta.next_cursor`, null on the last page).
 */

export const ECOSYSTEM_LIMITS = {
  pageDefault: 20,
  pageMax: 100,
  nameMax: 120,
  textMax: 4000,
  teamMax: 20,
  milestonesMax: 30,
  needsMax: 15,
  criteriaMax: 8,
  amountMax: 1_000_000_000,
} as const;

export const ECOSYSTEM_MESSAGES = {
  startupNotFound: 'Startup not found.',
  projectNotFound: 'Project not found.',
  centerNotFound: 'Innovation center not found.',
  cohortNotFound: 'Cohort not found.',
  applicationNotFound: 'Application not found.',
  notStartupOwner: 'Only the startup’s owner can do this.',
  notProjectOwner: 'Only the project’s owner can do this.',
  notCenterManager: 'Only the center’s managers can do this.',
  notReviewer: 'Only the center’s reviewers can review its applications.',
  cohortClosed: 'This cohort is not taking applications: it has closed or not opened yet.',
  alreadyApplied: 'This startup has already applied to this cohort.',
  badTransition: 'An application cannot move to that status from where it is.',
  badCriterion: 'Rate only the criteria this center sets, each from 1 to 5.',
  deckNotYours: 'Attach a pitch deck you uploaded yourself.',
  userNotFound: 'User not found.',
  alreadyMember: 'This person is already on the project or invited to it.',
  inviteSelf: 'You own this project already.',
  invitationNotFound: 'Invitation not found.',
  closesBeforeOpens: 'The closing date must come after the opening date.',
  badCursor: 'The page cursor is not valid; start again from the first page.',
} as const;

/** Client tags: socket emits and mutations name them so open pages refetch. */
export const ECOSYSTEM_TAGS = {
  startup: 'Startups',
  project: 'Projects',
  center: 'Centers',
  application: 'CohortApplications',
  workspace: 'Workspace',
} as const;

const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(ECOSYSTEM_LIMITS.pageMax)
  .default(ECOSYSTEM_LIMITS.pageDefault);
const cursor = z
  .string()
  .regex(/^[0-9]{1,7}$/, ECOSYSTEM_MESSAGES.badCursor)
  .optional();
const search = z.string().trim().max(200).default('');
const id = z.number().int().positive().max(2_147_483_647);

const plain = (label: string, max: number, min = 0) =>
  z
    .string(`${label} must be text.`)
    .max(max * 4)
    .transform(stripMarkup)
    .pipe(
      z
        .string()
        .trim()
        .min(min, min === 1 ? `${label} is required.` : `${label} must be at least ${min} characters.`)
        .max(max, `${label} must be at most ${max} characters.`),
    );

const sector = z.enum(ECOSYSTEM_SECTORS.values, 'Choose a sector from the list.');
const stage = z.enum(STARTUP_STAGES.values, 'Choose a stage from the list.');
const country = z.enum(COUNTRY_CODES, 'Choose a country from the list.');
const amount = z
  .number('Enter an amount.')
  .int('Enter a whole amount.')
  .min(0, 'The amount cannot be negative.')
  .max(ECOSYSTEM_LIMITS.amountMax, 'The amount is too large.');
const url = z
  .string()
  .trim()
  .max(300)
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value),
    'Enter a web address starting with https://',
  )
  .transform((value) => value || null);
const isoDate = z.iso.datetime({ offset: true, message: 'Enter a date and time.' });

export const ecosystemIdParams = z.object({ id: pathId }).strict();

export const ecosystemPerson = z.object({ user_id: z.number().int(), name: z.string() });
export type EcosystemPerson = z.infer<typeof ecosystemPerson>;

const cursorMeta = z.object({ limit: z.number().int(), next_cursor: z.string().nullable() });
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: cursorMeta });
}

/* ---------- startups ---------- */

const teamMember = z
  .object({ name: plain('Team member name', 80, 1), role: plain('Team member role', 80) })
  .strict();

export const startupBody = z
  .object({
    name: plain('Name', ECOSYSTEM_LIMITS.nameMax, 1),
    tagline: plain('Tagline', 200).default(''),
    description: plain('Description', ECOSYSTEM_LIMITS.textMax).default(''),
    sector,
    stage,
    country,
    website: url.optional(),
    team: z.array(teamMember).max(ECOSYSTEM_LIMITS.teamMax, 'List at most 20 team members.').default([]),
    funding_asked: amount.nullable().optional(),
    traction: plain('Traction', ECOSYSTEM_LIMITS.textMax).default(''),
    deck_file_id: z.uuid('Upload the pitch deck again.').nullable().optional(),
  })
  .strict();
export type StartupBody = z.input<typeof startupBody>;
export const updateStartupBody = startupBody.partial().strict();

export const startupCard = z.object({
  startup_id: z.number().int(),
  name: z.string(),
  tagline: z.string(),
  sector: z.string(),
  stage: z.string(),
  country: z.string(),
  owner: ecosystemPerson,
});
export type StartupCard = z.infer<typeof startupCard>;

export const startupItem = startupCard.extend({
  description: z.string(),
  website: z.string().nullable(),
  team: z.array(z.object({ name: z.string(), role: z.string() })),
  funding_asked: z.number().int().nullable(),
  /** Whether the caller sees the private fields; when false they are null. */
  can_see_private: z.boolean(),
  can_edit: z.boolean(),
  traction: z.string().nullable(),
  deck_file_id: z.string().nullable(),
  created_at: z.string(),
});
export type StartupItem = z.infer<typeof startupItem>;

export const startupSearchQuery = z
  .object({
    search,
    sector: sector.optional(),
    stage: stage.optional(),
    country: country.optional(),
    cursor,
    limit,
  })
  .strict();
export const startupList = pageOf(startupCard);

/* ---------- projects ---------- */

const milestone = z
  .object({
    title: plain('Milestone', 160, 1),
    due: z.iso.date('Enter the due date as YYYY-MM-DD.').nullable().default(null),
    done: z.boolean().default(false),
  })
  .strict();

export const projectBody = z
  .object({
    title: plain('Title', ECOSYSTEM_LIMITS.nameMax, 3),
    summary: plain('Summary', ECOSYSTEM_LIMITS.textMax).default(''),
    sector,
    status: z.enum(PROJECT_STATUSES.values, 'Choose a status from the list.').default('idea'),
    startup_id: id.nullable().optional(),
    milestones: z
      .array(milestone)
      .max(ECOSYSTEM_LIMITS.milestonesMax, 'List at most 30 milestones.')
      .default([]),
    needs: z
      .array(plain('Need', 80, 1))
      .max(ECOSYSTEM_LIMITS.needsMax, 'List at most 15 needs.')
      .default([]),
  })
  .strict();
export type ProjectBody = z.input<typeof projectBody>;
export const updateProjectBody = projectBody.partial().strict();

export const projectCard = z.object({
  project_id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  sector: z.string(),
  status: z.string(),
  needs: z.array(z.string()),
  owner: ecosystemPerson,
  team_size: z.number().int(),
});
export type ProjectCard = z.infer<typeof projectCard>;

export const projectMember = ecosystemPerson.extend({
  role: z.string(),
  status: z.enum(['invited', 'accepted']),
});
export const projectItem = projectCard.extend({
  startup: z.object({ startup_id: z.number().int(), name: z.string() }).nullable(),
  milestones: z.array(z.object({ title: z.string(), due: z.string().nullable(), done: z.boolean() })),
  /** Accepted collaborators; the owner also sees who is invited. */
  members: z.array(projectMember),
  can_edit: z.boolean(),
  /** The caller's own standing: owner, an accepted member, an open invitation, or none. */
  my_role: z.enum(['owner', 'member', 'invited', 'none']),
  created_at: z.string(),
});
export type ProjectItem = z.infer<typeof projectItem>;

export const projectSearchQuery = z
  .object({
    search,
    sector: sector.optional(),
    status: z.enum(PROJECT_STATUSES.values).optional(),
    need: z.string().trim().max(80).optional(),
    cursor,
    limit,
  })
  .strict();
export const projectList = pageOf(projectCard);

export const inviteCollaboratorBody = z
  .object({ user_id: id, role: plain('Role', 80).default('Collaborator') })
  .strict();
export const answerInvitationBody = z.object({ accept: z.boolean() }).strict();

/* ---------- innovation centers and cohorts ---------- */

export const centerBody = z
  .object({
    name: plain('Name', ECOSYSTEM_LIMITS.nameMax, 1),
    kind: z.enum(CENTER_KINDS.values, 'Choose a kind of center from the list.'),
    description: plain('Description', ECOSYSTEM_LIMITS.textMax).default(''),
    country,
    sectors: z.array(sector).max(14).default([]),
    criteria: z
      .array(plain('Criterion', 60, 1))
      .min(1, 'Set at least one criterion reviewers rate applications on.')
      .max(ECOSYSTEM_LIMITS.criteriaMax, 'Set at most 8 criteria.')
      .refine((list) => new Set(list).size === list.length, 'Name each criterion once.'),
  })
  .strict();
export type CenterBody = z.input<typeof centerBody>;
export const updateCenterBody = centerBody.partial().strict();

export const cohortItem = z.object({
  cohort_id: z.number().int(),
  center_id: z.number().int(),
  name: z.string(),
  programme: z.string(),
  opens_at: z.string(),
  closes_at: z.string(),
  capacity: z.number().int().nullable(),
  is_open: z.boolean(),
});
export type CohortItem = z.infer<typeof cohortItem>;

export const centerCard = z.object({
  center_id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  country: z.string(),
  sectors: z.array(z.string()),
  open_cohorts: z.number().int(),
});
export type CenterCard = z.infer<typeof centerCard>;

export const centerItem = centerCard.extend({
  description: z.string(),
  criteria: z.array(z.string()),
  owner: ecosystemPerson,
  cohorts: z.array(cohortItem),
  can_manage: z.boolean(),
  can_review: z.boolean(),
});
export type CenterItem = z.infer<typeof centerItem>;

export const centerSearchQuery = z
  .object({
    search,
    kind: z.enum(CENTER_KINDS.values).optional(),
    sector: sector.optional(),
    cursor,
    limit,
  })
  .strict();
export const centerList = pageOf(centerCard);

export const cohortBody = z
  .object({
    name: plain('Name', ECOSYSTEM_LIMITS.nameMax, 1),
    programme: plain('Programme', ECOSYSTEM_LIMITS.textMax).default(''),
    opens_at: isoDate,
    closes_at: isoDate,
    capacity: z.number().int().min(1).max(10_000).nullable().optional(),
  })
  .strict()
  .refine((body) => Date.parse(body.closes_at) > Date.parse(body.opens_at), {
    message: ECOSYSTEM_MESSAGES.closesBeforeOpens,
    path: ['closes_at'],
  });
export const addReviewerBody = z.object({ user_id: id }).strict();

/* ---------- cohort applications ---------- */

export const APPLICATION_STATUSES = ['submitted', 'shortlisted', 'accepted', 'declined'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** The review state machine (docs/ecosystem.md): where each status may go next. */
export const APPLICATION_TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  submitted: ['shortlisted', 'declined'],
  shortlisted: ['accepted', 'declined'],
  accepted: [],
  declined: [],
};

export const createApplicationBody = z
  .object({ cohort_id: id, startup_id: id, pitch: plain('Pitch', ECOSYSTEM_LIMITS.textMax, 20) })
  .strict();
export const decideApplicationBody = z
  .object({
    status: z.enum(['shortlisted', 'accepted', 'declined'], 'Choose shortlisted, accepted or declined.'),
  })
  .strict();
export const reviewApplicationBody = z
  .object({
    ratings: z.record(z.string().max(60), z.number().int().min(1).max(5)),
    notes: plain('Notes', ECOSYSTEM_LIMITS.textMax).default(''),
  })
  .strict();

export const applicationReview = z.object({
  reviewer: ecosystemPerson,
  ratings: z.record(z.string(), z.number()),
  notes: z.string(),
  modified_at: z.string(),
});

/** An application as its applicant sees it: never reviews, notes or other applicants. */
export const applicationItem = z.object({
  application_id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  pitch: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  startup: z.object({ startup_id: z.number().int(), name: z.string(), sector: z.string() }),
  cohort: z.object({ cohort_id: z.number().int(), name: z.string(), closes_at: z.string() }),
  center: z.object({ center_id: z.number().int(), name: z.string() }),
});
export type ApplicationItem = z.infer<typeof applicationItem>;

/** An application as the center's reviewers see it: every review and the average per criterion. */
export const reviewedApplication = applicationItem.extend({
  applicant: ecosystemPerson,
  reviews: z.array(applicationReview),
  averages: z.record(z.string(), z.number()),
  next: z.array(z.enum(APPLICATION_STATUSES)),
});
export type ReviewedApplication = z.infer<typeof reviewedApplication>;

export const cohortApplicationsQuery = z
  .object({ status: z.enum(APPLICATION_STATUSES).optional(), cursor, limit })
  .strict();
export const applicationList = pageOf(applicationItem);
export const reviewedApplicationList = pageOf(reviewedApplication);

/* ---------- the map and the workspace ---------- */

export const MAP_TYPES = ['organisation', 'startup', 'center'] as const;
export type MapType = (typeof MAP_TYPES)[number];
export const mapQuery = z
  .object({
    type: z.enum(MAP_TYPES, 'Choose organisations, startups or centers.').optional(),
    sector: sector.optional(),
  })
  .strict();
export const mapCountry = z.object({
  country: z.string(),
  organisations: z.number().int(),
  startups: z.number().int(),
  centers: z.number().int(),
  total: z.number().int(),
});
export type MapCountry = z.infer<typeof mapCountry>;

export const workspace = z.object({
  startups: z.array(startupCard),
  projects: z.array(projectCard.extend({ my_role: z.enum(['owner', 'member']) })),
  invitations: z.array(projectCard.extend({ role: z.string() })),
  applications: z.array(applicationItem),
  reviewing: z.array(centerCard),
  /** Next steps, each a sentence and the page that does it. */
  next_steps: z.array(z.object({ text: z.string(), link: z.string() })),
});
export type Workspace = z.infer<typeof workspace>;

/** Where the caller's current organisation sits on the map (its administrators set it). */
export const organisationLocationBody = z
  .object({ country, sector: sector.nullable().default(null) })
  .strict();
export const organisationLocation = z.object({
  tenant_id: z.number().int(),
  country: z.string(),
  sector: z.string().nullable(),
});
export type OrganisationLocation = z.infer<typeof organisationLocation>;
