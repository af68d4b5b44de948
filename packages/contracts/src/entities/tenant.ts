import { z } from 'zod';

/** Organisation kinds the demo data and `/t/{tenant_type}/...` routes use. */
export const TENANT_TYPES = [
  'institute',
  'incubator',
  'accelerator',
  'government-body',
  'industry-body',
  'corporate',
  'startup-hub',
] as const;
export type TenantType = (typeof TENANT_TYPES)[number];

/** Spec section 3 (Tenant). */
export const tenant = z.object({
  tenant_id: z.number().int(),
  tenant_type: z.string(),
  tenant_name: z.string(),
  created_by: z.number().int().nullable(),
  modified_by: z.number().int().nullable(),
});
export type Tenant = z.infer<typeof tenant>;
