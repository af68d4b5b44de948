import { ASSESSMENT_KINDS, ASSESSMENT_SCORINGS, ATTENDANCE_STATUSES, QUESTION_TYPES } from '@nexus/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { users } from './identity';
import { units } from './learning';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Quizzes and surveys (issue 5, part 6); shared like the program catalogue (null tenant: the platform). */
export const assessments = pgTable(
  'assessments',
  {
    assessment_id: serial('assessment_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: ASSESSMENT_KINDS }).notNull().default('quiz'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    pass_mark: integer('pass_mark'),
    institute_name: text('institute_name'),
    // Retake policy (docs/assessments.md, "Retakes"); the defaults are the one-submission rule of before.
    max_attempts: integer('max_attempts').notNull().default(1),
    retake_wait_minutes: integer('retake_wait_minutes').notNull().default(0),
    scoring: text('scoring', { enum: ASSESSMENT_SCORINGS }).notNull().default('best'),
    show_correct_answers: boolean('show_correct_answers').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [index('assessments_catalogue_idx').on(t.tenant_id, t.status, t.created_at)],
);

export const assessmentQuestions = pgTable(
  'assessment_questions',
  {
    question_id: serial('question_id').primaryKey(),
    assessment_id: integer('assessment_id')
      .notNull()
      .references(() => assessments.assessment_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    question_type: text('question_type', { enum: QUESTION_TYPES }).notNull(),
    prompt: text('prompt').notNull(),
    /** [{id, label}] for choice questions. */
    options: jsonb('options').notNull().default([]),
    /** Option ids; never sent to learners. */
    correct_options: jsonb('correct_options').notNull().default([]),
    rating_max: integer('rating_max').notNull().default(5),
    points: integer('points').notNull().default(1),
    is_required: boolean('is_required').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('assessment_questions_assessment_idx').on(t.assessment_id, t.position)],
);

/** One response per learner and assessment: autosaved, submitted and scored, retaken within the policy. */
export const assessmentResponses = pgTable(
  'assessment_responses',
  {
    response_id: serial('response_id').primaryKey(),
    assessment_id: integer('assessment_id')
      .notNull()
      .references(() => assessments.assessment_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    response_for_type: text('response_for_type').notNull().default('self'),
    institute_name: text('institute_name'),
    answers: jsonb('answers').notNull().default({}),
    is_completed: boolean('is_completed').notNull().default(false),
    score: integer('score'),
    max_score: integer('max_score'),
    percent: integer('percent'),
    passed: boolean('passed'),
    submitted_at: at('submitted_at'),
    // An author may reopen a submission so the learner can try again (docs/assessments.md); kept for the record.
    reopened_at: at('reopened_at'),
    reopened_by: integer('reopened_by').references(() => users.user_id),
    /** The attempt in progress or last submitted; an author's reopen adds one to `extra_attempts`. */
    attempt: integer('attempt').notNull().default(1),
    extra_attempts: integer('extra_attempts').notNull().default(0),
    /** Every submitted attempt's score, oldest first (AttemptRecord); the row's score is the one that counts. */
    attempt_history: jsonb('attempt_history').notNull().default([]),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('assessment_responses_user_key').on(t.assessment_id, t.user_id),
    index('assessment_responses_user_idx').on(t.user_id),
  ],
);

/** The check-in code of a live session's batch, shown by its instructor. */
export const attendanceSessions = pgTable(
  'attendance_sessions',
  {
    unit_id: integer('unit_id')
      .notNull()
      .references(() => units.unit_id),
    batch_id: integer('batch_id').notNull(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    code: text('code').notNull(),
    created_by: integer('created_by'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.unit_id, t.batch_id] })],
);

/** Who attended a live session's batch: by code, or marked (and corrected) by an instructor. */
export const attendanceRecords = pgTable(
  'attendance_records',
  {
    unit_id: integer('unit_id')
      .notNull()
      .references(() => units.unit_id),
    batch_id: integer('batch_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    status: text('status', { enum: ATTENDANCE_STATUSES }).notNull(),
    method: text('method', { enum: ['code', 'instructor'] }).notNull(),
    marked_by: integer('marked_by'),
    marked_at: at('marked_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.unit_id, t.batch_id, t.user_id] }),
    index('attendance_records_user_idx').on(t.user_id, t.unit_id),
  ],
);
