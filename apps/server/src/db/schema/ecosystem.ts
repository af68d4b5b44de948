import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The ecosystem (issue 19 points 1 to 3; docs/ecosystem.md). Startups, projects, centers and
 * investors belong to people (their owner), not to a tenant, as the network's rows do: no row-level
 * policy; who sees and changes what is decided per person in modules/ecosystem. A center may name
 * the organisation (tenant) it belongs to, whose administrators then manage it too.
 */
export const startups = pgTable(
  'startups',
  {
    startup_id: serial('startup_id').primaryKey(),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.user_id),
    name: text('name').notNull(),
    tagline: text('tagline').notNull().default(''),
    description: text('description').notNull().default(''),
    sector: text('sector').notNull(),
    stage: text('stage').notNull(),
    country: text('country').notNull(),
    website: text('website'),
    team: jsonb('team').$type<{ name: string; role: string }[]>().notNull().default([]),
    funding_asked: integer('funding_asked'),
    /** Private: only owners and the centers or investors the startup applied to read these two. */
    traction: text('traction').notNull().default(''),
    deck_file_id: uuid('deck_file_id'),
    ...auditColumns(),
  },
  (t) => [
    index('startups_owner_idx').on(t.owner_id),
    index('startups_filter_idx').on(t.sector, t.stage, t.startup_id.desc()).where(sql`is_deleted = false`),
    index('startups_sector_country_idx')
      .on(t.sector, t.country, t.startup_id.desc())
      .where(sql`is_deleted = false`),
    index('startups_country_idx').on(t.country, t.startup_id.desc()).where(sql`is_deleted = false`),
    // Not partial, so ANALYZE keeps statistics of lower(name) from it (a common word is then walked
    // newest first, not fetched whole through a trigram index); no pending list (migration 0046).
    index('startups_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) public.gin_trgm_ops`)
      .with({ fastupdate: false }),
    // A name word alone or with filters (migrations 0040, 0046; btree_gin): the index intersects the
    // word's trigrams with the filters, where a name index alone hands every startup named with it to
    // the heap. The name leads (GIN walks keys in column order); no pending list, which every search
    // would scan whole.
    index('startups_name_facets_idx')
      .using('gin', sql`lower(${t.name}) public.gin_trgm_ops`, t.sector, t.stage, t.country)
      .with({ fastupdate: false })
      .where(sql`is_deleted = false`),
  ],
);

/** Projects: an owner, a team of accepted collaborators, milestones and needs. */
export const projects = pgTable(
  'projects',
  {
    project_id: serial('project_id').primaryKey(),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.user_id),
    startup_id: integer('startup_id').references(() => startups.startup_id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    sector: text('sector').notNull(),
    status: text('status').notNull(),
    milestones: jsonb('milestones')
      .$type<{ title: string; due: string | null; done: boolean }[]>()
      .notNull()
      .default([]),
    needs: jsonb('needs').$type<string[]>().notNull().default([]),
    ...auditColumns(),
  },
  (t) => [
    index('projects_owner_idx').on(t.owner_id),
    index('projects_list_idx').on(t.sector, t.status, t.project_id.desc()).where(sql`is_deleted = false`),
  ],
);

/** A collaborator: invited by the owner, then accepted (declining deletes the row). */
export const projectMembers = pgTable(
  'project_members',
  {
    project_id: integer('project_id')
      .notNull()
      .references(() => projects.project_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    role: text('role').notNull().default('Collaborator'),
    status: text('status', { enum: ['invited', 'accepted'] }).notNull(),
    invited_by: integer('invited_by').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.project_id, t.user_id] }),
    index('project_members_user_idx').on(t.user_id),
  ],
);

/** Incubators, accelerators and startup hubs; `criteria` are what reviewers rate applications on. */
export const innovationCenters = pgTable(
  'innovation_centers',
  {
    center_id: serial('center_id').primaryKey(),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull().default(''),
    country: text('country').notNull(),
    sectors: jsonb('sectors').$type<string[]>().notNull().default([]),
    criteria: jsonb('criteria').$type<string[]>().notNull().default([]),
    ...auditColumns(),
  },
  (t) => [index('innovation_centers_owner_idx').on(t.owner_id)],
);

/** People besides the owner who review a center's applications. */
export const centerReviewers = pgTable(
  'center_reviewers',
  {
    center_id: integer('center_id')
      .notNull()
      .references(() => innovationCenters.center_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.center_id, t.user_id] }),
    index('center_reviewers_user_idx').on(t.user_id),
  ],
);

/** A programme intake: applications are taken from `opens_at` until `closes_at`. */
export const cohorts = pgTable(
  'cohorts',
  {
    cohort_id: serial('cohort_id').primaryKey(),
    center_id: integer('center_id')
      .notNull()
      .references(() => innovationCenters.center_id),
    name: text('name').notNull(),
    programme: text('programme').notNull().default(''),
    opens_at: at('opens_at').notNull(),
    closes_at: at('closes_at').notNull(),
    capacity: integer('capacity'),
    ...auditColumns(),
  },
  (t) => [
    index('cohorts_center_idx').on(t.center_id),
    check('cohorts_window', sql`${t.closes_at} > ${t.opens_at}`),
  ],
);

/** One application per startup per cohort; `status` follows docs/ecosystem.md's state machine. */
export const cohortApplications = pgTable(
  'cohort_applications',
  {
    application_id: serial('application_id').primaryKey(),
    cohort_id: integer('cohort_id')
      .notNull()
      .references(() => cohorts.cohort_id),
    startup_id: integer('startup_id')
      .notNull()
      .references(() => startups.startup_id),
    applicant_id: integer('applicant_id')
      .notNull()
      .references(() => users.user_id),
    pitch: text('pitch').notNull(),
    status: text('status', { enum: ['submitted', 'shortlisted', 'accepted', 'declined'] })
      .notNull()
      .default('submitted'),
    decided_at: at('decided_at'),
    created_at: at('created_at').notNull().defaultNow(),
    modified_at: at('modified_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cohort_applications_once_key').on(t.cohort_id, t.startup_id),
    index('cohort_applications_startup_idx').on(t.startup_id),
  ],
);

/** A reviewer's ratings (criterion to 1..5) and private notes; one per reviewer, revised in place. */
export const applicationReviews = pgTable(
  'application_reviews',
  {
    application_id: integer('application_id')
      .notNull()
      .references(() => cohortApplications.application_id),
    reviewer_id: integer('reviewer_id')
      .notNull()
      .references(() => users.user_id),
    ratings: jsonb('ratings').$type<Record<string, number>>().notNull(),
    notes: text('notes').notNull().default(''),
    modified_at: at('modified_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.application_id, t.reviewer_id] })],
);

/** Where an organisation (tenant) sits on the ecosystem map; set by its administrators. */
export const organisationLocations = pgTable('organisation_locations', {
  tenant_id: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.tenant_id),
  country: text('country').notNull(),
  sector: text('sector'),
  modified_at: at('modified_at').notNull().defaultNow(),
});

/* ---------- funding (issue 19 point 2) ---------- */

/** An investor's public profile and thesis, owned by one person. */
export const investors = pgTable(
  'investors',
  {
    investor_id: serial('investor_id').primaryKey(),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.user_id),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    thesis: text('thesis').notNull().default(''),
    country: text('country').notNull(),
    sectors: jsonb('sectors').$type<string[]>().notNull().default([]),
    stages: jsonb('stages').$type<string[]>().notNull().default([]),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('investors_owner_key').on(t.owner_id).where(sql`is_deleted = false`)],
);

/** A call for applications with its thesis: sector, stage, ticket size and closing date. */
export const fundingCalls = pgTable(
  'funding_calls',
  {
    call_id: serial('call_id').primaryKey(),
    investor_id: integer('investor_id')
      .notNull()
      .references(() => investors.investor_id),
    title: text('title').notNull(),
    thesis: text('thesis').notNull().default(''),
    sector: text('sector').notNull(),
    stage: text('stage').notNull(),
    ticket_min: integer('ticket_min').notNull(),
    ticket_max: integer('ticket_max').notNull(),
    currency: text('currency').notNull().default('USD'),
    closes_at: at('closes_at').notNull(),
    ...auditColumns(),
  },
  (t) => [
    index('funding_calls_open_idx').on(t.closes_at).where(sql`is_deleted = false`),
    check('funding_calls_ticket', sql`${t.ticket_max} >= ${t.ticket_min}`),
  ],
);

/**
 * A startup's application to a call, with a copy of the founder's fundraising profile as it stood
 * when applying. `stage`, `position`, `rating` and `notes` are the investor's deal-flow board alone.
 */
export const fundingApplications = pgTable(
  'funding_applications',
  {
    application_id: serial('application_id').primaryKey(),
    call_id: integer('call_id')
      .notNull()
      .references(() => fundingCalls.call_id),
    startup_id: integer('startup_id')
      .notNull()
      .references(() => startups.startup_id),
    applicant_id: integer('applicant_id')
      .notNull()
      .references(() => users.user_id),
    message: text('message').notNull().default(''),
    fundraising: jsonb('fundraising').$type<Record<string, unknown>>().notNull(),
    stage: text('stage').notNull().default('new'),
    position: integer('position').notNull().default(0),
    rating: smallint('rating'),
    notes: text('notes').notNull().default(''),
    created_at: at('created_at').notNull().defaultNow(),
    modified_at: at('modified_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('funding_applications_once_key').on(t.call_id, t.startup_id),
    index('funding_applications_startup_idx').on(t.startup_id),
  ],
);
