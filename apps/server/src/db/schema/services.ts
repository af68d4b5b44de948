import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
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

/**
 * The apps a person pinned on /my-apps (issue 22 point 3; docs/apps.md), by the path of the menu
 * that opens them, in the person's order. The apps themselves are the role's granted menus; a pin
 * whose menu the role no longer grants is simply not shown. A person's own rows, no tenant's.
 */
export const appPins = pgTable(
  'app_pins',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    path: text('path').notNull(),
    position: integer('position').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.path] })],
);

/**
 * Volunteering opportunities an organisation (a tenant) publishes (issue 22 point 4;
 * docs/services.md). Row-level security: this area's migration.
 */
export const volunteerOpportunities = pgTable(
  'volunteer_opportunities',
  {
    opportunity_id: serial('opportunity_id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenant_id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    cause: text('cause').notNull(),
    location: text('location').notNull(),
    ...auditColumns(),
  },
  (t) => [index('volunteer_opportunities_tenant_idx').on(t.tenant_id)],
);

/** A shift of an opportunity: when, and how many volunteers it takes. */
export const volunteerShifts = pgTable(
  'volunteer_shifts',
  {
    shift_id: serial('shift_id').primaryKey(),
    opportunity_id: integer('opportunity_id')
      .notNull()
      .references(() => volunteerOpportunities.opportunity_id),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenant_id),
    starts_at: at('starts_at').notNull(),
    ends_at: at('ends_at').notNull(),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    index('volunteer_shifts_opportunity_idx').on(t.opportunity_id, t.starts_at),
    check('volunteer_shifts_capacity_check', sql`capacity > 0`),
    check('volunteer_shifts_times_check', sql`ends_at > starts_at`),
  ],
);

/**
 * One volunteer on one shift. The capacity is kept by the sign-up transaction, which locks the
 * shift row before counting (modules/services/volunteering.ts); `hours` is the organiser's record.
 */
export const volunteerSignups = pgTable(
  'volunteer_signups',
  {
    signup_id: serial('signup_id').primaryKey(),
    shift_id: integer('shift_id')
      .notNull()
      .references(() => volunteerShifts.shift_id),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenant_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    status: text('status', { enum: ['signed_up', 'cancelled', 'attended', 'absent'] })
      .notNull()
      .default('signed_up'),
    hours: numeric('hours', { precision: 5, scale: 2, mode: 'number' }),
    recorded_by: integer('recorded_by').references(() => users.user_id),
    created_at: at('created_at').notNull().defaultNow(),
    modified_at: at('modified_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('volunteer_signups_once_idx').on(t.shift_id, t.user_id),
    index('volunteer_signups_user_idx').on(t.user_id, t.status),
  ],
);

/**
 * CSR projects an organisation publishes (issue 22; docs/services.md), with a budget range in whole
 * units of `currency`. Row-level security: this area's migration.
 */
export const csrProjects = pgTable(
  'csr_projects',
  {
    project_id: serial('project_id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenant_id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    cause: text('cause').notNull(),
    budget_min: bigint('budget_min', { mode: 'number' }).notNull(),
    budget_max: bigint('budget_max', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    location: text('location').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    ...auditColumns(),
  },
  (t) => [
    index('csr_projects_tenant_idx').on(t.tenant_id),
    check('csr_projects_budget_check', sql`budget_min <= budget_max`),
  ],
);

/** One person's interest in one project (unique: once per person and project), with a message. */
export const csrInterests = pgTable(
  'csr_interests',
  {
    interest_id: serial('interest_id').primaryKey(),
    project_id: integer('project_id')
      .notNull()
      .references(() => csrProjects.project_id),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenant_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    message: text('message').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('csr_interests_once_idx').on(t.project_id, t.user_id)],
);

/**
 * Government schemes (issue 22; docs/services.md): platform-wide content of public bodies, no tenant's
 * (so no row-level security); `created_by` is the publishing body's user, who may edit it.
 */
export const governmentSchemes = pgTable(
  'government_schemes',
  {
    scheme_id: serial('scheme_id').primaryKey(),
    name: text('name').notNull(),
    agency: text('agency').notNull(),
    description: text('description').notNull(),
    eligibility: text('eligibility').notNull(),
    how_to_apply: text('how_to_apply').array().notNull(),
    link: text('link').notNull(),
    sectors: text('sectors').array().notNull(),
    deadline: date('deadline', { mode: 'string' }),
    ...auditColumns(),
  },
  (t) => [index('government_schemes_sectors_idx').using('gin', t.sectors)],
);
