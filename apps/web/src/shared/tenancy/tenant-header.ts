/**
 * Where the HTTP client reads the tenant of the current request from. Every call made while in
 * tenant context sends `X-Tenant-Id: <tenant_id>` (the server scopes the actor by it). The source is
 * registered by the application frame with the store (read lazily at request time), so this module
 * has no dependency and the HTTP client does not import the store.
 */
export const TENANT_HEADER = 'X-Tenant-Id';

type TenantIdSource = () => number | null | undefined;

let source: TenantIdSource = () => null;

export function setTenantIdSource(next: TenantIdSource): void {
  source = next;
}

/** The tenant id to send, or null on the main platform. */
export function currentTenantId(): number | null {
  const id = source();
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/** The state fields the header is decided by: only tenant context sends it. */
export function tenantIdOf(auth: {
  roleContext: string;
  currentTenant: { tenant_id: number } | null;
}): number | null {
  return auth.roleContext === 'tenant' && auth.currentTenant ? auth.currentTenant.tenant_id : null;
}

type TenantRefusedHandler = () => unknown;

let refusedHandler: TenantRefusedHandler = () => undefined;

/** What the HTTP client does when the server refuses the tenant it sent (code TENANT_REFUSED). */
export function setTenantRefusedHandler(next: TenantRefusedHandler): void {
  refusedHandler = next;
}

/**
 * The server answered 403 TENANT_REFUSED: the stored tenant is one the user no longer belongs to
 * (they left it, or an administrator removed them). The handler clears the tenant context.
 */
export async function tenantRefused(): Promise<void> {
  await refusedHandler();
}
