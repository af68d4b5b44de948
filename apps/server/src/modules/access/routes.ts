import {
  groupUserBulkDelete,
  groupUserCreate,
  groupUserRow,
  groupUserUpdate,
  groupUserUpdateItem,
  privilegeBulkDelete,
  privilegeCreate,
  privilegeRow,
  privilegeUpdate,
  privilegeUpdateItem,
  roleBulkDelete,
  roleCreate,
  roleRow,
  roleUpdate,
  roleUpdateItem,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessionCache } from '../../auth/session-cache';
import type { Database } from '../../db/client';
import { customRolePrivileges, groupUsers, privileges, roles } from '../../db/schema';
import { registerResource } from '../../http/resource-factory';
import type { ResourceDefinition } from '../../http/resource-types';
import {
  assertCustomRoles,
  assertGroupableUser,
  assertMenu,
  assertSystemRole,
  refuseSeededRoleDeletes,
} from './checks';
import { constrain } from './constrain';
import { registerMyPrivileges } from './my-privileges';
import {
  assertManagesCustomRoles,
  customPolicies,
  mayManageCustomRoles,
  seesAllCustomRoles,
  systemPolicies,
} from './policy';
import { registerPrivilegeList } from './privilege-list';

type Audited = typeof roles | typeof privileges | typeof customRolePrivileges | typeof groupUsers;

const audit = (table: Audited) => ({
  created_by: table.created_by,
  modified_by: table.modified_by,
  created_at: table.created_at,
  modified_at: table.modified_at,
  is_deleted: table.is_deleted,
});

const roleColumns = {
  role_id: roles.role_id,
  role_name: roles.role_name,
  display_name: roles.display_name,
  role_view: roles.role_view,
  parent_user_id: roles.parent_user_id,
  ...audit(roles),
};

const roleSchemas = {
  item: roleRow,
  create: roleCreate,
  update: roleUpdate,
  updateItem: roleUpdateItem,
  bulkDelete: roleBulkDelete,
};

const privilegeSchemas = {
  item: privilegeRow,
  create: privilegeCreate,
  update: privilegeUpdate,
  updateItem: privilegeUpdateItem,
  bulkDelete: privilegeBulkDelete,
};

/** spec section 7: user/roles (getRole, createRole, updateRole/{id}, deleteRole/{id}/{user_id}; role_ids). */
export const systemRolesResource: ResourceDefinition = {
  entity: 'Role',
  basePath: '/operations/user/roles',
  table: roles,
  idColumn: 'role_id',
  bulkIdsKey: 'role_ids',
  columns: roleColumns,
  searchable: ['role_name', 'display_name'],
  schemas: roleSchemas,
  policies: systemPolicies,
  tenant: { column: roles.tenant_id, shared: true },
  tags: ['roles'],
  // A role's name, view and deletion are part of every holder's session (users.roles_snapshot).
  changed: () => sessionCache.forgetEveryone(),
};

/**
 * spec section 7: user/customRole (get, create, update/{id}, delete/{id}/{user_id}; role_ids). The
 * entity name is empty so the paths are exactly the spec's. A custom role belongs to its parent user:
 * others see it only as administrators of its scope.
 */
export const customRolesResource: ResourceDefinition = {
  entity: '',
  basePath: '/operations/user/customRole',
  table: roles,
  idColumn: 'role_id',
  bulkIdsKey: 'role_ids',
  columns: roleColumns,
  searchable: ['role_name', 'display_name'],
  schemas: roleSchemas,
  policies: customPolicies,
  tenant: { column: roles.tenant_id },
  owner: { column: roles.parent_user_id, field: 'parent_user_id', exempt: seesAllCustomRoles },
  tags: ['customRole'],
  changed: () => sessionCache.forgetEveryone(),
};

/**
 * spec section 7: user/privileges (getPrivilege, ...; privilege_ids): a system role's menus. Lists add
 * menu_name and menu_parent_name (privilege-list.ts).
 */
export const privilegesResource: ResourceDefinition = {
  entity: 'Privilege',
  basePath: '/operations/user/privileges',
  table: privileges,
  idColumn: 'privilege_id',
  bulkIdsKey: 'privilege_ids',
  columns: {
    privilege_id: privileges.privilege_id,
    role_id: privileges.role_id,
    privilege_menu_id: privileges.privilege_menu_id,
    ...audit(privileges),
  },
  searchable: [],
  schemas: privilegeSchemas,
  policies: systemPolicies,
  tenant: { column: privileges.tenant_id, shared: true },
  ownHandlers: ['list'],
  tags: ['privileges'],
};

/**
 * spec section 7: user/customRolePrivilege (get, create, ...; privilege_ids): a custom role's menus.
 * Rows belong to whoever granted them (the parent user on the main platform); admins see their scope's.
 */
export const customRolePrivilegesResource: ResourceDefinition = {
  entity: '',
  basePath: '/operations/user/customRolePrivilege',
  table: customRolePrivileges,
  idColumn: 'privilege_id',
  bulkIdsKey: 'privilege_ids',
  columns: {
    privilege_id: customRolePrivileges.privilege_id,
    role_id: customRolePrivileges.role_id,
    privilege_menu_id: customRolePrivileges.privilege_menu_id,
    ...audit(customRolePrivileges),
  },
  searchable: [],
  schemas: privilegeSchemas,
  policies: customPolicies,
  tenant: { column: customRolePrivileges.tenant_id },
  owner: { column: customRolePrivileges.created_by, field: 'created_by', exempt: seesAllCustomRoles },
  ownHandlers: ['list'],
  tags: ['customRolePrivilege'],
};

/** spec section 7: user/groupUsers (getGroupUser, ...; table_ids): a parent user's group of users. */
export const groupUsersResource: ResourceDefinition = {
  entity: 'GroupUser',
  basePath: '/operations/user/groupUsers',
  table: groupUsers,
  idColumn: 'table_id',
  bulkIdsKey: 'table_ids',
  columns: {
    table_id: groupUsers.table_id,
    user_id: groupUsers.user_id,
    parent_user_id: groupUsers.parent_user_id,
    role_ids: groupUsers.role_ids,
    group_name: groupUsers.group_name,
    ...audit(groupUsers),
  },
  searchable: ['group_name'],
  schemas: {
    item: groupUserRow,
    create: groupUserCreate,
    update: groupUserUpdate,
    updateItem: groupUserUpdateItem,
    bulkDelete: groupUserBulkDelete,
  },
  policies: customPolicies,
  tenant: { column: groupUsers.tenant_id },
  owner: { column: groupUsers.parent_user_id, field: 'parent_user_id', exempt: seesAllCustomRoles },
  tags: ['groupUsers'],
};

type Row = Record<string, unknown>;

/** Roles, privileges, custom roles and group users (spec sections 6 and 7) and the active role's menus. */
export function registerAccess(app: FastifyInstance, database: Database): void {
  const systemRoles = constrain(registerResource(app, database, systemRolesResource), {
    where: sql`${roles.parent_user_id} is null`,
  });
  refuseSeededRoleDeletes(systemRoles);

  constrain(registerResource(app, database, customRolesResource), {
    where: sql`${roles.parent_user_id} is not null`,
    label: 'Custom role',
    mayWrite: mayManageCustomRoles,
    authorize: (db, actor) => assertManagesCustomRoles(db, actor),
    // The caller becomes the parent user; the factory stamps the tenant.
    prepare: async (_db, actor, input, creating) =>
      creating ? { ...input, parent_user_id: actor.userId } : input,
  });

  const systemGrants = registerResource(app, database, privilegesResource);
  registerPrivilegeList(app, database, privilegesResource, systemGrants, 'getPrivilege');
  constrain(systemGrants, {
    prepare: async (db, actor, input: Row) => {
      if (typeof input.role_id === 'number') await assertSystemRole(db, actor, input.role_id);
      if (typeof input.privilege_menu_id === 'number') await assertMenu(db, actor, input.privilege_menu_id);
      return input;
    },
  });

  const customGrants = registerResource(app, database, customRolePrivilegesResource);
  registerPrivilegeList(app, database, customRolePrivilegesResource, customGrants, 'get');
  constrain(customGrants, {
    label: 'Custom role privilege',
    mayWrite: mayManageCustomRoles,
    authorize: (db, actor) => assertManagesCustomRoles(db, actor),
    prepare: async (db, actor, input: Row) => {
      if (typeof input.role_id === 'number') await assertCustomRoles(db, actor, [input.role_id], 'role_id');
      if (typeof input.privilege_menu_id === 'number') await assertMenu(db, actor, input.privilege_menu_id);
      return input;
    },
  });

  constrain(registerResource(app, database, groupUsersResource), {
    mayWrite: mayManageCustomRoles,
    authorize: (db, actor) => assertManagesCustomRoles(db, actor),
    prepare: async (db, actor, input: Row, creating) => {
      if (typeof input.user_id === 'number') await assertGroupableUser(db, actor, input.user_id);
      if (Array.isArray(input.role_ids)) await assertCustomRoles(db, actor, input.role_ids, 'role_ids');
      return creating ? { ...input, parent_user_id: actor.userId } : input;
    },
  });

  registerMyPrivileges(app, database);
}
