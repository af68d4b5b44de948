import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { communities } from './community';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The network (issue 18 point 5; docs/network.md). Connections and follows belong to people, not to
 * a tenant (as conversations do): no tenant_id, no row-level policy; every read goes through the
 * caller's own id. One row per pair: `user_low` < `user_high` makes the pair unique whoever asked.
 * A pending row is a request from `requester_id`; declining, withdrawing or removing deletes it.
 */
export const connections = pgTable(
  'connections',
  {
    connection_id: serial('connection_id').primaryKey(),
    requester_id: integer('requester_id')
      .notNull()
      .references(() => users.user_id),
    addressee_id: integer('addressee_id')
      .notNull()
      .references(() => users.user_id),
    user_low: integer('user_low').notNull(),
    user_high: integer('user_high').notNull(),
    status: text('status', { enum: ['pending', 'accepted'] }).notNull(),
    message: text('message'),
    created_at: at('created_at').notNull().defaultNow(),
    accepted_at: at('accepted_at'),
  },
  (t) => [
    uniqueIndex('connections_pair_key').on(t.user_low, t.user_high),
    index('connections_requester_idx').on(t.requester_id, t.status),
    index('connections_addressee_idx').on(t.addressee_id, t.status),
    check('connections_pair_order', sql`${t.user_low} < ${t.user_high}`),
  ],
);

/** Following someone without connecting: their published posts reach the follower's feed. */
export const follows = pgTable(
  'follows',
  {
    follower_id: integer('follower_id')
      .notNull()
      .references(() => users.user_id),
    followed_id: integer('followed_id')
      .notNull()
      .references(() => users.user_id),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.follower_id, t.followed_id] }),
    index('follows_followed_idx').on(t.followed_id),
  ],
);

/**
 * Posts (issue 18 point 4). A person's own; `visibility` says who reads a published one: every
 * signed-in member (public), the author's connections, or the members of `tenant_id` (the author's
 * context when written). `body` is sanitised HTML, `body_text` its plain text for search; the
 * weighted `search_vector` (title A, body B) is kept by the database (migration 0027).
 */
export const posts = pgTable(
  'posts',
  {
    post_id: serial('post_id').primaryKey(),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    title: text('title'),
    body: text('body').notNull(),
    body_text: text('body_text').notNull(),
    visibility: text('visibility', { enum: ['public', 'connections', 'tenant', 'community'] }).notNull(),
    status: text('status', { enum: ['draft', 'scheduled', 'published'] })
      .notNull()
      .default('draft'),
    publish_at: at('publish_at'),
    published_at: at('published_at'),
    image_ids: jsonb('image_ids').$type<string[]>().notNull().default([]),
    comment_count: integer('comment_count').notNull().default(0),
    reaction_count: integer('reaction_count').notNull().default(0),
    search_vector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', body_text), 'B')`,
    ),
    ...auditColumns(),
  },
  (t) => [
    index('posts_author_feed_idx')
      .on(t.author_id, t.published_at.desc(), t.post_id.desc())
      .where(sql`status = 'published' and is_deleted = false`),
    index('posts_author_all_idx').on(t.author_id, t.modified_at),
    index('posts_public_idx')
      .on(t.published_at.desc(), t.post_id.desc())
      .where(sql`status = 'published' and is_deleted = false`),
    // No pending list: the embedded database has no autovacuum to merge one, and searches would scan it.
    index('posts_search_idx').using('gin', t.search_vector).with({ fastupdate: false }),
  ],
);

/** Comments on a post: plain text, soft-deleted by their author or the post's. */
export const postComments = pgTable(
  'post_comments',
  {
    comment_id: serial('comment_id').primaryKey(),
    post_id: integer('post_id')
      .notNull()
      .references(() => posts.post_id),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.user_id),
    body: text('body').notNull(),
    ...auditColumns(),
  },
  (t) => [index('post_comments_post_idx').on(t.post_id, t.comment_id)],
);

/** One reaction per person and post; reacting again changes it. */
export const postReactions = pgTable(
  'post_reactions',
  {
    post_id: integer('post_id')
      .notNull()
      .references(() => posts.post_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    reaction: text('reaction', { enum: ['like', 'celebrate', 'support', 'insightful'] }).notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.post_id, t.user_id] })],
);

/**
 * A post shared to a community (issue 18 point 4): the community's readers read it, and its members
 * find it in their home feed. `published_at` copies the post's (a trigger of migration 0043 keeps it),
 * so a community's shared posts are walked newest first off one index.
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    post_id: integer('post_id')
      .notNull()
      .references(() => posts.post_id),
    community_id: integer('community_id')
      .notNull()
      .references(() => communities.community_id),
    shared_by: integer('shared_by')
      .notNull()
      .references(() => users.user_id),
    published_at: at('published_at'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.post_id, t.community_id] }),
    index('community_posts_feed_idx')
      .on(t.community_id, t.published_at.desc(), t.post_id.desc())
      .where(sql`published_at is not null`),
  ],
);
