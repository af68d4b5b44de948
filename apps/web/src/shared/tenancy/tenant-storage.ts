import type { SessionRole, SessionTenant } from '../session/types';

/** Spec section 4: the tenant context saved to browser storage, restored at start. */
export const LAST_TENANT_KEY = 'nexus.lastTenant';
export const LAST_ROLE_KEY = 'nexus.lastRole';
export const LAST_TENANT_ROUTE_KEY = 'nexus.lastTenantRoute';

export interface StoredTenantContext {
  tenant: SessionTenant;
  role: SessionRole;
  route: string | null;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

export function saveTenantContext({ tenant, role, route }: StoredTenantContext): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(LAST_TENANT_KEY, JSON.stringify(tenant));
    store.setItem(LAST_ROLE_KEY, JSON.stringify(role));
    if (route) store.setItem(LAST_TENANT_ROUTE_KEY, route);
    else store.removeItem(LAST_TENANT_ROUTE_KEY);
  } catch {
    // Quota or privacy mode: the context still holds for this visit.
  }
}

export function saveTenantRoute(route: string): void {
  try {
    storage()?.setItem(LAST_TENANT_ROUTE_KEY, route);
  } catch {
    // as above
  }
}

export function clearStoredTenantContext(): void {
  const store = storage();
  for (const key of [LAST_TENANT_KEY, LAST_ROLE_KEY, LAST_TENANT_ROUTE_KEY]) store?.removeItem(key);
}

function parse<T>(raw: string | null | undefined, valid: (value: unknown) => value is T): T | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

const isTenant = (value: unknown): value is SessionTenant =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SessionTenant).tenant_id === 'number' &&
  typeof (value as SessionTenant).tenant_type === 'string' &&
  typeof (value as SessionTenant).tenant_name === 'string';

const isRole = (value: unknown): value is SessionRole =>
  typeof value === 'object' && value !== null && typeof (value as SessionRole).role_id === 'number';

/** The saved context, or null when any part is missing or unreadable. */
export function readStoredTenantContext(): StoredTenantContext | null {
  const store = storage();
  const tenant = parse(store?.getItem(LAST_TENANT_KEY), isTenant);
  const role = parse(store?.getItem(LAST_ROLE_KEY), isRole);
  if (!tenant || !role) return null;
  const route = store?.getItem(LAST_TENANT_ROUTE_KEY) ?? null;
  return { tenant, role, route: route?.startsWith('/') && !route.startsWith('//') ? route : null };
}
