import { z } from 'zod';
import { userRole } from '../entities/role';
import {
  CURRENCIES,
  DIASPORA_AVAILABILITY,
  DIASPORA_CONTRIBUTIONS,
  EDUCATION_LEVELS,
  INDIVIDUAL_GOALS,
  INVESTMENT_STAGES,
  INVESTOR_TYPES,
  JURISDICTION_LEVELS,
  PROGRAMME_SERVICES,
  PROGRAMME_TYPES,
  SECTORS,
  STARTUP_STAGES,
  VOLUNTEER_CAUSES,
  WORK_MODES,
} from './registration-choices';

export * from './registration-choices';

/**
 * Registration forms (spec section 2 "Registration", section 6 role types; identity issue part 9).
 * One schema per form, shared by the server and the web form; every field is described in
 * docs/registration-forms.md. `draft` is the same form with every field optional (saveDraft).
 */

// ---- Which form and which role each registration type leads to ------------------------------------

export const REGISTRATION_FORMS = [
  'investor',
  'startup',
  'incubator',
  'organisation',
  'diaspora',
  'volunteer',
  'individual',
  'generic',
] as const;
export type RegistrationForm = (typeof REGISTRATION_FORMS)[number];

export interface RegistrationType {
  /** The `role_type` of the API and the `role_name` of the system role it grants. */
  roleType: string;
  /** Seeded system role id (apps/server/src/db/seed/data.ts). */
  roleId: number;
  form: RegistrationForm;
  /** Client route of spec section 2. */
  path: string;
}

/** The registration role types of spec section 6, each with its fixed system role. */
export const REGISTRATION_TYPES = [
  { roleType: 'investor', roleId: 3, form: 'investor', path: '/registration/investor' },
  { roleType: 'entrepreneur', roleId: 4, form: 'startup', path: '/registration/entrepreneur' },
  { roleType: 'startup', roleId: 5, form: 'startup', path: '/registration/startup' },
  { roleType: 'incubator', roleId: 6, form: 'incubator', path: '/registration/incubator' },
  { roleType: 'accelerator', roleId: 7, form: 'incubator', path: '/registration/accelerator' },
  { roleType: 'startup-hub', roleId: 8, form: 'incubator', path: '/registration/startup-hub' },
  { roleType: 'government-body', roleId: 9, form: 'organisation', path: '/registration/government-body' },
  { roleType: 'industry-body', roleId: 10, form: 'organisation', path: '/registration/industry-body' },
  { roleType: 'diaspora', roleId: 11, form: 'diaspora', path: '/registration/diaspora' },
  { roleType: 'volunteer', roleId: 12, form: 'volunteer', path: '/volunteer-registration' },
  { roleType: 'individual', roleId: 13, form: 'individual', path: '/individual-registration' },
] as const satisfies readonly RegistrationType[];

/** System roles no form may grant; the generic form covers every other user role by its name. */
export const NON_REGISTRABLE_ROLES: readonly string[] = ['admin', 'tenant-admin', 'institute-admin', 'temp'];

/** The specific registration type, or undefined when the generic form applies (or nothing does). */
export function registrationTypeOf(roleType: string): RegistrationType | undefined {
  return REGISTRATION_TYPES.find((type) => type.roleType === roleType);
}

/** The form a role type fills: its own, else the generic one. */
export function registrationFormOf(roleType: string): RegistrationForm {
  return registrationTypeOf(roleType)?.form ?? 'generic';
}

export const REGISTRATION_MESSAGES = {
  notStarted: 'You have not saved this registration yet.',
  unknownType: 'There is no registration form for this role.',
  alreadySubmitted: 'This registration is already submitted. Submit the form again to change it.',
  draftSaved: 'Draft saved.',
  submitted: 'Registration complete. Welcome to Nexus!',
} as const;

// ---- Field builders with clear messages ---------------------------------------------------------------

const AMOUNT_MAX = 1_000_000_000_000;
const missing = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined),
});

function text(label: string, max: number, min = 1) {
  return z
    .string(missing(`${label} is required.`))
    .trim()
    .min(min, min <= 1 ? `${label} is required.` : `${label} needs at least ${min} characters.`)
    .max(max, `${label} must be at most ${max} characters.`);
}
function optionalText(label: string, max: number) {
  return z.string().trim().max(max, `${label} must be at most ${max} characters.`).optional();
}
function whole(label: string, min: number, max: number) {
  return z
    .number({
      error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be a number.`),
    })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max.toLocaleString('en')}.`);
}
const amount = (label: string) => whole(label, 0, AMOUNT_MAX);
function choice<T extends string>(values: [T, ...T[]], message: string) {
  return z.enum(values, message);
}
function choices<T extends string>(values: [T, ...T[]], noun: string, max = values.length) {
  return z
    .array(z.enum(values, `Choose ${noun}s from the list.`), missing(`Choose at least one ${noun}.`))
    .min(1, `Choose at least one ${noun}.`)
    .max(max, `Choose at most ${max} ${noun}s.`);
}
function tags(noun: string, plural: string, max: number) {
  return z
    .array(
      z
        .string()
        .trim()
        .min(1, `An empty ${noun} is not allowed.`)
        .max(60, `Keep each ${noun} under 60 characters.`),
      missing(`Add at least one ${noun}.`),
    )
    .min(1, `Add at least one ${noun}.`)
    .max(max, `Add at most ${max} ${plural}.`);
}
const webAddress = z
  .string()
  .trim()
  .max(300, 'Keep the address under 300 characters.')
  .pipe(
    z.url({
      protocol: /^https?$/,
      hostname: z.regexes.domain,
      error: 'Enter a full web address, such as https://example.org.',
    }),
  );
const linkedinAddress = webAddress.refine(
  (value) => /^https?:\/\/([a-z0-9-]+\.)*linkedin\.com(\/|$)/i.test(value),
  'Enter a LinkedIn address, such as https://www.linkedin.com/in/your-name.',
);
const WEBMAIL = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'live.com', 'aol.com', 'icloud.com'];
const officialEmail = z
  .string(missing('Official email is required.'))
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address.'))
  .pipe(z.string().max(254, 'Keep the address under 254 characters.'))
  .refine(
    (value) => !WEBMAIL.includes(value.split('@')[1] ?? ''),
    "Use the organisation's own address, not a personal webmail one.",
  );
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number such as +44 20 7946 0958.');

/** Cross-field rules still run when other fields fail, so the form shows every problem at once. */
const whenObject = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};
const isNumber = (value: unknown): value is number => typeof value === 'number';

// ---- The forms ------------------------------------------------------------------------------------------

const investorFields = z.strictObject({
  investor_type: choice(INVESTOR_TYPES.values, 'Choose the kind of investor you are.'),
  organisation: optionalText('Organisation', 200),
  title: optionalText('Your title', 100),
  investment_thesis: text('Investment thesis', 2000, 30),
  ticket_min: amount('Minimum ticket'),
  ticket_max: amount('Maximum ticket'),
  currency: choice(CURRENCIES.values, 'Choose a currency from the list.'),
  stages: choices(INVESTMENT_STAGES.values, 'stage'),
  sectors: choices(SECTORS.values, 'sector', 8),
  geographies: tags('geography', 'geographies', 20),
  portfolio_size: whole('Portfolio size', 0, 100_000).optional(),
  website: webAddress.optional(),
  linkedin: linkedinAddress.optional(),
});
export const investorRegistration = investorFields
  .refine((v) => !isNumber(v.ticket_min) || !isNumber(v.ticket_max) || v.ticket_min <= v.ticket_max, {
    path: ['ticket_max'],
    message: 'The maximum ticket must be at least the minimum.',
    ...whenObject,
  })
  .refine((v) => v.investor_type === 'angel' || !v.investor_type || Boolean(v.organisation), {
    path: ['organisation'],
    message: 'Organisation is required for a fund, family office or company.',
    ...whenObject,
  });

const startupFields = z.strictObject({
  startup_name: text('Startup name', 120),
  founder_role: optionalText('Your role', 100),
  stage: choice(STARTUP_STAGES.values, 'Choose the stage the startup is at.'),
  sector: choice(SECTORS.values, 'Choose the main sector.'),
  founded_year: whole('Founded year', 1900, 2100)
    .refine((year) => year <= new Date().getUTCFullYear(), 'The founded year cannot be in the future.')
    .optional(),
  team_size: whole('Team size', 1, 100_000),
  problem: text('Problem', 2000, 30),
  solution: text('Solution', 2000, 30),
  funding_raised: amount('Funding raised').optional(),
  seeking_amount: amount('Amount sought').optional(),
  currency: choice(CURRENCIES.values, 'Choose a currency from the list.').optional(),
  website: webAddress.optional(),
});
export const startupRegistration = startupFields.refine(
  (v) => v.currency !== undefined || (v.funding_raised === undefined && v.seeking_amount === undefined),
  { path: ['currency'], message: 'Choose the currency of the amounts.', ...whenObject },
);

const incubatorFields = z.strictObject({
  organisation: text('Organisation', 200),
  programme_type: choice(PROGRAMME_TYPES.values, 'Choose the kind of programme you run.'),
  cohort_capacity: whole('Cohort capacity', 1, 10_000),
  duration_weeks: whole('Programme length', 1, 260),
  sectors: choices(SECTORS.values, 'sector', 8),
  services: choices(PROGRAMME_SERVICES.values, 'service'),
  equity_percent: z
    .number({
      error: (i) => (i.input === undefined ? 'Equity taken is required.' : 'Equity taken must be a number.'),
    })
    .min(0, 'Equity taken cannot be negative.')
    .max(100, 'Equity taken must be at most 100%.'),
  location: text('Location', 120),
  description: optionalText('About the programme', 2000),
  website: webAddress.optional(),
});
export const incubatorRegistration = incubatorFields;

const organisationFields = z.strictObject({
  organisation_name: text('Organisation name', 200),
  jurisdiction_level: choice(JURISDICTION_LEVELS.values, 'Choose the level you work at.'),
  jurisdiction: text('Jurisdiction', 120),
  department: optionalText('Department', 200),
  mandate: text('Mandate', 2000, 30),
  focus_areas: tags('focus area', 'focus areas', 15),
  contact_name: text('Contact person', 120),
  contact_title: optionalText('Contact title', 120),
  official_email: officialEmail,
  contact_phone: phone.optional(),
  website: webAddress.optional(),
});
export const organisationRegistration = organisationFields;

const diasporaFields = z.strictObject({
  country_of_residence: text('Country of residence', 80),
  city_of_residence: optionalText('City', 80),
  country_of_origin: text('Country of origin', 80),
  profession: text('Profession', 120),
  expertise: tags('area of expertise', 'areas of expertise', 15),
  contributions: choices(DIASPORA_CONTRIBUTIONS.values, 'way to contribute'),
  availability: choice(DIASPORA_AVAILABILITY.values, 'Choose how much time you can give.'),
  linkedin: linkedinAddress.optional(),
});
export const diasporaRegistration = diasporaFields;

const volunteerFields = z.strictObject({
  skills: tags('skill', 'skills', 20),
  causes: choices(VOLUNTEER_CAUSES.values, 'cause'),
  hours_per_week: whole('Hours per week', 1, 60),
  languages: tags('language', 'languages', 10),
  work_mode: choice(WORK_MODES.values, 'Choose remote, on-site or either.'),
  location: optionalText('Location', 120),
  motivation: optionalText('Motivation', 1000),
});
export const volunteerRegistration = volunteerFields.refine(
  (v) => v.work_mode === 'remote' || !v.work_mode || Boolean(v.location),
  { path: ['location'], message: 'Give your location for on-site work.', ...whenObject },
);

const individualFields = z.strictObject({
  occupation: text('Occupation', 120),
  education_level: choice(EDUCATION_LEVELS.values, 'Choose your highest education level.'),
  interests: tags('interest', 'interests', 15),
  goals: choices(INDIVIDUAL_GOALS.values, 'goal'),
  goals_note: optionalText('About your goals', 1000),
});
export const individualRegistration = individualFields;

const genericFields = z.strictObject({
  affiliation: text('Organisation or affiliation', 200),
  about: text('About you', 2000, 20),
  interests: tags('interest', 'interests', 15),
});
export const genericRegistration = genericFields;

/** Full schema (submit) and draft schema (saveDraft: any subset of the fields) of every form. */
export const REGISTRATION_SCHEMAS = {
  investor: { full: investorRegistration, draft: investorFields.partial() },
  startup: { full: startupRegistration, draft: startupFields.partial() },
  incubator: { full: incubatorRegistration, draft: incubatorFields.partial() },
  organisation: { full: organisationRegistration, draft: organisationFields.partial() },
  diaspora: { full: diasporaRegistration, draft: diasporaFields.partial() },
  volunteer: { full: volunteerRegistration, draft: volunteerFields.partial() },
  individual: { full: individualRegistration, draft: individualFields.partial() },
  generic: { full: genericRegistration, draft: genericFields.partial() },
} as const satisfies Record<RegistrationForm, { full: z.ZodType; draft: z.ZodType }>;

export type InvestorRegistration = z.infer<typeof investorRegistration>;
export type StartupRegistration = z.infer<typeof startupRegistration>;
export type IncubatorRegistration = z.infer<typeof incubatorRegistration>;
export type OrganisationRegistration = z.infer<typeof organisationRegistration>;
export type DiasporaRegistration = z.infer<typeof diasporaRegistration>;
export type VolunteerRegistration = z.infer<typeof volunteerRegistration>;
export type IndividualRegistration = z.infer<typeof individualRegistration>;
export type GenericRegistration = z.infer<typeof genericRegistration>;

// ---- API shapes (/api/registration/forms/...) ---------------------------------------------------------

export const REGISTRATION_STATUSES = ['draft', 'submitted'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const registrationRoleTypeParams = z.object({ role_type: z.string().min(1).max(60) });
/** The form's fields; which ones and how they are checked depends on the role type in the path. */
export const registrationBody = z.record(z.string(), z.unknown());

export const registrationRecord = z.object({
  registration_id: z.number().int(),
  user_id: z.number().int(),
  role_type: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  data: z.record(z.string(), z.unknown()),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
  modified_at: z.string(),
});
export type RegistrationRecord = z.infer<typeof registrationRecord>;

/** What submit answers: the stored form and the caller's roles after the grant (spec section 4). */
export const registrationSubmitResult = z.object({
  registration: registrationRecord,
  user: z.object({ roles: z.array(userRole), active_role: userRole.nullable() }),
});
export type RegistrationSubmitResult = z.infer<typeof registrationSubmitResult>;
