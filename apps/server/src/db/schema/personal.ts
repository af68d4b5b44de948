import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { users } from './identity';
import { tenants } from './tenancy';

/**
 * Private notes (issue 22 point 5; docs/personal.md): only the author ever reads them. `tenant_id` is
 * the context they were written in (null: the main platform), so row-level security keeps each
 * tenant's rows to itself like every other table.
 */
export const notes = pgTable(
  'notes',
  {
    note_id: serial('note_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    title: text('title').notNull(),
    /** Tiptap HTML, sanitised when saved. */
    body: text('body').notNull().default(''),
    /** The body's words without markup: what a search by word looks in. */
    body_text: text('body_text').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    ...auditColumns(),
  },
  (t) => [index('notes_owner_idx').on(t.tenant_id, t.user_id, t.modified_at).where(sql`is_deleted = false`)],
);

/** The diary (the spec's `/dairy`): dated entries, one or more per day, private to the author. */
export const diaryEntries = pgTable(
  'diary_entries',
  {
    entry_id: serial('entry_id').primaryKey(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    entry_date: date('entry_date', { mode: 'string' }).notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull(),
    ...auditColumns(),
  },
  (t) => [
    index('diary_entries_owner_idx').on(t.tenant_id, t.user_id, t.entry_date).where(sql`is_deleted = false`),
  ],
);
