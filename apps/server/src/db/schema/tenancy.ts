import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';

/** An organisation (institute, incubator, government body, ...). Sharding key of every tenant row. */
export const tenants = pgTable(
  'tenants',
  {
    tenant_id: serial('tenant_id').primaryKey(),
    tenant_type: text('tenant_type').notNull(),
    tenant_name: text('tenant_name').notNull(),
    /** Set while a platform administrator has suspended the organisation: its members cannot act in it. */
    suspended_at: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    suspended_by: integer('suspended_by'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('tenants_type_name_key').on(t.tenant_type, t.tenant_name),
    index('tenants_created_at_idx').on(t.created_at),
  ],
);
