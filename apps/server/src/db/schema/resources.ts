import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { files } from './files';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Resources (issue 21; docs/resources.md). A collection holds items; a documents portal is a
 * collection with its own page, managers, uploaders and optionally an approval step. Row-level
 * security (migration 0032) keeps each tenant's rows to itself; the platform's rows (tenant_id null)
 * are read by all, and lists name what the caller may see themselves.
 */
export const resourceCollections = pgTable(
  'resource_collections',
  {
    collection_id: serial('collection_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    is_portal: boolean('is_portal').notNull().default(false),
    requires_approval: boolean('requires_approval').notNull().default(false),
    /** Who may add items besides managers: 'managers' only or every 'members' of the scope. */
    upload_rights: text('upload_rights', { enum: ['managers', 'members'] })
      .notNull()
      .default('members'),
    visibility: text('visibility', { enum: ['public', 'platform', 'tenant'] })
      .notNull()
      .default('tenant'),
    managers: jsonb('managers').$type<number[]>().notNull().default([]),
    ...auditColumns(),
  },
  (t) => [index('resource_collections_tenant_idx').on(t.tenant_id)],
);

/**
 * One item of the library. `body` is sanitised rich text and `body_text` its plain words;
 * `extracted_text` is what the `resources.extract-text` job read out of the item's PDFs. The weighted
 * `search_vector` (title A, summary B, body and extracted text D) is kept by the database.
 */
export const resourceItems = pgTable(
  'resource_items',
  {
    item_id: serial('item_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    collection_id: integer('collection_id').references(() => resourceCollections.collection_id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    authors: jsonb('authors').$type<string[]>().notNull().default([]),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    language: text('language').notNull().default('en'),
    licence: text('licence').notNull().default(''),
    cover_file_id: uuid('cover_file_id').references(() => files.file_id),
    body: text('body').notNull().default(''),
    body_text: text('body_text').notNull().default(''),
    extracted_text: text('extracted_text').notNull().default(''),
    visibility: text('visibility', { enum: ['public', 'platform', 'tenant', 'role'] })
      .notNull()
      .default('tenant'),
    role_id: integer('role_id'),
    status: text('status', { enum: ['draft', 'review', 'published'] })
      .notNull()
      .default('draft'),
    chapters: jsonb('chapters').$type<{ start: number; title: string }[]>().notNull().default([]),
    /** A case study's subjects: `[{ type: 'startup' | 'project', name, url }]`. */
    links: jsonb('links')
      .$type<{ type: 'startup' | 'project' | 'link'; id?: number; name: string; url: string }[]>()
      .notNull()
      .default([]),
    duration_seconds: integer('duration_seconds'),
    published_at: at('published_at'),
    search_vector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B') || setweight(to_tsvector('english', body_text), 'D') || setweight(to_tsvector('english', extracted_text), 'D')`,
    ),
    ...auditColumns(),
  },
  (t) => [
    index('resource_items_listing_idx')
      .on(t.tenant_id, t.published_at.desc())
      .where(sql`status = 'published' and is_deleted = false`),
    // The search's default order (newest filed first): without it every search page sorts all the
    // published items the caller may see (bench/resources.ts, 100,000 items).
    index('resource_items_filed_idx')
      .on(sql`(coalesce(${t.published_at}, ${t.created_at})) desc`, t.item_id.desc())
      .where(sql`status = 'published' and is_deleted = false`),
    index('resource_items_collection_idx').on(t.collection_id),
    index('resource_items_tags_idx').using('gin', t.tags),
    index('resource_items_search_idx').using('gin', t.search_vector).with({ fastupdate: false }),
  ],
);

/**
 * A file of an item in a slot (main, caption, poster, audio, attachment). A new upload into a slot
 * adds a version and keeps the old ones; only the highest version is current.
 */
export const resourceFiles = pgTable(
  'resource_files',
  {
    item_file_id: serial('item_file_id').primaryKey(),
    item_id: integer('item_id')
      .notNull()
      .references(() => resourceItems.item_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.file_id),
    slot: text('slot').notNull(),
    version: integer('version').notNull(),
    label: text('label').notNull().default(''),
    download_count: integer('download_count').notNull().default(0),
    /**
     * The HLS ladder's key prefix when the media job made one; its objects are recorded on the file
     * (`files.derived`), counted into the tenant's storage and removed with the file or the item.
     */
    hls_key: text('hls_key'),
    created_by: integer('created_by').references(() => users.user_id),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('resource_files_version_key').on(t.item_id, t.slot, t.version)],
);

export const resourcePlaylists = pgTable('resource_playlists', {
  playlist_id: serial('playlist_id').primaryKey(),
  tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
  owner_id: integer('owner_id')
    .notNull()
    .references(() => users.user_id),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  visibility: text('visibility', { enum: ['public', 'private'] })
    .notNull()
    .default('private'),
  item_ids: jsonb('item_ids').$type<number[]>().notNull().default([]),
  ...auditColumns(),
});

/** A person's saved items and playlists, and how far they read or watched an item. */
export const resourceLibrary = pgTable(
  'resource_library',
  {
    entry_id: serial('entry_id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    item_id: integer('item_id').references(() => resourceItems.item_id),
    playlist_id: integer('playlist_id').references(() => resourcePlaylists.playlist_id),
    saved: boolean('saved').notNull().default(false),
    position_seconds: integer('position_seconds').notNull().default(0),
    progress_percent: integer('progress_percent').notNull().default(0),
    modified_at: at('modified_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('resource_library_item_key').on(t.user_id, t.item_id).where(sql`item_id is not null`),
    uniqueIndex('resource_library_playlist_key')
      .on(t.user_id, t.playlist_id)
      .where(sql`playlist_id is not null`),
  ],
);
