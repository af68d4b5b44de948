import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Experts (issue 20 point 1; docs/experts.md). A profile belongs to a person; `tenant_id` is its
 * audience (null: everyone on Nexus, else that organisation's members), so rows are read through
 * explicit checks as the network's are, not through row-level policies. `next_free_at` caches the
 * first bookable slot so /find-expert sorts and filters by it without computing every calendar.
 */
export const expertProfiles = pgTable(
  'expert_profiles',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    headline: text('headline').notNull(),
    bio: text('bio').notNull().default(''),
    expertise: text('expertise').array().notNull().default(sql`'{}'::text[]`),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    time_zone: text('time_zone').notNull(),
    session_minutes: integer('session_minutes').notNull().default(60),
    buffer_minutes: integer('buffer_minutes').notNull().default(15),
    is_published: boolean('is_published').notNull().default(true),
    next_free_at: at('next_free_at'),
    created_at: at('created_at').notNull().defaultNow(),
    modified_at: at('modified_at').notNull().defaultNow(),
  },
  (t) => [
    index('expert_profiles_expertise_idx').using('gin', t.expertise),
    index('expert_profiles_languages_idx').using('gin', t.languages),
    index('expert_profiles_next_free_idx').on(t.next_free_at, t.user_id),
    check('expert_profiles_session_minutes', sql`${t.session_minutes} between 15 and 240`),
    check('expert_profiles_buffer_minutes', sql`${t.buffer_minutes} between 0 and 120`),
  ],
);

/** Weekly hours in the expert's time zone: weekday 0 is Sunday, minutes from local midnight. */
export const expertAvailability = pgTable(
  'expert_availability',
  {
    availability_id: serial('availability_id').primaryKey(),
    expert_id: integer('expert_id')
      .notNull()
      .references(() => expertProfiles.user_id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    start_minute: integer('start_minute').notNull(),
    end_minute: integer('end_minute').notNull(),
  },
  (t) => [
    index('expert_availability_expert_idx').on(t.expert_id, t.weekday),
    check('expert_availability_weekday', sql`${t.weekday} between 0 and 6`),
    check(
      'expert_availability_minutes',
      sql`${t.start_minute} >= 0 and ${t.end_minute} <= 1440 and ${t.start_minute} < ${t.end_minute}`,
    ),
  ],
);

/** A day off (no minutes: the whole day) or extra hours on one local date. */
export const expertExceptions = pgTable(
  'expert_exceptions',
  {
    exception_id: serial('exception_id').primaryKey(),
    expert_id: integer('expert_id')
      .notNull()
      .references(() => expertProfiles.user_id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['off', 'extra'] }).notNull(),
    start_minute: integer('start_minute'),
    end_minute: integer('end_minute'),
  },
  (t) => [
    index('expert_exceptions_expert_idx').on(t.expert_id, t.day),
    check(
      'expert_exceptions_minutes',
      sql`(${t.start_minute} is null and ${t.end_minute} is null and ${t.kind} = 'off')
        or (${t.start_minute} >= 0 and ${t.end_minute} <= 1440 and ${t.start_minute} < ${t.end_minute})`,
    ),
  ],
);

/** A mentoring offer: a number of sessions with the expert. */
export const expertPrograms = pgTable(
  'expert_programs',
  {
    expert_program_id: serial('expert_program_id').primaryKey(),
    expert_id: integer('expert_id')
      .notNull()
      .references(() => expertProfiles.user_id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    session_count: integer('session_count').notNull(),
    is_published: boolean('is_published').notNull().default(true),
    is_deleted: boolean('is_deleted').notNull().default(false),
    created_at: at('created_at').notNull().defaultNow(),
    modified_at: at('modified_at').notNull().defaultNow(),
  },
  (t) => [
    index('expert_programs_expert_idx').on(t.expert_id),
    check('expert_programs_session_count', sql`${t.session_count} between 1 and 52`),
  ],
);

/** A person taking part in an expert program: the room of its sessions, notes and files. */
export const expertEngagements = pgTable(
  'expert_engagements',
  {
    engagement_id: serial('engagement_id').primaryKey(),
    expert_program_id: integer('expert_program_id')
      .notNull()
      .references(() => expertPrograms.expert_program_id),
    mentee_id: integer('mentee_id')
      .notNull()
      .references(() => users.user_id),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('expert_engagements_pair_key').on(t.expert_program_id, t.mentee_id),
    index('expert_engagements_mentee_idx').on(t.mentee_id),
  ],
);

/**
 * A booked session. Bookings of one expert are serialised by a row lock on the expert's profile
 * (modules/experts/booking.ts), which also keeps the buffers; the partial unique index is a last
 * guard that two live bookings never start at the same instant whatever the code does.
 */
export const expertSessions = pgTable(
  'expert_sessions',
  {
    session_id: serial('session_id').primaryKey(),
    expert_id: integer('expert_id')
      .notNull()
      .references(() => expertProfiles.user_id),
    mentee_id: integer('mentee_id')
      .notNull()
      .references(() => users.user_id),
    engagement_id: integer('engagement_id').references(() => expertEngagements.engagement_id),
    starts_at: at('starts_at').notNull(),
    ends_at: at('ends_at').notNull(),
    topic: text('topic').notNull().default(''),
    status: text('status', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    created_at: at('created_at').notNull().defaultNow(),
    cancelled_at: at('cancelled_at'),
  },
  (t) => [
    uniqueIndex('expert_sessions_slot_key').on(t.expert_id, t.starts_at).where(sql`${t.status} = 'booked'`),
    index('expert_sessions_expert_idx').on(t.expert_id, t.starts_at),
    index('expert_sessions_mentee_idx').on(t.mentee_id, t.starts_at),
    index('expert_sessions_engagement_idx').on(t.engagement_id),
    check('expert_sessions_order', sql`${t.starts_at} < ${t.ends_at}`),
  ],
);

/** Shared notes of an engagement: both sides read and write them. */
export const expertNotes = pgTable(
  'expert_notes',
  {
    note_id: serial('note_id').primaryKey(),
    engagement_id: integer('engagement_id')
      .notNull()
      .references(() => expertEngagements.engagement_id),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.user_id),
    body: text('body').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('expert_notes_engagement_idx').on(t.engagement_id, t.created_at)],
);

/** Files shared in an engagement (uploaded through the files module). */
export const expertFiles = pgTable(
  'expert_files',
  {
    engagement_id: integer('engagement_id')
      .notNull()
      .references(() => expertEngagements.engagement_id),
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.file_id),
    added_by: integer('added_by')
      .notNull()
      .references(() => users.user_id),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.engagement_id, t.file_id] })],
);

/** One rating per session and side (1 to 5), with an optional comment. */
export const expertFeedback = pgTable(
  'expert_feedback',
  {
    session_id: integer('session_id')
      .notNull()
      .references(() => expertSessions.session_id),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.user_id),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.session_id, t.author_id] }),
    check('expert_feedback_rating', sql`${t.rating} between 1 and 5`),
  ],
);
