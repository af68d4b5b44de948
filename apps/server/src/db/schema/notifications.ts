import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One person's inbox (issue 16 point 2; docs/notifications.md). A row is made by a domain event's
 * handler or a fan-out job; `(user_id, source_event_id, source_handler)` is unique so a redelivered
 * event never notifies twice. `tenant_id` is where it happened (null: the platform); row-level
 * security (migration 0021) lets a tenant context read its own rows and the platform's.
 */
export const notifications = pgTable(
  'notifications',
  {
    notification_id: serial('notification_id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    category: text('category').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    source_event_id: text('source_event_id').notNull(),
    source_handler: text('source_handler').notNull(),
    /** false: the person turned the in-app channel off; the row exists only for their email. */
    in_app: boolean('in_app').notNull().default(true),
    state: text('state', { enum: ['unseen', 'seen', 'read', 'archived'] })
      .notNull()
      .default('unseen'),
    seen_at: at('seen_at'),
    read_at: at('read_at'),
    archived_at: at('archived_at'),
    /** When its email was queued (at once or in a digest); null while it waits for a digest. */
    emailed_at: at('emailed_at'),
    /** Whether it is meant for email at all (the category's email channel when it arrived). */
    wants_email: boolean('wants_email').notNull().default(false),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_source_key').on(t.user_id, t.source_event_id, t.source_handler),
    index('notifications_inbox_idx').on(t.user_id, t.created_at.desc(), t.notification_id.desc()),
    index('notifications_unseen_idx').on(t.user_id).where(sql`${t.state} = 'unseen' and ${t.in_app}`),
    index('notifications_digest_idx')
      .on(t.user_id, t.created_at)
      .where(sql`${t.wants_email} and ${t.emailed_at} is null`),
  ],
);

/**
 * A person's choices: per category and channel (`{ learning: { in_app, email } }`, missing keys take
 * the defaults of the contracts), email cadence and quiet hours. Personal, so not tenant-scoped.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.user_id),
  channels: jsonb('channels').notNull().default({}),
  email_cadence: text('email_cadence', { enum: ['immediately', 'daily', 'weekly'] })
    .notNull()
    .default('immediately'),
  quiet_start: text('quiet_start'),
  quiet_end: text('quiet_end'),
  time_zone: text('time_zone'),
  updated_at: at('updated_at').notNull().defaultNow(),
});

/** The last digest mailed to a person: the next one gathers what arrived after `last_sent_at`. */
export const notificationDigests = pgTable('notification_digests', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.user_id),
  last_sent_at: at('last_sent_at').notNull(),
  notifications_sent: integer('notifications_sent').notNull().default(0),
});

/**
 * A counter per person bumped by every write to their inbox (a new notification, a change of state),
 * so a process may keep an inbox's total and reuse it while the counter stands still.
 */
export const notificationInboxVersions = pgTable('notification_inbox_versions', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.user_id),
  version: integer('version').notNull().default(1),
});
