import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Skill swap (issue 22; docs/swap.md): a member's offer or request of a skill or resource, seen by the
 * members of the context it was posted in (a tenant, or the platform when `tenant_id` is null).
 */
export const swapPosts = pgTable(
  'swap_posts',
  {
    post_id: serial('post_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    kind: text('kind', { enum: ['offer', 'request'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    ...auditColumns(),
  },
  (t) => [
    index('swap_posts_context_idx').on(t.tenant_id, t.created_at).where(sql`is_deleted = false`),
    index('swap_posts_tags_idx').using('gin', t.tags),
  ],
);

/** One member's proposal on another's post (once per member and post); the owner accepts or declines. */
export const swapProposals = pgTable(
  'swap_proposals',
  {
    proposal_id: serial('proposal_id').primaryKey(),
    post_id: integer('post_id')
      .notNull()
      .references(() => swapPosts.post_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    message: text('message').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    created_at: at('created_at').notNull().defaultNow(),
    decided_at: at('decided_at'),
  },
  (t) => [uniqueIndex('swap_proposals_once_idx').on(t.post_id, t.user_id)],
);
