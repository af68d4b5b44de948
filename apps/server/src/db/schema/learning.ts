import { UNIT_TYPES } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
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
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Spec section 3 "Program hierarchy": program, courses, modules, units. Every level carries the
 * program's tenant (null: the whole platform) so row-level security scopes each table on its own.
 */
export const programs = pgTable(
  'programs',
  {
    program_id: serial('program_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    program_name: text('program_name').notNull(),
    description: text('description').notNull().default(''),
    program_category: text('program_category').notNull().default('general'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    start_date: at('start_date'),
    end_date: at('end_date'),
    image_url: text('image_url'),
    /**
     * Bumped by triggers (migration 0010) on every write to the program or to its courses, modules
     * and units: the complete load's cache and ETag are valid while it stays the same.
     */
    content_version: bigint('content_version', { mode: 'number' }).notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    index('programs_catalogue_idx').on(t.status, t.program_category, t.created_at),
    index('programs_tenant_idx').on(t.tenant_id),
  ],
);

/**
 * The search index of programs (searchPrograms), kept by a trigger on `programs` (migration
 * 0008_learning). It lives outside row-level security on purpose: PostgreSQL never lets a
 * non-leakproof operator such as `@@` use an index on a table under RLS, so a search on `programs`
 * itself scans every row. The search filters this table by the caller's scope (tenant or platform,
 * published unless an author asks) and reads the page's programs from `programs`, under RLS.
 */
export const programSearch = pgTable(
  'program_search',
  {
    program_id: integer('program_id')
      .primaryKey()
      .references(() => programs.program_id),
    tenant_id: integer('tenant_id'),
    status: text('status').notNull(),
    is_deleted: boolean('is_deleted').notNull(),
    program_category: text('program_category').notNull(),
    start_date: at('start_date'),
    created_at: at('created_at').notNull(),
    /** Name (weight A), category (B) and description (C). */
    search_vector: tsvector('search_vector').notNull(),
    /**
     * The name in lower case, for typo-tolerant search (pg_trgm word similarity). Its trigram index,
     * `program_search_name_trgm_idx` (migration 0015), is written in SQL: its operator class lives in
     * the extension's schema.
     */
    program_name: text('program_name').notNull().default(''),
  },
  (t) => [
    index('program_search_vector_idx').using('gin', t.search_vector),
    index('program_search_scope_idx').on(t.tenant_id, t.status, t.created_at),
  ],
);

/**
 * The version of each scope's catalogue (key: the tenant id, 0 for the whole platform), bumped by
 * triggers (migration 0011) whenever a program of that scope is created, deleted, or changes a column
 * searchPrograms shows. A cached search answer is valid while the versions of the caller's scopes
 * read with it are the same. Outside row-level security: it holds counters only.
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  scope_key: integer('scope_key').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

export const courses = pgTable(
  'courses',
  {
    course_id: serial('course_id').primaryKey(),
    program_id: integer('program_id')
      .notNull()
      .references(() => programs.program_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    course_name: text('course_name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('courses_program_idx').on(t.program_id, t.position)],
);

export const modules = pgTable(
  'modules',
  {
    module_id: serial('module_id').primaryKey(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.course_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    module_name: text('module_name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('modules_course_idx').on(t.course_id, t.position)],
);

export const units = pgTable(
  'units',
  {
    unit_id: serial('unit_id').primaryKey(),
    module_id: integer('module_id')
      .notNull()
      .references(() => modules.module_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    unit_name: text('unit_name').notNull(),
    unit_type: text('unit_type', { enum: UNIT_TYPES }).notNull().default('text'),
    /** Per kind: sanitised html (text), url (video, document), assessment_id, schedule and batch (live). */
    content: jsonb('content').notNull().default({}),
    is_required: boolean('is_required').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('units_module_idx').on(t.module_id, t.position)],
);

/** Enrolment (spec: programs-enrolled, enrollment_ids); the selected unit is where the learner resumes. */
export const programEnrollments = pgTable(
  'program_enrollments',
  {
    enrollment_id: serial('enrollment_id').primaryKey(),
    program_id: integer('program_id')
      .notNull()
      .references(() => programs.program_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    status: text('status', { enum: ['active', 'completed', 'withdrawn'] })
      .notNull()
      .default('active'),
    selected_unit_id: integer('selected_unit_id'),
    completed_at: at('completed_at'),
    ...auditColumns(),
  },
  (t) => [
    // One live enrolment per learner and program; the ones left stay as history (docs/learning.md).
    uniqueIndex('program_enrollments_user_program_key')
      .on(t.program_id, t.user_id)
      .where(sql`${t.is_deleted} = false`),
    index('program_enrollments_user_idx').on(t.user_id),
  ],
);

/** A learner's completed units. */
export const unitProgress = pgTable(
  'unit_progress',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    unit_id: integer('unit_id')
      .notNull()
      .references(() => units.unit_id),
    program_id: integer('program_id')
      .notNull()
      .references(() => programs.program_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    completed_at: at('completed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.unit_id] }),
    index('unit_progress_program_idx').on(t.user_id, t.program_id),
  ],
);
