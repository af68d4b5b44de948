import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { files } from './files';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Jobs and internships an organisation (a tenant) posts (issue 20 point 2; docs/hiring.md). A posting
 * is searchable while `status` is open and `closes_at` is ahead: the query says so itself, and the
 * `jobs.close-expired` job only makes `status` catch up. `description` is sanitised HTML and
 * `description_text` its plain text; `search_vector` is kept by the database (migration 0031).
 * Row-level security: migration 0031.
 */
export const jobPostings = pgTable(
  'job_postings',
  {
    posting_id: serial('posting_id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenant_id),
    title: text('title').notNull(),
    job_type: text('job_type', {
      enum: ['full_time', 'part_time', 'contract', 'temporary', 'internship'],
    }).notNull(),
    remote: boolean('remote').notNull().default(false),
    city: text('city'),
    country: text('country').notNull(),
    description: text('description').notNull(),
    description_text: text('description_text').notNull().default(''),
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    questions: jsonb('questions').notNull().default(sql`'[]'::jsonb`),
    scorecard_attributes: text('scorecard_attributes').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    posted_at: at('posted_at').notNull().defaultNow(),
    closes_at: at('closes_at').notNull(),
    search_vector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description_text), 'B')`,
    ),
    ...auditColumns(),
  },
  (t) => [
    index('job_postings_listing_idx')
      .on(t.posted_at.desc(), t.posting_id.desc())
      .where(sql`status = 'open' and is_deleted = false`),
    index('job_postings_tenant_idx').on(t.tenant_id, t.posted_at),
    index('job_postings_search_idx').using('gin', t.search_vector).with({ fastupdate: false }),
    index('job_postings_closes_idx').on(t.closes_at).where(sql`status = 'open'`),
    check('job_postings_place', sql`${t.remote} or ${t.city} is not null`),
  ],
);

/**
 * One person's application to a posting, in the posting's tenant; one per person and posting. The
 * applicant reads only their own row's stage (never notes, scorecards or other applicants).
 */
export const jobApplications = pgTable(
  'job_applications',
  {
    application_id: serial('application_id').primaryKey(),
    posting_id: integer('posting_id')
      .notNull()
      .references(() => jobPostings.posting_id),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenant_id),
    applicant_id: integer('applicant_id')
      .notNull()
      .references(() => users.user_id),
    cv_file_id: uuid('cv_file_id').references(() => files.file_id),
    answers: jsonb('answers').notNull().default(sql`'{}'::jsonb`),
    stage: text('stage', {
      enum: ['applied', 'screening', 'interview', 'offer', 'hired', 'declined'],
    })
      .notNull()
      .default('applied'),
    decline_message: text('decline_message'),
    stage_changed_at: at('stage_changed_at').notNull().defaultNow(),
    created_at: at('created_at').notNull().defaultNow(),
    modified_at: at('modified_at').notNull().defaultNow(),
    modified_by: integer('modified_by'),
  },
  (t) => [
    uniqueIndex('job_applications_person_key').on(t.posting_id, t.applicant_id),
    index('job_applications_applicant_idx').on(t.applicant_id, t.created_at),
  ],
);

/** The employer's private notes on an application. */
export const jobApplicationNotes = pgTable(
  'job_application_notes',
  {
    note_id: serial('note_id').primaryKey(),
    application_id: integer('application_id')
      .notNull()
      .references(() => jobApplications.application_id),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenant_id),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.user_id),
    body: text('body').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('job_application_notes_app_idx').on(t.application_id, t.created_at)],
);

/**
 * One reviewer's scorecard on an application: a rating (1 to 5) per attribute of the posting. Until
 * `submitted_at` is set the reviewer sees no one else's, as judges of competitions do.
 */
export const jobScorecards = pgTable(
  'job_scorecards',
  {
    scorecard_id: serial('scorecard_id').primaryKey(),
    application_id: integer('application_id')
      .notNull()
      .references(() => jobApplications.application_id),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenant_id),
    reviewer_id: integer('reviewer_id')
      .notNull()
      .references(() => users.user_id),
    ratings: jsonb('ratings').notNull().default(sql`'{}'::jsonb`),
    comment: text('comment').notNull().default(''),
    submitted_at: at('submitted_at'),
    modified_at: at('modified_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_scorecards_reviewer_key').on(t.application_id, t.reviewer_id)],
);
