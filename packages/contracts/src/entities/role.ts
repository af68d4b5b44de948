import { z } from 'zod';

export const ROLE_VIEWS = ['admin', 'user'] as const;
export type RoleView = (typeof ROLE_VIEWS)[number];

/** Spec section 3 (Role). A custom role hangs off its parent user (`parent_user_id`). */
export const role = z.object({
  role_id: z.number().int(),
  role_name: z.string(),
  display_name: z.string(),
  role_view: z.enum(ROLE_VIEWS),
  parent_user_id: z.number().int().nullable(),
  parent_user_name: z.string().nullable().optional(),
  parent_profile_image: z.string().nullable().optional(),
  isCustom: z.boolean().optional(),
  is_deleted: z.boolean(),
});
export type Role = z.infer<typeof role>;

/** A role as a user carries it (spec section 3, User.roles). */
export const userRole = z.object({
  role_id: z.number().int(),
  display_name: z.string(),
  role_name: z.string().optional(),
  role_view: z.enum(ROLE_VIEWS).optional(),
  /** Null on the main platform; set for a role held inside one tenant. */
  tenant_id: z.number().int().nullable().optional(),
  /** The tenant's name, where a list names it (searchUsers). */
  tenant_name: z.string().nullable().optional(),
  parent_user_id: z.number().int().nullable().optional(),
  isCustom: z.boolean().optional(),
});
export type UserRole = z.infer<typeof userRole>;
