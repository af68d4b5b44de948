import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { roles, users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 is stored, so a read of
 * this table cannot be replayed as a cookie.
 */
export const sessions = pgTable(
  'sessions',
  {
    session_id: text('session_id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    created_at: at('created_at').notNull().defaultNow(),
    last_seen_at: at('last_seen_at').notNull().defaultNow(),
    idle_expires_at: at('idle_expires_at').notNull(),
    absolute_expires_at: at('absolute_expires_at').notNull(),
    revoked_at: at('revoked_at'),
    user_agent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** One-time codes: six digits, stored hashed, ten minutes, five tries. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    otp_id: serial('otp_id').primaryKey(),
    /** The account's address (lower-cased); the mail may go to a parent's address instead. */
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['signup', 'verify', 'reset', 'email-change'] }).notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: at('expires_at').notNull(),
    consumed_at: at('consumed_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('otp_codes_email_idx').on(t.email, t.purpose, t.created_at)],
);

/**
 * Failed sign-ins per submitted identifier (lower-cased username or email, whether or not an account
 * has it, so a lock never tells that an account exists).
 */
export const signInFailures = pgTable('sign_in_failures', {
  identifier: text('identifier').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_started_at: at('window_started_at').notNull().defaultNow(),
  lock_count: integer('lock_count').notNull().default(0),
  locked_until: at('locked_until'),
});

/** Fixed-window counters for rate limits when no REDIS_URL is set (DESIGN section 8). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull().default(0),
  window_started_at: at('window_started_at').notNull().defaultNow(),
});

/** Keys the server generates once and every replica shares (the JWT secret, the signing key). */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: at('created_at').notNull().defaultNow(),
});

/** A saved registration form (spec section 2, Registration): a draft until submitted. */
export const registrations = pgTable(
  'registrations',
  {
    registration_id: serial('registration_id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    role_type: text('role_type').notNull(),
    status: text('status', { enum: ['draft', 'submitted'] })
      .notNull()
      .default('draft'),
    data: jsonb('data').notNull().default({}),
    submitted_at: at('submitted_at'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('registrations_user_role_key').on(t.user_id, t.role_type).where(sql`${t.is_deleted} = false`),
  ],
);

/** Extra profile sections a member fills in (entrepreneurial, volunteer, employability, ...). */
export const profileSections = pgTable(
  'profile_sections',
  {
    profile_section_id: serial('profile_section_id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    section: text('section').notNull(),
    data: jsonb('data').notNull().default({}),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('profile_sections_user_section_key').on(t.user_id, t.section)],
);

/** An invitation link `/{hash}`: only the SHA-256 of the secret part is stored. */
export const invitations = pgTable(
  'invitations',
  {
    invitation_id: serial('invitation_id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.role_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    email: text('email'),
    max_uses: integer('max_uses').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    expires_at: at('expires_at').notNull(),
    revoked_at: at('revoked_at'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.token_hash),
    index('invitations_tenant_idx').on(t.tenant_id),
  ],
);

export const invitationUses = pgTable(
  'invitation_uses',
  {
    invitation_use_id: serial('invitation_use_id').primaryKey(),
    invitation_id: integer('invitation_id')
      .notNull()
      .references(() => invitations.invitation_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    used_at: at('used_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invitation_uses_once_key').on(t.invitation_id, t.user_id)],
);
