import { boolean, integer, timestamp } from 'drizzle-orm/pg-core';

/** Audit and soft-delete columns every managed table carries (DESIGN section 4). */
export function auditColumns() {
  return {
    created_by: integer('created_by'),
    modified_by: integer('modified_by'),
    deleted_by: integer('deleted_by'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    modified_at: timestamp('modified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    is_deleted: boolean('is_deleted').notNull().default(false),
  };
}
