import type { TenantType } from './api';

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
