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
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { communities } from './community';
import { files } from './files';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Events of the platform (`tenant_id` null) or of a tenant (issue 17 point 1; docs/events-area.md).
 * `seats_taken` counts the registrations holding a seat (confirmed, pending approval, offered): it is
 * changed only by a conditional update in the registering transaction, so it never passes `capacity`.
 * Row-level security: migration 0024.
 */
export const eventsTable = pgTable(
  'events',
  {
    event_id: serial('event_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    mode: text('mode', { enum: ['online', 'in_person'] }).notNull(),
    online_url: text('online_url'),
    venue: text('venue'),
    starts_at: at('starts_at').notNull(),
    ends_at: at('ends_at').notNull(),
    time_zone: text('time_zone').notNull(),
    rrule: text('rrule'),
    /** The end of the last session (of the event itself without a recurrence): upcoming vs past. */
    last_ends_at: at('last_ends_at').notNull(),
    cover_file_id: uuid('cover_file_id').references(() => files.file_id),
    visibility: text('visibility', { enum: ['public', 'platform', 'tenant'] })
      .notNull()
      .default('public'),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    capacity: integer('capacity'),
    requires_approval: boolean('requires_approval').notNull().default(false),
    questions: jsonb('questions').notNull().default(sql`'[]'::jsonb`),
    offer_hours: integer('offer_hours').notNull().default(24),
    seats_taken: integer('seats_taken').notNull().default(0),
    /** The community the event belongs to (its moderators link it), listed on its pages. */
    community_id: integer('community_id').references(() => communities.community_id),
    ...auditColumns(),
  },
  (t) => [
    index('events_listing_idx')
      .on(t.last_ends_at, t.starts_at)
      .where(sql`status = 'published' and is_deleted = false`),
    // The lists' order (issue 17 bench): a page of upcoming events is a walk from now() that stops
    // after one page; past ones walk back from now() (docs/events-area.md, "Performance").
    index('events_start_order_idx').on(t.starts_at, t.event_id).where(sql`is_deleted = false`),
    index('events_tenant_idx').on(t.tenant_id, t.starts_at),
    index('events_community_idx').on(t.community_id, t.starts_at).where(sql`community_id is not null`),
  ],
);

/**
 * One person's registration to an event, in the event's tenant. `waiting` people are offered a freed
 * seat in `waiting_since` order; an `offered` seat is held until `offer_expires_at`. One live
 * registration per person and event (a cancelled or declined one may be followed by a new one).
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    registration_id: serial('registration_id').primaryKey(),
    event_id: integer('event_id')
      .notNull()
      .references(() => eventsTable.event_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    status: text('status', {
      enum: ['pending', 'confirmed', 'waiting', 'offered', 'declined', 'cancelled'],
    }).notNull(),
    answers: jsonb('answers').notNull().default(sql`'{}'::jsonb`),
    ticket_code: text('ticket_code'),
    waiting_since: at('waiting_since'),
    offer_expires_at: at('offer_expires_at'),
    confirmed_at: at('confirmed_at'),
    checked_in_at: at('checked_in_at'),
    checked_in_by: integer('checked_in_by').references(() => users.user_id),
    cancelled_at: at('cancelled_at'),
    created_at: at('created_at').notNull().defaultNow(),
    modified_at: at('modified_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_registrations_live_key')
      .on(t.event_id, t.user_id)
      .where(sql`status in ('pending', 'confirmed', 'waiting', 'offered')`),
    uniqueIndex('event_registrations_ticket_key').on(t.ticket_code),
    index('event_registrations_waiting_idx').on(t.event_id, t.waiting_since).where(sql`status = 'waiting'`),
    // A person's rows, and their latest at one event (the status every event list shows them).
    index('event_registrations_user_event_idx').on(t.user_id, t.event_id, t.registration_id),
  ],
);
