import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Communities, groups and forums (issue 18; docs/community.md). A community belongs to the platform
 * (`tenant_id` null) or to a tenant; its own discussion forum is created with it (`activity_forum_id`).
 * Privacy is the application's rule (modules/community/access.ts): a private community shows its
 * name alone to anyone who is not an active member.
 */
export const communities = pgTable(
  'communities',
  {
    community_id: serial('community_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility', { enum: ['public', 'private'] })
      .notNull()
      .default('public'),
    /** A file of the files module (its id), shown as the cover. */
    cover_file_id: text('cover_file_id'),
    owner_user_id: integer('owner_user_id')
      .notNull()
      .references(() => users.user_id),
    activity_forum_id: integer('activity_forum_id'),
    ...auditColumns(),
  },
  (t) => [
    index('communities_tenant_idx').on(t.tenant_id),
    index('communities_search_idx').using(
      'gin',
      sql`(setweight(to_tsvector('simple', ${t.name}), 'A') || setweight(to_tsvector('simple', ${t.description}), 'D'))`,
    ),
    index('communities_name_trgm_idx').using('gin', sql`${t.name} public.gin_trgm_ops`),
  ],
);

/** Groups inside a community, each with its own members and forum. */
export const communityGroups = pgTable(
  'community_groups',
  {
    group_id: serial('group_id').primaryKey(),
    community_id: integer('community_id')
      .notNull()
      .references(() => communities.community_id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    forum_id: integer('forum_id'),
    owner_user_id: integer('owner_user_id')
      .notNull()
      .references(() => users.user_id),
    ...auditColumns(),
  },
  (t) => [index('community_groups_community_idx').on(t.community_id)],
);

/** A forum: the discussion of a community (group_id null) or of one of its groups. */
export const forums = pgTable('forums', {
  forum_id: serial('forum_id').primaryKey(),
  community_id: integer('community_id')
    .notNull()
    .references(() => communities.community_id),
  group_id: integer('group_id').references(() => communityGroups.group_id),
  created_at: at('created_at').notNull().defaultNow(),
});

/** Membership: `pending` asked to join a private community; `banned` may read no more and post never. */
export const communityMembers = pgTable(
  'community_members',
  {
    community_id: integer('community_id')
      .notNull()
      .references(() => communities.community_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    role: text('role', { enum: ['owner', 'moderator', 'member'] })
      .notNull()
      .default('member'),
    status: text('status', { enum: ['active', 'pending', 'banned'] })
      .notNull()
      .default('active'),
    requested_at: at('requested_at').notNull().defaultNow(),
    joined_at: at('joined_at'),
  },
  (t) => [
    primaryKey({ columns: [t.community_id, t.user_id] }),
    index('community_members_user_idx').on(t.user_id),
  ],
);

export const groupMembers = pgTable(
  'community_group_members',
  {
    group_id: integer('group_id')
      .notNull()
      .references(() => communityGroups.group_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    role: text('role', { enum: ['owner', 'member'] })
      .notNull()
      .default('member'),
    joined_at: at('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.group_id, t.user_id] }),
    index('community_group_members_user_idx').on(t.user_id),
  ],
);

/** A topic of a forum; its opening text is its first post (`opening_post_id`). */
export const forumTopics = pgTable(
  'forum_topics',
  {
    topic_id: serial('topic_id').primaryKey(),
    forum_id: integer('forum_id')
      .notNull()
      .references(() => forums.forum_id),
    community_id: integer('community_id')
      .notNull()
      .references(() => communities.community_id),
    title: text('title').notNull(),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.user_id),
    opening_post_id: integer('opening_post_id'),
    pinned: boolean('pinned').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    accepted_post_id: integer('accepted_post_id'),
    reply_count: integer('reply_count').notNull().default(0),
    last_activity_at: at('last_activity_at').notNull().defaultNow(),
    ...auditColumns(),
  },
  (t) => [
    index('forum_topics_forum_idx').on(t.forum_id, t.pinned, t.last_activity_at),
    // A community's topics in their listed order: a search walks it (modules/community/topic-list.ts).
    index('forum_topics_community_idx')
      .on(t.community_id, t.pinned.desc(), t.last_activity_at.desc(), t.topic_id.desc())
      .where(sql`is_deleted = false`),
    index('forum_topics_title_search_idx').using('gin', sql`to_tsvector('simple', ${t.title})`),
  ],
);

/**
 * Every text of a forum: the opening post of a topic and its replies, threaded by `parent_post_id`.
 * `status`: `hidden` after three reports from three people until a moderator decides, `removed` by a
 * moderator. Bodies are sanitised rich text (Tiptap HTML).
 */
export const forumPosts = pgTable(
  'forum_posts',
  {
    post_id: serial('post_id').primaryKey(),
    topic_id: integer('topic_id')
      .notNull()
      .references(() => forumTopics.topic_id),
    community_id: integer('community_id')
      .notNull()
      .references(() => communities.community_id),
    author_id: integer('author_id')
      .notNull()
      .references(() => users.user_id),
    parent_post_id: integer('parent_post_id'),
    quote_post_id: integer('quote_post_id'),
    body: text('body').notNull(),
    status: text('status', { enum: ['visible', 'hidden', 'removed'] })
      .notNull()
      .default('visible'),
    created_at: at('created_at').notNull().defaultNow(),
    edited_at: at('edited_at'),
    /** The body's words (weight D; a topic's title is A), kept by the database (migration 0041). */
    search_vector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', body), 'D')`,
    ),
  },
  (t) => [
    index('forum_posts_topic_idx').on(t.topic_id, t.post_id),
    // Only what readers may find: a hidden or removed post's text is never searched.
    index('forum_posts_search_idx')
      .using('gin', t.search_vector)
      .with({ fastupdate: false })
      .where(sql`status = 'visible'`),
  ],
);

/** What a post said before each edit, for moderators. */
export const forumPostEdits = pgTable(
  'forum_post_edits',
  {
    edit_id: serial('edit_id').primaryKey(),
    post_id: integer('post_id')
      .notNull()
      .references(() => forumPosts.post_id),
    previous_body: text('previous_body').notNull(),
    previous_title: text('previous_title'),
    edited_by: integer('edited_by')
      .notNull()
      .references(() => users.user_id),
    edited_at: at('edited_at').notNull().defaultNow(),
  },
  (t) => [index('forum_post_edits_post_idx').on(t.post_id)],
);

export const forumReactions = pgTable(
  'forum_reactions',
  {
    post_id: integer('post_id')
      .notNull()
      .references(() => forumPosts.post_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    emoji: text('emoji').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.post_id, t.user_id, t.emoji] })],
);

/** One report per person and post; `open` until a moderator decides. */
export const forumReports = pgTable(
  'forum_reports',
  {
    report_id: serial('report_id').primaryKey(),
    post_id: integer('post_id')
      .notNull()
      .references(() => forumPosts.post_id),
    community_id: integer('community_id')
      .notNull()
      .references(() => communities.community_id),
    reporter_id: integer('reporter_id')
      .notNull()
      .references(() => users.user_id),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('forum_reports_once_key').on(t.post_id, t.reporter_id),
    index('forum_reports_community_idx').on(t.community_id, t.status),
  ],
);

export const topicFollows = pgTable(
  'forum_topic_follows',
  {
    topic_id: integer('topic_id')
      .notNull()
      .references(() => forumTopics.topic_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.topic_id, t.user_id] }),
    index('forum_topic_follows_user_idx').on(t.user_id),
  ],
);

/** Every moderation action of a community: who did what to which member, post or topic. */
export const communityAuditLog = pgTable(
  'community_audit_log',
  {
    audit_id: serial('audit_id').primaryKey(),
    community_id: integer('community_id')
      .notNull()
      .references(() => communities.community_id),
    actor_id: integer('actor_id')
      .notNull()
      .references(() => users.user_id),
    action: text('action').notNull(),
    target_kind: text('target_kind', { enum: ['member', 'post', 'topic', 'community', 'group'] }).notNull(),
    target_id: integer('target_id').notNull(),
    detail: text('detail').notNull().default(''),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('community_audit_log_community_idx').on(t.community_id, t.audit_id)],
);
