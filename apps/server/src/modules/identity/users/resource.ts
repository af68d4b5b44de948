import {
  authUserUpdateItem,
  userCreateBody,
  userListItem,
  usersDeleteMany,
  userUpdateBody,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { sessionCache } from '../../../auth/session-cache';
import { userRoles, users } from '../../../db/schema';
import type { ResourceDefinition } from '../../../http/resource-types';
import { administeredTenant, listsEveryUser, readableUserFields, usersResourcePolicies } from './policy';

/**
 * spec section 7: global-user/users (getUser, createUser, updateUser/{id}, deleteUser/{id}/{user_id};
 * no bulk). The factory serves the list and the soft delete; getUser/{id} (roles, email lookup),
 * createUser and updateUser have rules of their own (routes.ts). The columns are the whitelist:
 * password_hash, the parent's details, terms acceptance and the platform-admin flag are not in it, so
 * they can be neither read, filtered, searched nor sorted.
 */
export const usersResource: ResourceDefinition = {
  entity: 'User',
  basePath: '/operations/global-user/users',
  table: users,
  idColumn: 'user_id',
  bulkIdsKey: 'user_ids',
  columns: {
    user_id: users.user_id,
    username: users.username,
    email: users.email,
    firstName: users.first_name,
    lastName: users.last_name,
    enabled: users.enabled,
    otpVerified: users.email_verified,
    phone_number: users.phone_number,
    profile_image: users.profile_image,
    age: users.age,
    gender: users.gender,
    roll_number: users.roll_number,
    registration_redirect: users.registration_redirect,
    active_role_id: users.active_role_id,
    created_by: users.created_by,
    modified_by: users.modified_by,
    created_at: users.created_at,
    modified_at: users.modified_at,
    is_deleted: users.is_deleted,
  },
  searchable: ['username', 'email', 'firstName', 'lastName'],
  schemas: {
    item: userListItem,
    create: userCreateBody,
    update: userUpdateBody,
    updateItem: authUserUpdateItem,
    bulkDelete: usersDeleteMany,
  },
  policies: usersResourcePolicies,
  // Users are not tenant rows (a user holds roles in many tenants): a member lists only themselves, a
  // tenant admin also the users holding a live role in its current tenant.
  owner: {
    column: users.user_id,
    field: 'user_id',
    exempt: listsEveryUser,
    alsoReads: (actor) => {
      const tenantId = administeredTenant(actor);
      if (tenantId === null) return undefined;
      return sql`exists (select 1 from ${userRoles} where ${and(
        eq(userRoles.user_id, users.user_id),
        eq(userRoles.tenant_id, tenantId),
        eq(userRoles.is_deleted, false),
      )})`;
    },
  },
  readableFields: readableUserFields,
  bulk: false,
  ownHandlers: ['get', 'create', 'update'],
  tags: ['users'],
  changed: (ids) => sessionCache.forgetUsers(ids),
};
