import { z } from 'zod';
import { auditFields, bulkIds, ignoredAuditInput } from './audit';

export const THEMES = ['light', 'dark', 'auto'] as const;
export const PROFILE_VISIBILITIES = ['public', 'connections', 'private'] as const;

/** A user's preferences inside one tenant (or the main platform). The tenant key is never sent out. */
export const userSetting = z.object({
  user_setting_id: z.number().int(),
  user_id: z.number().int(),
  theme: z.enum(THEMES),
  language: z.string(),
  email_notifications: z.boolean(),
  push_notifications: z.boolean(),
  profile_visibility: z.enum(PROFILE_VISIBILITIES),
  ...auditFields,
});
export type UserSetting = z.infer<typeof userSetting>;

const settingFields = {
  theme: z.enum(THEMES).optional(),
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language tag such as en or en-GB')
    .optional(),
  email_notifications: z.boolean().optional(),
  push_notifications: z.boolean().optional(),
  profile_visibility: z.enum(PROFILE_VISIBILITIES).optional(),
};

/** Spec section 7: "create user setting (user_id)". Other fields take their defaults. */
export const userSettingCreate = z
  .object({ user_id: z.number().int().positive(), ...settingFields, ...ignoredAuditInput })
  .strict();
export type UserSettingCreate = z.infer<typeof userSettingCreate>;

export const userSettingUpdate = z.object({ ...settingFields, ...ignoredAuditInput }).strict();
export type UserSettingUpdate = z.infer<typeof userSettingUpdate>;

export const userSettingUpdateItem = userSettingUpdate
  .extend({ user_setting_id: z.number().int().positive() })
  .strict();

export const userSettingBulkDelete = z.object({ user_setting_ids: bulkIds, ...ignoredAuditInput }).strict();
