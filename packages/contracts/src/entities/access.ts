import { z } from 'zod';
import { auditFields, bulkIds, ignoredAuditInput } from './audit';
import { ROLE_VIEWS } from './role';

const id = z.number().int().positive().max(2_147_483_647);

/** A role row as `user/roles` (system roles) and `user/customRole` (custom roles) answer it. */
export const roleRow = z.object({
  role_id: z.number().int(),
  role_name: z.string(),
  display_name: z.string(),
  role_view: z.enum(ROLE_VIEWS),
  parent_user_id: z.number().int().nullable(),
  ...auditFields,
});
export type RoleRow = z.infer<typeof roleRow>;

const roleFields = {
  role_name: z.string().trim().min(1).max(100),
  display_name: z.string().trim().min(1).max(100),
  role_view: z.enum(ROLE_VIEWS).optional(),
};

/** Create a role; `parent_user_id` and `tenant_id` come from the caller, never the body. */
export const roleCreate = z.object({ ...roleFields, ...ignoredAuditInput }).strict();
export const roleUpdate = z
  .object({
    role_name: roleFields.role_name.optional(),
    display_name: roleFields.display_name.optional(),
    role_view: roleFields.role_view,
    ...ignoredAuditInput,
  })
  .strict();
export const roleUpdateItem = roleUpdate.extend({ role_id: id }).strict();
export const roleBulkDelete = z.object({ role_ids: bulkIds, ...ignoredAuditInput }).strict();

/** A menu privilege of a role (`user/privileges`, `user/customRolePrivilege`). */
export const privilegeRow = z.object({
  privilege_id: z.number().int(),
  role_id: z.number().int(),
  privilege_menu_id: z.number().int(),
  ...auditFields,
});
export type PrivilegeRow = z.infer<typeof privilegeRow>;

export const privilegeCreate = z
  .object({ role_id: id, privilege_menu_id: id, ...ignoredAuditInput })
  .strict();
export const privilegeUpdate = z
  .object({ role_id: id.optional(), privilege_menu_id: id.optional(), ...ignoredAuditInput })
  .strict();
export const privilegeUpdateItem = privilegeUpdate.extend({ privilege_id: id }).strict();
export const privilegeBulkDelete = z.object({ privilege_ids: bulkIds, ...ignoredAuditInput }).strict();

/** A group membership (`user/groupUsers`): the custom roles `role_ids` a parent user grants a user. */
export const groupUserRow = z.object({
  table_id: z.number().int(),
  user_id: z.number().int(),
  parent_user_id: z.number().int().nullable(),
  role_ids: z.array(z.number().int()),
  group_name: z.string().nullable(),
  ...auditFields,
});
export type GroupUserRow = z.infer<typeof groupUserRow>;

const groupUserFields = {
  user_id: id,
  role_ids: z.array(id).max(100),
  group_name: z.string().trim().max(100).nullable().optional(),
};
export const groupUserCreate = z.object({ ...groupUserFields, ...ignoredAuditInput }).strict();
export const groupUserUpdate = z
  .object({
    user_id: groupUserFields.user_id.optional(),
    role_ids: groupUserFields.role_ids.optional(),
    group_name: groupUserFields.group_name,
    ...ignoredAuditInput,
  })
  .strict();
export const groupUserUpdateItem = groupUserUpdate.extend({ table_id: id }).strict();
export const groupUserBulkDelete = z.object({ table_ids: bulkIds, ...ignoredAuditInput }).strict();

/** Spec section 3 (Privilege): one menu the active role grants. */
export const myPrivilege = z.object({
  privilege_menu_id: z.number().int(),
  menu_name: z.string(),
  menu_parent_name: z.string().nullable(),
});
export type MyPrivilege = z.infer<typeof myPrivilege>;

export const myPrivilegesQuery = z.object({ role_id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Spec section 3 (Role) for a custom role reached through a group membership. */
export const myCustomRole = z.object({
  role_id: z.number().int(),
  role_name: z.string(),
  display_name: z.string(),
  role_view: z.enum(ROLE_VIEWS),
  parent_user_id: z.number().int(),
  parent_user_name: z.string().nullable(),
  parent_profile_image: z.string().nullable(),
  isCustom: z.literal(true),
  is_deleted: z.boolean(),
});
export type MyCustomRole = z.infer<typeof myCustomRole>;
