import { z } from 'zod';

/** Base path of the subscription calls (spec section 7, "Subscriptions"). */
export const SUBSCRIPTIONS_API = '/api/user/tenant-subscriptions';

/** Spec section 9: the tenant usage counters. */
export const USAGE_METRICS = ['users', 'storage_gb', 'api_calls'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

export const usageLimits = z
  .object({
    users: z.number().int().min(0).max(10_000_000),
    storage_gb: z.number().min(0).max(1_000_000),
    api_calls: z.number().int().min(0).max(1_000_000_000_000),
  })
  .strict();
export type UsageLimits = z.infer<typeof usageLimits>;

/** Plans and their limits; a subscription may override its limits (updateSubscription). */
export const PLANS = {
  free: { users: 25, storage_gb: 5, api_calls: 100_000 },
  standard: { users: 250, storage_gb: 100, api_calls: 2_000_000 },
  enterprise: { users: 10_000, storage_gb: 2_000, api_calls: 50_000_000 },
} as const satisfies Record<string, UsageLimits>;
export type PlanName = keyof typeof PLANS;
export const PLAN_NAMES = Object.keys(PLANS) as [PlanName, ...PlanName[]];

export const SUBSCRIPTION_STATUSES = ['active', 'suspended', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Admins see a warning for every metric at or above this share of its limit. */
export const USAGE_WARNING_PERCENT = 80;

export const usageWarning = z.object({
  metric: z.enum(USAGE_METRICS),
  used: z.number(),
  limit: z.number(),
  percent: z.number(),
});
export type UsageWarning = z.infer<typeof usageWarning>;

/** Spec section 3 (Tenant subscription) plus plan, limits and period. */
export const tenantSubscription = z.object({
  subscription_id: z.number().int(),
  tenant_id: z.number().int(),
  plan: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  limits: usageLimits,
  current_usage: usageLimits,
  usage_data: z.array(z.record(z.string(), z.unknown())),
  period_start: z.string(),
  period_end: z.string(),
  created_by: z.number().int().nullable(),
  modified_by: z.number().int().nullable(),
  warnings: z.array(usageWarning).optional(),
});
export type TenantSubscription = z.infer<typeof tenantSubscription>;

const isoDate = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time.' });
const ignoredStamps = { created_by: z.unknown().optional(), modified_by: z.unknown().optional() };

export const createSubscriptionBody = z
  .object({
    tenant_id: z.number().int().positive(),
    plan: z.enum(PLAN_NAMES).default('free'),
    limits: usageLimits.partial().optional(),
    status: z.enum(SUBSCRIPTION_STATUSES).default('active'),
    period_start: isoDate.optional(),
    period_end: isoDate.optional(),
    ...ignoredStamps,
  })
  .strict();
export type CreateSubscriptionBody = z.input<typeof createSubscriptionBody>;

export const updateSubscriptionBody = z
  .object({
    plan: z.enum(PLAN_NAMES).optional(),
    limits: usageLimits.partial().optional(),
    status: z.enum(SUBSCRIPTION_STATUSES).optional(),
    period_start: isoDate.optional(),
    period_end: isoDate.optional(),
    ...ignoredStamps,
  })
  .strict();
export type UpdateSubscriptionBody = z.input<typeof updateSubscriptionBody>;

/** updateUsage: an audited correction of `current_usage`; modified_by comes from the session. */
export const updateUsageBody = z
  .object({
    tenant_id: z.number().int().positive(),
    usage_data: usageLimits
      .partial()
      .refine((usage) => Object.keys(usage).length > 0, 'Name at least one of users, storage_gb, api_calls.'),
    modified_by: z.unknown().optional(),
  })
  .strict();
export type UpdateUsageBody = z.input<typeof updateUsageBody>;

export const SUBSCRIPTION_MESSAGES = {
  notFound: 'Subscription not found.',
  exists: 'This organisation already has a subscription.',
  periodOrder: 'period_end must be after period_start.',
  seatsFull: (limit: number) =>
    `This organisation has used all ${limit} seats of its plan. Ask its administrator to upgrade.`,
  apiCallsUsed: 'This organisation has used its API calls for this period.',
  paused: (status: string) =>
    `This organisation's subscription is ${status}: its data can be read, but changes are paused until a platform administrator reactivates it.`,
  storageFull: (limit: number) =>
    `This organisation has used all ${limit} GB of storage of its plan. Ask its administrator to upgrade.`,
} as const;
