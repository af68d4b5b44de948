import { z } from 'zod';

/** Timestamps leave the server as ISO 8601 strings in UTC (`2026-01-22T10:00:00.123456+00:00`). */
export const isoTimestamp = z.string();

/** Audit columns every managed row carries; the server stamps them from the signed-in user. */
export const auditFields = {
  created_by: z.number().int().nullable(),
  modified_by: z.number().int().nullable(),
  created_at: isoTimestamp,
  modified_at: isoTimestamp,
  is_deleted: z.boolean(),
};

/**
 * Stamps a client may send (spec section 7: "body plus created_by"); the server ignores their values
 * and takes the signed-in user's id instead (DESIGN section 4).
 */
export const ignoredAuditInput = {
  created_by: z.unknown().optional(),
  modified_by: z.unknown().optional(),
  deleted_by: z.unknown().optional(),
};

/** Ids of a bulk delete (spec section 3: menu_ids, user_setting_ids, ... plus deleted_by). */
export const bulkIds = z.array(z.number().int().positive()).min(1).max(1000);
