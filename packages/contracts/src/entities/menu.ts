import { z } from 'zod';
import { sitePathOrWebUrl } from '../urls';
import { auditFields, bulkIds, ignoredAuditInput } from './audit';

/** A navigation menu entry (spec section 3: menu_id, menu_name, menu_parent_id). */
export const menu = z.object({
  menu_id: z.number().int(),
  menu_name: z.string(),
  menu_parent_id: z.number().int().nullable(),
  sort_order: z.number().int(),
  path: z.string().nullable(),
  icon: z.string().nullable(),
  /** The tenant whose own menu this is; null for the platform's menus (read-only inside a tenant). */
  tenant_id: z.number().int().nullable().optional(),
  ...auditFields,
});
export type Menu = z.infer<typeof menu>;

const menuFields = {
  menu_name: z.string().trim().min(1).max(100),
  menu_parent_id: z.number().int().positive().nullable().optional(),
  sort_order: z.number().int().min(0).max(100_000).optional(),
  path: sitePathOrWebUrl(300).nullable().optional(),
  icon: z.string().max(100).nullable().optional(),
};

export const menuCreate = z.object({ ...menuFields, ...ignoredAuditInput }).strict();
export type MenuCreate = z.infer<typeof menuCreate>;

export const menuUpdate = z
  .object({ ...menuFields, menu_name: menuFields.menu_name.optional(), ...ignoredAuditInput })
  .strict();
export type MenuUpdate = z.infer<typeof menuUpdate>;

/** One item of `updateMany`: the id plus the fields to change. */
export const menuUpdateItem = menuUpdate.extend({ menu_id: z.number().int().positive() }).strict();

export const menuBulkDelete = z.object({ menu_ids: bulkIds, ...ignoredAuditInput }).strict();
