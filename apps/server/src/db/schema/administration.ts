import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { users } from './identity';
import { tenants } from './tenancy';

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
  (t) => [
    index('custom_menus_tenant_parent_idx').on(t.tenant_id, t.menu_parent_id),
    index('custom_menus_sort_order_idx').on(t.sort_order, t.menu_id),
    index('custom_menus_menu_name_idx').on(t.menu_name),
    index('custom_menus_created_at_idx').on(t.created_at),
    index('custom_menus_modified_at_idx').on(t.modified_at),
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
    ...auditColumns(),
  },
  (t) => [
    index('user_settings_tenant_user_idx').on(t.tenant_id, t.user_id),
    index('user_settings_tenant_theme_idx').on(t.tenant_id, t.theme, t.user_setting_id),
    index('user_settings_language_idx').on(t.language),
    index('user_settings_created_at_idx').on(t.created_at),
    index('user_settings_modified_at_idx').on(t.modified_at),
  ],
);
