/**
 * The organisation kinds the forms offer, in the order they are offered. The server takes any
 * tenant type slug (contracts `tenantTypeSchema`); 'other' is a choice of these forms only.
 */
export const TENANT_TYPES = [
  'institute',
  'incubator',
  'accelerator',
  'corporate',
  'government-body',
  'industry-body',
  'startup-hub',
  'other',
] as const;
export type TenantType = (typeof TENANT_TYPES)[number];

/** How each kind of organisation is named on screen. */
export const TENANT_TYPE_LABELS: Record<TenantType, string> = {
  institute: 'Institute',
  incubator: 'Incubator',
  accelerator: 'Accelerator',
  corporate: 'Corporate',
  'government-body': 'Government body',
  'industry-body': 'Industry body',
  'startup-hub': 'Startup hub',
  other: 'Other',
};

export function tenantTypeLabel(type: string): string {
  return (TENANT_TYPE_LABELS as Record<string, string>)[type] ?? type;
}
