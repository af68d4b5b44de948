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
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { tenants } from './tenancy';

export const users = pgTable(
  'users',
  {
    user_id: serial('user_id').primaryKey(),
    username: text('username').notNull(),
    /** Stored lower-cased so the unique index is case-insensitive in effect. */
    email: text('email').notNull(),
    first_name: text('first_name'),
    last_name: text('last_name'),
    password_hash: text('password_hash'),
    enabled: boolean('enabled').notNull().default(true),
    email_verified: boolean('email_verified').notNull().default(false),
    phone_number: text('phone_number'),
    profile_image: text('profile_image'),
    age: integer('age'),
    gender: text('gender'),
    roll_number: text('roll_number'),
    registration_redirect: text('registration_redirect'),
    active_role_id: integer('active_role_id'),
    is_platform_admin: boolean('is_platform_admin').notNull().default(false),
    /** Minors register with a parent's details; the code goes to the parent's address. */
    is_underage: boolean('is_underage').notNull().default(false),
    parent_name: text('parent_name'),
    parent_email: text('parent_email'),
    parent_phone_number: text('parent_phone_number'),
    tnc_accepted_at: timestamp('tnc_accepted_at', { withTimezone: true, mode: 'date' }),
    headline: text('headline'),
    bio: text('bio'),
    location: text('location'),
    /**
     * The user's live roles as the actor needs them, kept by triggers on user_roles and roles
     * (migration 0004), so the session lookup on every request reads one row instead of a join.
     */
    roles_snapshot: jsonb('roles_snapshot').notNull().default([]),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(t.username),
    index('users_created_at_idx').on(t.created_at),
  ],
);

/** System roles have fixed ids (19 is `temp`); custom roles hang off a parent user. */
export const roles = pgTable(
  'roles',
  {
    role_id: serial('role_id').primaryKey(),
    role_name: text('role_name').notNull(),
    display_name: text('display_name').notNull(),
    role_view: text('role_view', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    parent_user_id: integer('parent_user_id').references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    ...auditColumns(),
  },
  (t) => [
    index('roles_parent_user_idx').on(t.parent_user_id),
    index('roles_tenant_idx').on(t.tenant_id),
    uniqueIndex('roles_system_name_key')
      .on(t.role_name)
      .where(sql`${t.parent_user_id} is null and ${t.tenant_id} is null`),
  ],
);

/** A user holds a role on the main platform (tenant_id null) or inside one tenant. */
export const userRoles = pgTable(
  'user_roles',
  {
    user_role_id: serial('user_role_id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.role_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    ...auditColumns(),
  },
  (t) => [
    unique('user_roles_user_role_tenant_key').on(t.user_id, t.role_id, t.tenant_id).nullsNotDistinct(),
    index('user_roles_tenant_idx').on(t.tenant_id),
    index('user_roles_role_idx').on(t.role_id),
  ],
);
