import { z } from 'zod';
import { POSTING_TYPES, type PostingType } from '../choice-lists';
import { listMeta } from '../list-query';

export { JOB_APPLICATIONS_API, JOB_POSTINGS_API } from '../area-paths';
export { POSTING_TYPE_LABELS, POSTING_TYPES, type PostingType } from '../choice-lists';

/**
 * Jobs and internships (issue 20 point 2; docs/hiring.md): organisations post them with a closing
 * date, anyone searches them (signed out too), people apply with a CV and answers, and the employer
 * moves applications through a pipeline with notes and scorecards. Two bases with the codebase's
 * generic verbs; `/api/jobs/getQueues` and friends belong to the job queue's admin and stay apart.
 */

/** The menu whose holders post jobs and run the pipeline inside a tenant (privilege:<menu>). */
export const HIRING_PRIVILEGE = '/recruitment-portal';

/** schema.org `employmentType` of each type (Google's JobPosting vocabulary). */
export const SCHEMA_ORG_EMPLOYMENT_TYPES: Record<PostingType, string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
};

/** The pipeline, in board order; `declined` ends it. */
export const APPLICATION_STAGES = [
  'applied',
  'screening',
  'interview',
  'offer',
  'hired',
  'declined',
] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];
export const APPLICATION_STAGE_LABELS: Record<ApplicationStage, string> = {
  applied: 'Applied',
  screening: 'Screening',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  declined: 'Declined',
};

export const DEFAULT_SCORECARD_ATTRIBUTES = ['Skills', 'Experience', 'Communication', 'Motivation'] as const;

export const HIRING_LIMITS = {
  titleMax: 200,
  descriptionMax: 50_000,
  skillsMax: 20,
  skillMax: 60,
  questionsMax: 10,
  answerMax: 2000,
  attributesMax: 8,
  noteMax: 4000,
  messageMax: 2000,
  commentMax: 2000,
  declineMax: 200,
  pageMax: 50,
  pageDefault: 20,
  /** Counting the matches stops here: past it the total is "more than" (meta.totalExact false). */
  countCap: 1000,
  /** How far ahead a closing date may be. */
  closesMaxDays: 366,
} as const;

export const HIRING_MESSAGES = {
  postingNotFound: 'Job posting not found.',
  applicationNotFound: 'Application not found.',
  notEmployer: 'Only the organisation that posted this job may do this.',
  tenantNeeded: 'Switch to your organisation to post jobs and see its applicants.',
  closesPast: 'The closing date must be in the future.',
  closesTooFar: `The closing date must be within ${HIRING_LIMITS.closesMaxDays} days.`,
  cityNeeded: 'Give the city of an on-site job, or mark it remote.',
  descriptionEmpty: 'Describe the job.',
  closed: 'This posting is closed: it no longer takes applications.',
  alreadyApplied: 'You have already applied to this job.',
  cvNeeded: 'Upload your CV (PDF or Word document).',
  cvNotFound: 'The CV was not found among your files, or it is not a PDF or Word document.',
  answerRequired: 'This question needs an answer.',
  unknownChoice: 'Choose one of the offered answers.',
  unknownQuestion: 'There is no such question for this job.',
  unknownAttribute: 'Rate only the attributes of this job’s scorecard.',
  ratingsIncomplete: 'Rate every attribute before submitting.',
  scorecardSubmitted: 'Your scorecard is submitted and can no longer change.',
  sameStage: 'The application is already in this stage.',
  declineMixed: 'Every application must belong to the same organisation and not be declined already.',
  applied: 'Your application is sent.',
} as const;

const id = z.number().int().positive().max(2_147_483_647);
const isoDate = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time.' });
const questionId = z.string().regex(/^[a-z0-9_-]{1,40}$/, 'must be a short id (a-z, 0-9, _ and -)');
const country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as DE or IN.');

export const postingQuestion = z
  .object({
    question_id: questionId,
    label: z.string().trim().min(1, 'Write the question.').max(300),
    kind: z.enum(['text', 'choice']),
    required: z.boolean().default(false),
    choices: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  })
  .strict()
  .refine((q) => q.kind !== 'choice' || q.choices.length >= 2, {
    message: 'A choice question needs at least two choices.',
    path: ['choices'],
  });
export type PostingQuestion = z.infer<typeof postingQuestion>;

const fields = {
  title: z
    .string()
    .trim()
    .min(1, 'Give the job a title.')
    .max(HIRING_LIMITS.titleMax, `At most ${HIRING_LIMITS.titleMax} characters.`),
  job_type: z.enum(POSTING_TYPES),
  remote: z.boolean().default(false),
  city: z.string().trim().max(120).nullable().optional(),
  country,
  description: z.string().max(HIRING_LIMITS.descriptionMax),
  skills: z
    .array(z.string().trim().min(1).max(HIRING_LIMITS.skillMax))
    .max(HIRING_LIMITS.skillsMax)
    .default([]),
  questions: z.array(postingQuestion).max(HIRING_LIMITS.questionsMax).default([]),
  scorecard_attributes: z
    .array(z.string().trim().min(1).max(60))
    .max(HIRING_LIMITS.attributesMax)
    .default([...DEFAULT_SCORECARD_ATTRIBUTES]),
  closes_at: isoDate,
};

export const postingCreate = z.object(fields).strict();
export type PostingCreate = z.input<typeof postingCreate>;
export const postingUpdate = z
  .object({
    title: fields.title.optional(),
    job_type: fields.job_type.optional(),
    remote: z.boolean().optional(),
    city: fields.city,
    country: country.optional(),
    description: fields.description.optional(),
    skills: fields.skills.unwrap().optional(),
    questions: fields.questions.unwrap().optional(),
    scorecard_attributes: fields.scorecard_attributes.unwrap().optional(),
    closes_at: isoDate.optional(),
  })
  .strict();
export type PostingUpdate = z.input<typeof postingUpdate>;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The public search: every parameter optional; the defaults list open postings, newest first. */
export const postingSearchQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(HIRING_LIMITS.pageMax).default(HIRING_LIMITS.pageDefault),
    search: z.string().trim().max(200).optional(),
    job_type: z.enum(POSTING_TYPES).optional(),
    remote: flag.optional(),
    location: z.string().trim().max(120).optional(),
    tenant_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .strict();
export type PostingSearchQuery = z.input<typeof postingSearchQuery>;

/** One posting as lists show it (public: no applicants, notes or scorecards). */
export const postingItem = z.object({
  posting_id: z.number().int(),
  tenant_id: z.number().int(),
  organisation: z.string(),
  title: z.string(),
  job_type: z.enum(POSTING_TYPES),
  remote: z.boolean(),
  city: z.string().nullable(),
  country: z.string(),
  skills: z.array(z.string()),
  /** The start of the plain-text description. */
  summary: z.string(),
  posted_at: z.string(),
  closes_at: z.string(),
  /** Open and before its closing date. */
  open: z.boolean(),
});
export type PostingItem = z.infer<typeof postingItem>;
export const postingListAnswer = z.object({ data: z.array(postingItem), meta: listMeta });

/** The public page of a posting. */
export const postingDetail = postingItem.extend({
  description: z.string(),
  questions: z.array(postingQuestion),
  scorecard_attributes: z.array(z.string()),
  /** schema.org JobPosting, serialised, for a `<script type="application/ld+json">`. */
  json_ld: z.string(),
  /** The caller's application (null: none, or signed out). */
  my_application: z
    .object({ application_id: z.number().int(), stage: z.enum(APPLICATION_STAGES) })
    .nullable(),
  can_manage: z.boolean(),
});
export type PostingDetail = z.infer<typeof postingDetail>;

export const organisationOption = z.object({
  tenant_id: z.number().int(),
  name: z.string(),
  open: z.number().int(),
});
export const organisationList = z.object({ data: z.array(organisationOption) });

/** The hub: postings that match the viewer's profile, then the rest. */
export const matchedPostingItem = postingItem.extend({ reasons: z.array(z.string()) });
export const matchedAnswer = z.object({
  matched: z.array(matchedPostingItem),
  others: z.array(postingItem),
  /** What the match read from the profile. */
  profile_terms: z.array(z.string()),
});
export type MatchedAnswer = z.infer<typeof matchedAnswer>;

/** The employer's list: the tenant's postings, closed ones too, with counts per stage. */
export const managedPostingItem = postingItem.extend({
  status: z.enum(['open', 'closed']),
  applications: z.number().int(),
  stage_counts: z.record(z.string(), z.number().int()),
});
export type ManagedPostingItem = z.infer<typeof managedPostingItem>;
export const managedPostingList = z.object({ data: z.array(managedPostingItem) });

/* ---------- applications ---------- */

export const applicationAnswers = z.record(questionId, z.string().max(HIRING_LIMITS.answerMax)).default({});
export const applicationCreate = z
  .object({ posting_id: id, cv_file_id: z.uuid(HIRING_MESSAGES.cvNeeded), answers: applicationAnswers })
  .strict();
export type ApplicationCreate = z.input<typeof applicationCreate>;

/** The applicant's own view: the job and the stage, nothing of the employer's. */
export const myApplicationItem = z.object({
  application_id: z.number().int(),
  posting_id: z.number().int(),
  title: z.string(),
  organisation: z.string(),
  job_type: z.enum(POSTING_TYPES),
  stage: z.enum(APPLICATION_STAGES),
  /** The employer's message when declined. */
  decline_message: z.string().nullable(),
  applied_at: z.string(),
  stage_changed_at: z.string(),
  closes_at: z.string(),
});
export type MyApplicationItem = z.infer<typeof myApplicationItem>;
export const myApplicationList = z.object({ data: z.array(myApplicationItem) });

/** A card of the pipeline board. */
export const pipelineItem = z.object({
  application_id: z.number().int(),
  posting_id: z.number().int(),
  applicant_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  stage: z.enum(APPLICATION_STAGES),
  applied_at: z.string(),
  notes: z.number().int(),
  scorecards_submitted: z.number().int(),
  /** The caller's own scorecard state. */
  my_scorecard: z.enum(['none', 'draft', 'submitted']),
});
export type PipelineItem = z.infer<typeof pipelineItem>;
export const pipelineAnswer = z.object({ posting: postingItem, data: z.array(pipelineItem) });
export type PipelineAnswer = z.infer<typeof pipelineAnswer>;

export const scorecardItem = z.object({
  reviewer_id: z.number().int(),
  reviewer: z.string(),
  ratings: z.record(z.string(), z.number().int()),
  comment: z.string(),
  submitted_at: z.string().nullable(),
});
export type ScorecardItem = z.infer<typeof scorecardItem>;

export const applicationDetail = pipelineItem.extend({
  cv_file_id: z.string().nullable(),
  answers: z.record(z.string(), z.string()),
  questions: z.array(postingQuestion),
  attributes: z.array(z.string()),
  decline_message: z.string().nullable(),
  notes_list: z.array(
    z.object({ note_id: z.number().int(), author: z.string(), body: z.string(), created_at: z.string() }),
  ),
  mine: scorecardItem.nullable(),
  /** Other reviewers' submitted scorecards: empty until the caller submitted their own. */
  others: z.array(scorecardItem),
  others_hidden: z.number().int(),
});
export type ApplicationDetail = z.infer<typeof applicationDetail>;

export const moveApplicationBody = z.object({ stage: z.enum(APPLICATION_STAGES) }).strict();
export const noteBody = z
  .object({ body: z.string().trim().min(1, 'Write the note.').max(HIRING_LIMITS.noteMax) })
  .strict();
export const scorecardBody = z
  .object({
    ratings: z.record(z.string().min(1).max(60), z.number().int().min(1).max(5)),
    comment: z.string().trim().max(HIRING_LIMITS.commentMax).default(''),
    submit: z.boolean().default(false),
  })
  .strict();
export const declineManyBody = z
  .object({
    application_ids: z.array(id).min(1, 'Choose at least one application.').max(HIRING_LIMITS.declineMax),
    message: z.string().trim().min(1, 'Write a message to the applicants.').max(HIRING_LIMITS.messageMax),
  })
  .strict();
export const declineManyAnswer = z.object({ declined: z.number().int() });
