import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customMenus } from './administration';
import { auditColumns } from './columns';
import { roles, users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Spec section 6: a system role's menu privileges (`user/privileges`), per tenant or platform-wide. */
export const privileges = pgTable(
  'privileges',
  {
    privilege_id: serial('privilege_id').primaryKey(),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.role_id),
    privilege_menu_id: integer('privilege_menu_id')
      .notNull()
      .references(() => customMenus.menu_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    ...auditColumns(),
  },
  (t) => [
    index('privileges_role_idx').on(t.role_id).where(sql`${t.is_deleted} = false`),
    index('privileges_tenant_idx').on(t.tenant_id, t.privilege_id).where(sql`${t.is_deleted} = false`),
  ],
);

/** Spec section 6: a custom role's menu privileges (`user/customRolePrivilege`). */
export const customRolePrivileges = pgTable(
  'custom_role_privileges',
  {
    privilege_id: serial('privilege_id').primaryKey(),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.role_id),
    privilege_menu_id: integer('privilege_menu_id')
      .notNull()
      .references(() => customMenus.menu_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    ...auditColumns(),
  },
  (t) => [
    index('custom_role_privileges_role_idx').on(t.role_id).where(sql`${t.is_deleted} = false`),
    index('custom_role_privileges_tenant_idx')
      .on(t.tenant_id, t.privilege_id)
      .where(sql`${t.is_deleted} = false`),
  ],
);

/**
 * Spec section 6: "custom roles come from the user's non-deleted group memberships that list role
 * ids" (`user/groupUsers`, bulk key `table_ids`). The group belongs to its parent user.
 */
export const groupUsers = pgTable(
  'group_users',
  {
    table_id: serial('table_id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    parent_user_id: integer('parent_user_id').references(() => users.user_id),
    role_ids: integer('role_ids').array().notNull().default(sql`'{}'::integer[]`),
    group_name: text('group_name'),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    ...auditColumns(),
  },
  (t) => [
    index('group_users_user_idx').on(t.user_id).where(sql`${t.is_deleted} = false`),
    index('group_users_tenant_idx').on(t.tenant_id, t.table_id).where(sql`${t.is_deleted} = false`),
  ],
);

/**
 * A tenant's subscription (spec section 3): plan limits and `current_usage` {users, storage_gb,
 * api_calls} for the current period; `usage_data` keeps the history the usage charts draw.
 */
export const tenantSubscriptions = pgTable(
  'tenant_subscriptions',
  {
    subscription_id: serial('subscription_id').primaryKey(),
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenant_id),
    plan: text('plan').notNull().default('free'),
    status: text('status', { enum: ['active', 'suspended', 'cancelled'] })
      .notNull()
      .default('active'),
    limits: jsonb('limits').notNull().default({ users: 25, storage_gb: 5, api_calls: 100_000 }),
    current_usage: jsonb('current_usage').notNull().default({ users: 0, storage_gb: 0, api_calls: 0 }),
    usage_data: jsonb('usage_data').notNull().default([]),
    period_start: at('period_start').notNull().defaultNow(),
    period_end: at('period_end').notNull().default(sql`now() + interval '1 month'`),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('tenant_subscriptions_tenant_key').on(t.tenant_id).where(sql`${t.is_deleted} = false`)],
);

/** API calls metered per tenant per period, written in batches off the hot path. */
export const tenantApiUsage = pgTable(
  'tenant_api_usage',
  {
    tenant_id: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenant_id),
    period_start: at('period_start').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [uniqueIndex('tenant_api_usage_key').on(t.tenant_id, t.period_start)],
);

/** Who changed what (admin center "recent changes"; `updateUsage` corrections). */
export const auditEvents = pgTable(
  'audit_events',
  {
    audit_id: serial('audit_id').primaryKey(),
    actor_user_id: integer('actor_user_id'),
    tenant_id: integer('tenant_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    details: jsonb('details'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_events_tenant_idx').on(t.tenant_id, t.created_at)],
);
