import {
  menu,
  menuBulkDelete,
  menuCreate,
  menuUpdate,
  menuUpdateItem,
  userSetting,
  userSettingBulkDelete,
  userSettingCreate,
  userSettingUpdate,
  userSettingUpdateItem,
} from '@nexus/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { customMenus, userSettings } from '../../db/schema';
import { registerResource } from '../../http/resource-factory';
import type { ResourceDefinition } from '../../http/resource-types';
import { assertGroupableUser, assertMenu, constrain } from '../access';
import { registerAudit } from './audit';
import { managesOthersSettings, menuPolicies, userSettingPolicies } from './policy';

const audit = (table: typeof customMenus | typeof userSettings) => ({
  created_by: table.created_by,
  modified_by: table.modified_by,
  created_at: table.created_at,
  modified_at: table.modified_at,
  is_deleted: table.is_deleted,
});

/** spec section 7: system/customMenus (bulk key menu_ids). Platform menus have no tenant. */
export const customMenusResource: ResourceDefinition = {
  entity: 'Menu',
  basePath: '/operations/system/customMenus',
  table: customMenus,
  idColumn: 'menu_id',
  bulkIdsKey: 'menu_ids',
  columns: {
    menu_id: customMenus.menu_id,
    menu_name: customMenus.menu_name,
    menu_parent_id: customMenus.menu_parent_id,
    sort_order: customMenus.sort_order,
    path: customMenus.path,
    icon: customMenus.icon,
    // Lets the menu editor tell the tenant's own menus from the platform's it may only read.
    tenant_id: customMenus.tenant_id,
    ...audit(customMenus),
  },
  searchable: ['menu_name', 'path'],
  schemas: {
    item: menu,
    create: menuCreate,
    update: menuUpdate,
    updateItem: menuUpdateItem,
    bulkDelete: menuBulkDelete,
  },
  policies: menuPolicies,
  tenant: { column: customMenus.tenant_id, shared: true },
  tags: ['customMenus'],
};

/** spec section 7: user/userSettings (bulk key user_setting_ids). The tenant key is not readable. */
export const userSettingsResource: ResourceDefinition = {
  entity: 'UserSetting',
  basePath: '/operations/user/userSettings',
  table: userSettings,
  idColumn: 'user_setting_id',
  bulkIdsKey: 'user_setting_ids',
  columns: {
    user_setting_id: userSettings.user_setting_id,
    user_id: userSettings.user_id,
    theme: userSettings.theme,
    language: userSettings.language,
    email_notifications: userSettings.email_notifications,
    push_notifications: userSettings.push_notifications,
    profile_visibility: userSettings.profile_visibility,
    ...audit(userSettings),
  },
  searchable: ['theme', 'language', 'profile_visibility'],
  schemas: {
    item: userSetting,
    create: userSettingCreate,
    update: userSettingUpdate,
    updateItem: userSettingUpdateItem,
    bulkDelete: userSettingBulkDelete,
  },
  policies: userSettingPolicies,
  tenant: { column: userSettings.tenant_id },
  owner: { column: userSettings.user_id, field: 'user_id', exempt: managesOthersSettings },
  tags: ['userSettings'],
};

/** The administration area's routes (ROADMAP: roles, privileges, menus, settings, tenants, ...). */
export function registerAdministration(app: FastifyInstance, database: Database): void {
  registerAudit(app, database);
  // References are checked in scope (docs/permissions.md): a parent menu of another tenant, or
  // settings for someone who is not a member of the tenant, would reach across tenants.
  constrain(registerResource(app, database, customMenusResource), {
    prepare: async (db, actor, input) => {
      if (typeof input.menu_parent_id === 'number') {
        await assertMenu(db, actor, input.menu_parent_id, 'menu_parent_id');
      }
      return input;
    },
  });
  constrain(registerResource(app, database, userSettingsResource), {
    prepare: async (db, actor, input, creating) => {
      // Others' settings are an administrator's only; the owner rule refuses everyone else (403).
      const forOther = typeof input.user_id === 'number' && input.user_id !== actor.userId;
      if (creating && forOther && managesOthersSettings(actor)) {
        await assertGroupableUser(db, actor, input.user_id as number);
      }
      return input;
    },
  });
}
