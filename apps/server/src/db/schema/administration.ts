import { sql } from 'drizzle-orm';
import { boolean, type IndexBuilder, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { users } from './identity';
import { tenants } from './tenancy';

/** An index over live rows only (`is_deleted = false`, the predicate every scoped query carries). */
function live(builder: IndexBuilder, t: { is_deleted: unknown }): IndexBuilder {
  return builder.where(sql`${t.is_deleted} = false`);
}

/** Navigation menus: platform menus have no tenant; a tenant may add its own (privileges are per menu). */
export const customMenus = pgTable(
  'custom_menus',
  {
    menu_id: serial('menu_id').primaryKey(),
    menu_name: text('menu_name').notNull(),
    menu_parent_id: integer('menu_parent_id'),
    sort_order: integer('sort_order').notNull().default(0),
    path: text('path'),
    icon: text('icon'),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    ...auditColumns(),
  },
  // Partial indexes lead with the tenant scope and skip soft-deleted rows, so a scoped, filtered and
  // sorted page (and its capped count) is an index range scan (DESIGN section 4, issue 2 part 7).
  (t) => [
    live(index('custom_menus_scope_id_idx').on(t.tenant_id, t.menu_id), t),
    live(
      index('custom_menus_scope_parent_sort_idx').on(t.tenant_id, t.menu_parent_id, t.sort_order, t.menu_id),
      t,
    ),
    live(index('custom_menus_scope_sort_idx').on(t.tenant_id, t.sort_order, t.menu_id), t),
    live(index('custom_menus_scope_name_idx').on(t.tenant_id, t.menu_name), t),
    live(index('custom_menus_scope_created_idx').on(t.tenant_id, t.created_at), t),
    live(index('custom_menus_scope_modified_idx').on(t.tenant_id, t.modified_at), t),
  ],
);

export const userSettings = pgTable(
  'user_settings',
  {
    user_setting_id: serial('user_setting_id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    theme: text('theme', { enum: ['light', 'dark', 'auto'] })
      .notNull()
      .default('auto'),
    language: text('language').notNull().default('en'),
    email_notifications: boolean('email_notifications').notNull().default(true),
    push_notifications: boolean('push_notifications').notNull().default(true),
    profile_visibility: text('profile_visibility', { enum: ['public', 'connections', 'private'] })
      .notNull()
      .default('public'),
    /** Privacy: what a member's public profile shows besides name, photo and headline. */
    show_email: boolean('show_email').notNull().default(false),
    show_phone: boolean('show_phone').notNull().default(false),
    ...auditColumns(),
  },
  (t) => [
    live(index('user_settings_scope_id_idx').on(t.tenant_id, t.user_setting_id), t),
    live(index('user_settings_scope_user_idx').on(t.tenant_id, t.user_id, t.user_setting_id), t),
    live(index('user_settings_scope_theme_idx').on(t.tenant_id, t.theme, t.user_setting_id), t),
    live(index('user_settings_scope_language_idx').on(t.tenant_id, t.language, t.user_setting_id), t),
    live(index('user_settings_scope_created_idx').on(t.tenant_id, t.created_at), t),
    live(index('user_settings_scope_modified_idx').on(t.tenant_id, t.modified_at), t),
  ],
);
