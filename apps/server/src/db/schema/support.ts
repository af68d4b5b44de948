import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Support requests (issue 22 point 5; docs/support.md): a member asks the administrators of the
 * tenant it is in (platform administrators when `tenant_id` is null).
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    request_id: serial('request_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    requester_id: integer('requester_id')
      .notNull()
      .references(() => users.user_id),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    category: text('category', { enum: ['account', 'learning', 'technical', 'billing', 'other'] }).notNull(),
    status: text('status', { enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    last_activity_at: at('last_activity_at').notNull().defaultNow(),
    ...auditColumns(),
  },
  (t) => [
    index('support_requests_tenant_idx').on(t.tenant_id, t.status, t.last_activity_at),
    index('support_requests_requester_idx').on(t.requester_id, t.last_activity_at),
  ],
);

/** The thread of a request: replies of the requester and of the administrators. */
export const supportReplies = pgTable(
  'support_replies',
  {
    reply_id: serial('reply_id').primaryKey(),
    request_id: integer('request_id')
      .notNull()
      .references(() => supportRequests.request_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.user_id),
    body: text('body').notNull(),
    /** Written by an administrator answering the request (not the requester). */
    from_staff: boolean('from_staff').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [index('support_replies_request_idx').on(t.request_id, t.created_at)],
);

/** FAQs: the platform's (`tenant_id` null) for everyone, a tenant's for its members too. */
export const faqs = pgTable(
  'faqs',
  {
    faq_id: serial('faq_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    category: text('category').notNull().default('General'),
    question: text('question').notNull(),
    /** Tiptap HTML, sanitised when saved. */
    answer: text('answer').notNull(),
    answer_text: text('answer_text').notNull().default(''),
    position: integer('position').notNull().default(0),
    ...auditColumns(),
  },
  (t) => [index('faqs_tenant_idx').on(t.tenant_id, t.category, t.position).where(sql`is_deleted = false`)],
);

/** Versions of the platform's privacy policy; the current one is the newest already in effect. */
export const privacyPolicies = pgTable(
  'privacy_policies',
  {
    policy_id: serial('policy_id').primaryKey(),
    version: integer('version').notNull(),
    effective_date: date('effective_date', { mode: 'string' }).notNull(),
    summary: text('summary').notNull().default(''),
    /** Tiptap HTML, sanitised when saved. */
    body: text('body').notNull(),
    published_by: integer('published_by').references(() => users.user_id),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('privacy_policies_version_idx').on(t.version)],
);
