import type { HubContent, HubGroup } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Hub pages (issue 22; docs/hubs.md). A platform hub (tenant_id null) lives at its spec route
 * (`path`); a tenant's own hub page has a slug and shows on the tenant home. Editors save `draft`;
 * publishing copies it to `published`, which is what visitors see. Both hold a definition the
 * contracts schema (`hubContent`) accepted. Row-level security as resources (migration 0032): a tenant
 * reads its own rows and the platform's, and changes only its own.
 */
export const hubPages = pgTable(
  'hub_pages',
  {
    hub_id: serial('hub_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    path: text('path').notNull(),
    group: text('group', { enum: ['hub', 'audience-hub', 'home', 'tenant'] })
      .$type<HubGroup>()
      .notNull(),
    /** Public hubs are read signed out too; every defined hub is private (the route table says so). */
    is_public: boolean('is_public').notNull().default(false),
    /** The draft's title, kept beside it so the editor's list needs no definition. */
    title: text('title').notNull(),
    draft: jsonb('draft').$type<HubContent>().notNull(),
    published: jsonb('published').$type<HubContent>(),
    published_at: at('published_at'),
    published_by: integer('published_by').references(() => users.user_id),
    created_by: integer('created_by'),
    updated_by: integer('updated_by').references(() => users.user_id),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
    deleted_at: at('deleted_at'),
    is_deleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [
    // One page per address: a platform route once, a slug once per tenant (paths compare lower-cased,
    // as the router matches them).
    uniqueIndex('hub_pages_path_key')
      .on(sql`coalesce(${t.tenant_id}, 0)`, sql`lower(${t.path})`)
      .where(sql`is_deleted = false`),
  ],
);
