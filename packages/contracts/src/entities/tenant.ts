import { z } from 'zod';
import { PLAN_NAMES } from './subscription';

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

/** Base path of the tenant calls (spec section 7, "Tenants"). */
export const TENANTS_API = '/api/user/tenants';

/** A tenant type as it appears in `/t/{tenant_type}/...`: lower-case words joined by dashes. */
export const tenantTypeSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, 'Choose an organisation type (lower-case letters, digits and dashes).');

export const tenantNameSchema = z
  .string()
  .trim()
  .min(2, 'The organisation name needs at least 2 characters.')
  .max(120, 'The organisation name can have at most 120 characters.')
  .refine((name) => !/[/\\]/.test(name), 'The organisation name cannot contain slashes.');

/** createTenant / createTenantIfNotExists: body plus created_by, which the server ignores. */
export const createTenantBody = z
  .object({
    tenant_type: tenantTypeSchema,
    tenant_name: tenantNameSchema,
    /** The plan of its subscription (default free); another plan is a platform administrator's call. */
    plan: z.enum(PLAN_NAMES, { message: 'Choose a plan: free, standard or enterprise.' }).optional(),
    created_by: z.unknown().optional(),
    modified_by: z.unknown().optional(),
  })
  .strict();
export type CreateTenantBody = z.input<typeof createTenantBody>;

/** updateTenant/{id}: body plus modified_by, which the server ignores. */
export const updateTenantBody = z
  .object({
    tenant_type: tenantTypeSchema.optional(),
    tenant_name: tenantNameSchema.optional(),
    created_by: z.unknown().optional(),
    modified_by: z.unknown().optional(),
  })
  .strict()
  .refine((body) => body.tenant_type !== undefined || body.tenant_name !== undefined, {
    message: 'Send tenant_type or tenant_name to change.',
    path: ['tenant_name'],
  });
export type UpdateTenantBody = z.input<typeof updateTenantBody>;

/** What anyone signed in may see of any organisation (search-institute, institute-view). */
export const tenantPublic = tenant.pick({ tenant_id: true, tenant_type: true, tenant_name: true });
export type TenantPublic = z.infer<typeof tenantPublic>;

/**
 * The whole row as platform admins and members see it (getTenant, updateTenant, suspendTenant,
 * resumeTenant; apps/server/src/modules/tenancy/service.ts `tenantOut`).
 */
export const tenantOut = tenant.extend({
  created_at: z.string(),
  modified_at: z.string(),
  /** When a platform administrator suspended it; null while it is open. */
  suspended_at: z.string().nullable(),
});
export type TenantOut = z.infer<typeof tenantOut>;

/**
 * A row of getAll and getTenantsByType: the whole row for a platform administrator, only the public
 * fields for anyone else.
 */
export const tenantListItem = tenantOut
  .partial()
  .required({ tenant_id: true, tenant_type: true, tenant_name: true });
export type TenantListItem = z.infer<typeof tenantListItem>;

/** createTenant's answer: the tenant and the admin role its creator now holds in it. */
export const createdTenant = tenantOut.extend({
  role: z.object({ role_id: z.number().int(), role_name: z.string(), role_view: z.enum(['admin', 'user']) }),
});
export type CreatedTenant = z.infer<typeof createdTenant>;

/** A tenant with the live roles the user holds in it (getUserTenants). */
export const userTenant = tenantPublic.extend({
  roles: z.array(
    z.object({
      role_id: z.number().int(),
      role_name: z.string(),
      display_name: z.string(),
      role_view: z.enum(['admin', 'user']),
    }),
  ),
});
export type UserTenant = z.infer<typeof userTenant>;

/** The whole row as its members and platform admins see it (getTenant, updateTenant, ...). */
export const tenantRecord = tenant.extend({
  created_at: z.string(),
  modified_at: z.string(),
  /** When a platform administrator suspended it; null while it is open. */
  suspended_at: z.string().nullable(),
});
export type TenantRecord = z.infer<typeof tenantRecord>;

/** A new tenant with the role its creator now holds in it, so the client can enter it at once. */
export const tenantCreated = tenantRecord.extend({
  role: z.object({ role_id: z.number().int(), role_name: z.string(), role_view: z.enum(['admin', 'user']) }),
});

/** Tenant lists: whole rows for platform admins, public fields for everyone else. */
export const tenantList = z.object({
  data: z.array(z.union([tenantRecord, tenantPublic])),
  meta: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});

/** createTenantIfNotExists: the new tenant (201), or the existing one as the caller may see it (200). */
export const tenantIfNotExistsResult = z.object({
  data: z.union([tenantCreated, tenantRecord, tenantPublic]),
  created: z.boolean(),
});

export const TENANT_MESSAGES = {
  notFound: 'Organisation not found.',
  exists: 'An organisation of this type with this name already exists.',
  removed: 'An organisation of this type with this name was removed; choose another name.',
  deleteSelfOnly: 'The user id in the path must be your own.',
  otherUser: 'You can only list your own organisations.',
  notMember: 'You are not a member of this organisation. Choose another in the organisation switcher.',
  badTenantHeader: 'X-Tenant-Id must be an organisation id in plain digits.',
  suspended:
    'This organisation is suspended by the platform administrators: nobody can work in it until they resume it.',
  alreadySuspended: 'This organisation is already suspended.',
  notSuspended: 'This organisation is not suspended.',
  planForAdmins: 'Only a platform administrator can choose a plan other than free.',
} as const;
