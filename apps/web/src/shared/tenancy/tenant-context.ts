import { MESSAGES } from '@nexus/contracts';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api';
import {
  type AuthState,
  tenantContextCleared,
  tenantContextSet,
  tenantErrorSet,
  tenantsFailed,
  tenantsLoaded,
  tenantsRequested,
} from '../session/auth-slice';
import { tenantHomePath } from '../session/home-path';
import type { SessionRole, SessionTenant, SessionUser } from '../session/types';
import { clearStoredTenantContext, readStoredTenantContext, saveTenantContext } from './tenant-storage';

/** Spec section 7: the tenants a user belongs to. */
export const USER_TENANTS_PATH = '/api/user/tenants/getUserTenants';

type State = { auth: AuthState };

/** The scope the server answers in: a tenant id, or null on the main platform. */
function scopeOf(auth: AuthState): number | null {
  return auth.roleContext === 'tenant' ? (auth.currentTenant?.tenant_id ?? null) : null;
}

/**
 * Cached answers belong to the scope they were asked in (the X-Tenant-Id header is not part of a
 * query's arguments): a change of scope drops them, and the frame remounts the page to ask again.
 */
function dropCacheIfScopeChanged(
  dispatch: (action: unknown) => unknown,
  before: number | null,
  after: number | null,
) {
  if (before !== after) dispatch(baseApi.util.resetApiState());
}

/** Spec section 6: true only if the tenant is among the user's tenants. */
export function hasTenantAccess(
  tenants: readonly Pick<SessionTenant, 'tenant_id'>[],
  tenantId: number | null | undefined,
): boolean {
  return typeof tenantId === 'number' && tenants.some((tenant) => tenant.tenant_id === tenantId);
}

/** Spec section 6: placeholders, empty objects (the server decides; see docs/permissions.md). */
export function getTenantPermissions(_tenantId?: number): Record<string, never> {
  return {};
}

export function getRolePermissions(_roleId?: number): Record<string, never> {
  return {};
}

/** The current tenant, or throws 'No current tenant set' (spec section 8). */
export function requireCurrentTenant(auth: Pick<AuthState, 'currentTenant'>): SessionTenant {
  if (!auth.currentTenant) throw new Error(MESSAGES.noCurrentTenant);
  return auth.currentTenant;
}

/** Spec section 4: inside a tenant an admin view lands on its admin-center, any other on its user home. */
export const tenantLandingPath = tenantHomePath;

/** The roles a user holds inside one tenant (roles carry tenant_id), admin views first. */
export function rolesInTenant(user: Pick<SessionUser, 'roles'> | null, tenantId: number): SessionRole[] {
  const held = (user?.roles ?? []).filter((role) => role.tenant_id === tenantId);
  return [...held].sort((a, b) => Number(b.role_view === 'admin') - Number(a.role_view === 'admin'));
}

/** The tenants a user administers, each with the admin-view role they hold there. */
export function administeredTenants(
  user: Pick<SessionUser, 'roles'> | null,
  tenants: readonly SessionTenant[],
): { tenant: SessionTenant; role: SessionRole }[] {
  return tenants.flatMap((tenant) => {
    const role = rolesInTenant(user, tenant.tenant_id).find((item) => item.role_view === 'admin');
    return role ? [{ tenant, role }] : [];
  });
}

/**
 * Spec section 4: stores the tenant and role in the auth slice and saves them plus the last route
 * to local storage. The route defaults to the tenant landing path of the role.
 */
export const setTenantContext = createAsyncThunk<
  string,
  { tenant: SessionTenant; role: SessionRole; route?: string | null },
  { state: State }
>('tenancy/set', async ({ tenant, role, route }, { dispatch, getState }) => {
  const target = route ?? tenantLandingPath(tenant, role);
  const before = scopeOf(getState().auth);
  dispatch(tenantContextSet({ tenant, role, route: target }));
  dropCacheIfScopeChanged(dispatch, before, tenant.tenant_id);
  saveTenantContext({ tenant, role, route: target });
  return target;
});

/** Spec section 4: clearing removes the saved context and returns to main_platform. */
export const clearTenantContext = createAsyncThunk<void, void, { state: State }>(
  'tenancy/clear',
  async (_arg, { dispatch, getState }) => {
    const before = scopeOf(getState().auth);
    dispatch(tenantContextCleared());
    dropCacheIfScopeChanged(dispatch, before, null);
    clearStoredTenantContext();
  },
);

/**
 * Spec section 4: the last tenant, role and route are restored from local storage at start, but only
 * while the user still has access to that tenant and still holds that role there. A context that no
 * longer holds is cleared. Resolves to the restored route, or null.
 */
export const restoreTenantContext = createAsyncThunk<string | null, void, { state: State }>(
  'tenancy/restore',
  async (_arg, { dispatch, getState }) => {
    const { availableTenants, user } = getState().auth;
    const stored = readStoredTenantContext();
    if (!stored) return null;
    const tenant = availableTenants.find((item) => item.tenant_id === stored.tenant.tenant_id);
    const held = rolesInTenant(user, stored.tenant.tenant_id);
    // A custom role comes from a group membership the session does not list: it is kept while the
    // user is still a member there; the server answers for the membership itself (its menus load).
    const custom = stored.role.isCustom === true && held.length > 0 ? stored.role : undefined;
    const role = held.find((item) => item.role_id === stored.role.role_id) ?? custom;
    if (!tenant || !role) {
      await dispatch(clearTenantContext());
      return null;
    }
    const route = stored.route ?? tenantLandingPath(tenant, role);
    const before = scopeOf(getState().auth);
    dispatch(tenantContextSet({ tenant, role, route }));
    dropCacheIfScopeChanged(dispatch, before, tenant.tenant_id);
    return route;
  },
);

/**
 * For actions that need a tenant: the current one, or 'No current tenant set' stored as the tenant
 * error and returned as the rejection (spec section 8).
 */
export const ensureCurrentTenant = createAsyncThunk<
  SessionTenant,
  void,
  { state: State; rejectValue: string }
>('tenancy/ensure', async (_arg, { dispatch, getState, rejectWithValue }) => {
  try {
    return requireCurrentTenant(getState().auth);
  } catch {
    dispatch(tenantErrorSet(MESSAGES.noCurrentTenant));
    return rejectWithValue(MESSAGES.noCurrentTenant);
  }
});

function readTenants(body: unknown): SessionTenant[] {
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data)) return [];
  return data.filter(
    (item): item is SessionTenant =>
      typeof item?.tenant_id === 'number' &&
      typeof item?.tenant_type === 'string' &&
      typeof item?.tenant_name === 'string',
  );
}

/**
 * GET getUserTenants/{userId} ({data: Tenant[]}) into availableTenants. A failure stores the message
 * (spec section 8 message choice). A tenant context the user no longer has access to is cleared.
 */
export const loadUserTenants = createAsyncThunk<SessionTenant[], number, { state: State }>(
  'tenancy/loadUserTenants',
  async (userId, { dispatch, getState }) => {
    dispatch(tenantsRequested());
    const { errorMessage, http } = await import('../api/http');
    let tenants: SessionTenant[];
    try {
      const response = await http.get(`${USER_TENANTS_PATH}/${userId}`);
      tenants = readTenants(response.data);
    } catch (error) {
      dispatch(tenantsFailed(errorMessage(error, MESSAGES.requestFailed)));
      return getState().auth.availableTenants;
    }
    dispatch(tenantsLoaded(tenants));
    const current = getState().auth.currentTenant;
    if (current && !hasTenantAccess(tenants, current.tenant_id)) await dispatch(clearTenantContext());
    return tenants;
  },
);
