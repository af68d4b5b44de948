import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
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
import { assessments } from './assessment';
import { files } from './files';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Readiness journeys (issue 19 point 4; docs/readiness.md). The questions live in the assessment
 * engine: one platform survey per journey, named here. Results, reviews and evidence are personal:
 * every query names its owner or reviewer, so they carry no row-level security of their own.
 */
export const readinessInstruments = pgTable('readiness_instruments', {
  journey: text('journey').primaryKey(),
  assessment_id: integer('assessment_id')
    .notNull()
    .references(() => assessments.assessment_id),
  /** `{ dimension: question_id }`: which of the survey's questions asks about which dimension. */
  questions: jsonb('questions').notNull(),
});

/** One submitted self-assessment: the answers and the levels they score to. History is every row. */
export const readinessResults = pgTable(
  'readiness_results',
  {
    result_id: serial('result_id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    journey: text('journey').notNull(),
    assessment_id: integer('assessment_id')
      .notNull()
      .references(() => assessments.assessment_id),
    answers: jsonb('answers').notNull(),
    /** `{ dimension: level }` as scored at submission. */
    levels: jsonb('levels').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('readiness_results_user_idx').on(t.user_id, t.journey, t.created_at)],
);

export const readinessReviews = pgTable(
  'readiness_reviews',
  {
    review_id: serial('review_id').primaryKey(),
    result_id: integer('result_id')
      .notNull()
      .references(() => readinessResults.result_id),
    dimension: text('dimension').notNull(),
    reviewer_id: integer('reviewer_id')
      .notNull()
      .references(() => users.user_id),
    status: text('status', { enum: ['requested', 'confirmed', 'adjusted'] })
      .notNull()
      .default('requested'),
    reviewed_level: integer('reviewed_level'),
    comment: text('comment'),
    created_at: at('created_at').notNull().defaultNow(),
    reviewed_at: at('reviewed_at'),
  },
  (t) => [
    index('readiness_reviews_reviewer_idx').on(t.reviewer_id, t.status, t.created_at),
    // One open request per level: a second would ask two people the same question at once.
    uniqueIndex('readiness_reviews_open_idx')
      .on(t.result_id, t.dimension)
      .where(sql`${t.status} = 'requested'`),
    check('readiness_reviews_level', sql`${t.reviewed_level} is null or ${t.reviewed_level} between 1 and 9`),
  ],
);

export const readinessEvidence = pgTable(
  'readiness_evidence',
  {
    evidence_id: serial('evidence_id').primaryKey(),
    result_id: integer('result_id')
      .notNull()
      .references(() => readinessResults.result_id),
    dimension: text('dimension').notNull(),
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.file_id),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('readiness_evidence_result_idx').on(t.result_id),
    uniqueIndex('readiness_evidence_file_idx').on(t.result_id, t.dimension, t.file_id),
  ],
);

/** Spec section 3 "stat module": a person's module of statistics, in one of five phases. */
export const statModules = pgTable(
  'stat_modules',
  {
    module_id: serial('module_id').primaryKey(),
    module_name: text('module_name').notNull(),
    phase_id: integer('phase_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
  },
  (t) => [
    uniqueIndex('stat_modules_user_name_idx').on(t.user_id, t.module_name),
    check('stat_modules_phase', sql`${t.phase_id} between 1 and 5`),
  ],
);

/** Spec section 3 "stat". */
export const stats = pgTable(
  'stats',
  {
    stat_id: serial('stat_id').primaryKey(),
    stat_name: text('stat_name').notNull(),
    module_id: integer('module_id')
      .notNull()
      .references(() => statModules.module_id),
    parent_stat_id: integer('parent_stat_id'),
    category: text('category', { enum: ['Overall Achievements', 'Need Expert Support'] }).notNull(),
  },
  (t) => [
    uniqueIndex('stats_module_name_idx').on(t.module_id, t.stat_name),
    check('stats_category', sql`${t.category} in ('Overall Achievements', 'Need Expert Support')`),
  ],
);

/** Spec section 3 "stat score": one value per stat and time period. */
export const statScores = pgTable(
  'stat_scores',
  {
    table_id: serial('table_id').primaryKey(),
    stat_id: integer('stat_id')
      .notNull()
      .references(() => stats.stat_id),
    time_period: text('time_period').notNull(),
    score_value: doublePrecision('score_value').notNull(),
    score_unit: text('score_unit').notNull(),
  },
  (t) => [uniqueIndex('stat_scores_period_idx').on(t.stat_id, t.time_period)],
);
