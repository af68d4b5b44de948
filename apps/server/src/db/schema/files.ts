import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Uploaded files (issue 15 point 4; docs/files.md). The bytes live in object storage under
 * `storage_key`, a generated key that never contains the client's name. `tenant_id` is the tenant
 * the bytes are counted against, or null for the main platform and personal files (profile photos);
 * row-level security keeps each tenant's files to itself (migration 0019).
 */
export const files = pgTable(
  'files',
  {
    file_id: uuid('file_id').primaryKey().defaultRandom(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.user_id),
    purpose: text('purpose').notNull(),
    name: text('name').notNull(),
    content_type: text('content_type').notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Bytes of the original, its variants and derived objects: what was added to the tenant's storage_gb. */
    stored_bytes: bigint('stored_bytes', { mode: 'number' }).notNull(),
    storage_key: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    /** Resized variants: `[{ width, key, bytes }]`. */
    variants: jsonb('variants').notNull().default([]),
    /** Objects other areas made from the file (an HLS ladder): `[{ key, bytes }]`, in stored_bytes. */
    derived: jsonb('derived').notNull().default([]),
    created_at: at('created_at').notNull().defaultNow(),
    deleted_at: at('deleted_at'),
    deleted_by: integer('deleted_by'),
  },
  (t) => [index('files_owner_idx').on(t.owner_id), index('files_tenant_idx').on(t.tenant_id)],
);
