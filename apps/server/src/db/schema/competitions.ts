import { sql } from 'drizzle-orm';
import {
  boolean,
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
} from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { communities } from './community';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Competitions (issue 17 point 4; docs/competitions.md). `tenant_id` null is a platform competition.
 * Every child row carries the competition's tenant so a tenant's rows are found (and exported) by it.
 */
export const competitions = pgTable(
  'competitions',
  {
    competition_id: serial('competition_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    slug: text('slug'),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    brief: text('brief').notNull().default(''),
    rules: text('rules').notNull().default(''),
    prizes: text('prizes').notNull().default(''),
    visibility: text('visibility', { enum: ['public', 'platform', 'tenant'] })
      .notNull()
      .default('platform'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    participation: text('participation', { enum: ['individual', 'team', 'both'] })
      .notNull()
      .default('both'),
    max_team_size: integer('max_team_size').notNull().default(5),
    leaderboard_public: boolean('leaderboard_public').notNull().default(false),
    starts_at: at('starts_at'),
    ends_at: at('ends_at'),
    winners_announced_at: at('winners_announced_at'),
    /** The community the competition belongs to (its moderators link it), listed on its pages. */
    community_id: integer('community_id').references(() => communities.community_id),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('competitions_slug_key').on(t.slug).where(sql`slug is not null`),
    index('competitions_tenant_idx').on(t.tenant_id, t.status),
    index('competitions_community_idx').on(t.community_id).where(sql`community_id is not null`),
  ],
);

/** Rounds in order (`position` from 1); a submission is editable until its round's deadline. */
export const competitionRounds = pgTable(
  'competition_rounds',
  {
    round_id: serial('round_id').primaryKey(),
    competition_id: integer('competition_id')
      .notNull()
      .references(() => competitions.competition_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    submission_deadline: at('submission_deadline').notNull(),
    advanced_at: at('advanced_at'),
  },
  (t) => [uniqueIndex('competition_rounds_position_key').on(t.competition_id, t.position)],
);

/** The weighted criteria a round's submissions are scored on, 1..5 each. */
export const competitionCriteria = pgTable(
  'competition_criteria',
  {
    criterion_id: serial('criterion_id').primaryKey(),
    round_id: integer('round_id')
      .notNull()
      .references(() => competitionRounds.round_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    weight: integer('weight').notNull(),
  },
  (t) => [
    index('competition_criteria_round_idx').on(t.round_id),
    check('competition_criteria_weight', sql`weight between 1 and 100`),
  ],
);

export const competitionJudges = pgTable(
  'competition_judges',
  {
    competition_id: integer('competition_id')
      .notNull()
      .references(() => competitions.competition_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    assigned_by: integer('assigned_by'),
    assigned_at: at('assigned_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.competition_id, t.user_id] }),
    index('competition_judges_user_idx').on(t.user_id),
  ],
);

/** An entrant: one person, or a team led by its captain. `round_reached` grows as it advances. */
export const competitionEntries = pgTable(
  'competition_entries',
  {
    entry_id: serial('entry_id').primaryKey(),
    competition_id: integer('competition_id')
      .notNull()
      .references(() => competitions.competition_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    kind: text('kind', { enum: ['individual', 'team'] }).notNull(),
    name: text('name').notNull(),
    captain_id: integer('captain_id')
      .notNull()
      .references(() => users.user_id),
    round_reached: integer('round_reached').notNull().default(1),
    place: integer('place'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('competition_entries_competition_idx').on(t.competition_id)],
);

/**
 * Members and invitations of an entry. A person belongs to one entry per competition: the partial
 * unique index on accepted members says so even under concurrent accepts.
 */
export const competitionEntryMembers = pgTable(
  'competition_entry_members',
  {
    entry_id: integer('entry_id')
      .notNull()
      .references(() => competitionEntries.entry_id),
    competition_id: integer('competition_id')
      .notNull()
      .references(() => competitions.competition_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    status: text('status', { enum: ['invited', 'member'] }).notNull(),
    invited_by: integer('invited_by'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entry_id, t.user_id] }),
    uniqueIndex('competition_entry_members_one_entry')
      .on(t.competition_id, t.user_id)
      .where(sql`status = 'member'`),
    index('competition_entry_members_user_idx').on(t.user_id),
  ],
);

/** One submission per entry and round, editable until the round's deadline. */
export const competitionSubmissions = pgTable(
  'competition_submissions',
  {
    submission_id: serial('submission_id').primaryKey(),
    competition_id: integer('competition_id')
      .notNull()
      .references(() => competitions.competition_id),
    round_id: integer('round_id')
      .notNull()
      .references(() => competitionRounds.round_id),
    entry_id: integer('entry_id')
      .notNull()
      .references(() => competitionEntries.entry_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    file_ids: jsonb('file_ids').$type<string[]>().notNull().default([]),
    advanced: boolean('advanced').notNull().default(false),
    submitted_by: integer('submitted_by'),
    created_at: at('created_at').notNull().defaultNow(),
    modified_at: at('modified_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('competition_submissions_entry_round_key').on(t.round_id, t.entry_id)],
);

/** A judge's declared conflict of interest with one submission: they may not score it. */
export const competitionConflicts = pgTable(
  'competition_conflicts',
  {
    submission_id: integer('submission_id')
      .notNull()
      .references(() => competitionSubmissions.submission_id),
    judge_id: integer('judge_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    reason: text('reason').notNull().default(''),
    declared_at: at('declared_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.submission_id, t.judge_id] })],
);

/** One judge's score of one criterion of one submission, 1..5. */
export const competitionScores = pgTable(
  'competition_scores',
  {
    submission_id: integer('submission_id')
      .notNull()
      .references(() => competitionSubmissions.submission_id),
    judge_id: integer('judge_id')
      .notNull()
      .references(() => users.user_id),
    criterion_id: integer('criterion_id')
      .notNull()
      .references(() => competitionCriteria.criterion_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    score: smallint('score').notNull(),
    scored_at: at('scored_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.submission_id, t.judge_id, t.criterion_id] }),
    check('competition_scores_range', sql`score between 1 and 5`),
  ],
);
