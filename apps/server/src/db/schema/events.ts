import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The domain event outbox (DESIGN section 9; docs/events.md): a write records its events here in its
 * own transaction, so a rolled-back write leaves none, and the dispatcher delivers them after commit.
 * A system table: row-level security (migration 0018) lets any write insert its events and only the
 * all-tenants scope read or change them.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    payload: jsonb('payload').notNull(),
    tenant_id: integer('tenant_id'),
    occurred_at: at('occurred_at').notNull().defaultNow(),
    /** pending (not yet delivered), done, failed (a handler threw; retried at next_attempt_at), dead. */
    status: text('status', { enum: ['pending', 'done', 'failed', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: at('next_attempt_at').notNull().defaultNow(),
    last_error: text('last_error'),
    processed_at: at('processed_at'),
  },
  (t) => [
    index('domain_events_due_idx').on(t.next_attempt_at).where(sql`${t.status} in ('pending', 'failed')`),
    index('domain_events_status_idx').on(t.status, t.occurred_at),
  ],
);

/**
 * One row per handler that has done its part for an event, written in the handler's own transaction:
 * a second delivery finds it and changes nothing (idempotency by event id, per handler).
 */
export const domainEventDeliveries = pgTable(
  'domain_event_deliveries',
  {
    event_id: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    handler: text('handler').notNull(),
    delivered_at: at('delivered_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.handler] })],
);
