import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { roles, users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Announcements (issue 16 point 3; docs/announcements.md). `tenant_id` null is a platform
 * announcement for everyone; `role_id` narrows the audience to holders of that role. Row-level
 * security keeps each tenant's rows to itself (migration 0022).
 */
export const announcements = pgTable(
  'announcements',
  {
    announcement_id: serial('announcement_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    role_id: integer('role_id').references(() => roles.role_id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['draft', 'scheduled', 'published'] })
      .notNull()
      .default('draft'),
    publish_at: at('publish_at'),
    pinned: boolean('pinned').notNull().default(false),
    expires_at: at('expires_at'),
    published_by: integer('published_by').references(() => users.user_id),
    published_at: at('published_at'),
    ...auditColumns(),
  },
  (t) => [
    index('announcements_feed_idx')
      .on(t.tenant_id, t.pinned, t.published_at)
      .where(sql`status = 'published' and is_deleted = false`),
  ],
);

/** Who has read which announcement: one row per reader, written when they open it. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    announcement_id: integer('announcement_id')
      .notNull()
      .references(() => announcements.announcement_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    read_at: at('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcement_id, t.user_id] })],
);
