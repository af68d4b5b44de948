import { z } from 'zod';

export const AUDIT_API = '/api/user/audit';
export const AUDIT_MAX_LIMIT = 100;

/** The tables whose changes the admin center's "Recent changes" lists. */
export const AUDITED_ENTITIES = [
  'roles',
  'privileges',
  'custom_role_privileges',
  'group_users',
  'custom_menus',
  'user_settings',
  'users',
  'tenants',
  'tenant_subscriptions',
  'user_roles',
] as const;

export const recentChangesQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(AUDIT_MAX_LIMIT).default(20),
    entity: z.enum(AUDITED_ENTITIES).optional(),
  })
  .strict();
export type RecentChangesQuery = z.input<typeof recentChangesQuery>;

export const auditEvent = z.object({
  audit_id: z.number().int(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  actor_user_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
});
export type AuditEventOut = z.infer<typeof auditEvent>;
