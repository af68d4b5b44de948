import { MESSAGES } from '@nexus/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api';
import { createAppStore } from '../../app/store';
import { http } from '../api/http';
import { initialAuthState } from '../session/auth-slice';
import { httpError, ok } from '../session/test-fixtures';
import {
  clearTenantContext,
  ensureCurrentTenant,
  getRolePermissions,
  getTenantPermissions,
  hasTenantAccess,
  loadUserTenants,
  requireCurrentTenant,
  restoreTenantContext,
  rolesInTenant,
  setTenantContext,
  tenantLandingPath,
} from './tenant-context';
import { LAST_ROLE_KEY, LAST_TENANT_KEY, LAST_TENANT_ROUTE_KEY } from './tenant-storage';
import { NORTHSTAR, NORTHSTAR_MENTOR, RIVERSIDE, RIVERSIDE_ADMIN, TENANT_USER } from './test-fixtures';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<string, number>({ queryFn: () => ({ data: 'x' }) }) }),
});

function freshStore(auth: Partial<typeof initialAuthState> = {}) {
  const { store, persistor } = createAppStore({
    auth: { ...initialAuthState, isLoggedIn: true, user: TENANT_USER, ...auth },
  });
  persistor.pause();
  return store;
}

describe('tenant context (spec section 4)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('starts on the main platform', () => {
    expect(freshStore().getState().auth).toMatchObject({ roleContext: 'main_platform', currentTenant: null });
  });

  it('setting stores tenant and role in state and saves them with the last route', async () => {
    const store = freshStore({ availableTenants: [RIVERSIDE] });
    const route = await store
      .dispatch(
        setTenantContext({ tenant: RIVERSIDE, role: RIVERSIDE_ADMIN, route: '/t/institute/x/admin-center' }),
      )
      .unwrap();
    expect(route).toBe('/t/institute/x/admin-center');
    expect(store.getState().auth).toMatchObject({
      roleContext: 'tenant',
      currentTenant: RIVERSIDE,
      currentRole: RIVERSIDE_ADMIN,
      lastTenantRoute: '/t/institute/x/admin-center',
    });
    expect(JSON.parse(localStorage.getItem(LAST_TENANT_KEY)!)).toEqual(RIVERSIDE);
    expect(JSON.parse(localStorage.getItem(LAST_ROLE_KEY)!)).toEqual(RIVERSIDE_ADMIN);
    expect(localStorage.getItem(LAST_TENANT_ROUTE_KEY)).toBe('/t/institute/x/admin-center');
  });

  it('setting without a route saves the landing path of the role', async () => {
    const store = freshStore();
    const route = await store
      .dispatch(setTenantContext({ tenant: NORTHSTAR, role: NORTHSTAR_MENTOR }))
      .unwrap();
    expect(route).toBe('/t/incubator/Northstar%20Incubator/user/home');
    expect(localStorage.getItem(LAST_TENANT_ROUTE_KEY)).toBe(route);
  });

  it('drops cached server answers when the scope changes, not when it stays', async () => {
    const store = freshStore({ availableTenants: [RIVERSIDE, NORTHSTAR] });
    const cached = () => Object.keys(store.getState().api?.queries ?? {}).length;
    const fill = () => store.dispatch(probeApi.endpoints.probe.initiate(1, { subscribe: false }));
    await fill();
    expect(cached()).toBe(1);
    await store.dispatch(setTenantContext({ tenant: RIVERSIDE, role: RIVERSIDE_ADMIN }));
    expect(cached()).toBe(0);
    await fill();
    await store.dispatch(setTenantContext({ tenant: RIVERSIDE, role: RIVERSIDE_ADMIN }));
    expect(cached()).toBe(1);
    await store.dispatch(setTenantContext({ tenant: NORTHSTAR, role: NORTHSTAR_MENTOR }));
    expect(cached()).toBe(0);
    await fill();
    await store.dispatch(clearTenantContext());
    expect(cached()).toBe(0);
  });

  it('clearing removes the saved context and returns to main_platform', async () => {
    const store = freshStore();
    await store.dispatch(setTenantContext({ tenant: RIVERSIDE, role: RIVERSIDE_ADMIN }));
    await store.dispatch(clearTenantContext());
    expect(store.getState().auth).toMatchObject({
      roleContext: 'main_platform',
      currentTenant: null,
      currentRole: null,
      lastTenantRoute: null,
    });
    for (const key of [LAST_TENANT_KEY, LAST_ROLE_KEY, LAST_TENANT_ROUTE_KEY]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('restores the last tenant, role and route at start while the user has access', async () => {
    localStorage.setItem(LAST_TENANT_KEY, JSON.stringify(RIVERSIDE));
    localStorage.setItem(LAST_ROLE_KEY, JSON.stringify(RIVERSIDE_ADMIN));
    localStorage.setItem(LAST_TENANT_ROUTE_KEY, '/t/institute/r/admin-center');
    const store = freshStore({ availableTenants: [RIVERSIDE, NORTHSTAR] });
    expect(await store.dispatch(restoreTenantContext()).unwrap()).toBe('/t/institute/r/admin-center');
    expect(store.getState().auth).toMatchObject({
      roleContext: 'tenant',
      currentTenant: RIVERSIDE,
      currentRole: RIVERSIDE_ADMIN,
      lastTenantRoute: '/t/institute/r/admin-center',
    });
  });

  it('restores to the landing path when no route was saved, and ignores an off-site route', async () => {
    localStorage.setItem(LAST_TENANT_KEY, JSON.stringify(RIVERSIDE));
    localStorage.setItem(LAST_ROLE_KEY, JSON.stringify(RIVERSIDE_ADMIN));
    localStorage.setItem(LAST_TENANT_ROUTE_KEY, '//evil.example');
    const store = freshStore({ availableTenants: [RIVERSIDE] });
    expect(await store.dispatch(restoreTenantContext()).unwrap()).toBe(
      '/t/institute/Riverside%20Institute%20of%20Technology/admin-center',
    );
  });

  it('does not restore, and clears the saved context, when the user lost access to the tenant', async () => {
    localStorage.setItem(LAST_TENANT_KEY, JSON.stringify(RIVERSIDE));
    localStorage.setItem(LAST_ROLE_KEY, JSON.stringify(RIVERSIDE_ADMIN));
    const store = freshStore({ availableTenants: [NORTHSTAR] });
    expect(await store.dispatch(restoreTenantContext()).unwrap()).toBeNull();
    expect(store.getState().auth.roleContext).toBe('main_platform');
    expect(localStorage.getItem(LAST_TENANT_KEY)).toBeNull();
  });

  it('does not restore a role the user no longer holds in that tenant', async () => {
    localStorage.setItem(LAST_TENANT_KEY, JSON.stringify(RIVERSIDE));
    localStorage.setItem(LAST_ROLE_KEY, JSON.stringify(NORTHSTAR_MENTOR));
    const store = freshStore({ availableTenants: [RIVERSIDE, NORTHSTAR] });
    expect(await store.dispatch(restoreTenantContext()).unwrap()).toBeNull();
    expect(store.getState().auth.currentTenant).toBeNull();
  });

  it('restores a custom role while the user is still a member of that tenant', async () => {
    const reviewer = {
      role_id: 77,
      role_name: 'reviewer',
      display_name: 'Reviewer',
      role_view: 'user' as const,
      parent_user_id: 5,
      isCustom: true,
    };
    localStorage.setItem(LAST_TENANT_KEY, JSON.stringify(RIVERSIDE));
    localStorage.setItem(LAST_ROLE_KEY, JSON.stringify(reviewer));
    const store = freshStore({ availableTenants: [RIVERSIDE, NORTHSTAR] });
    expect(await store.dispatch(restoreTenantContext()).unwrap()).toBe(
      '/t/institute/Riverside%20Institute%20of%20Technology/user/home',
    );
    expect(store.getState().auth.currentRole).toEqual(reviewer);

    // Not a member of Northstar (no role held there): the same custom role is not restored.
    localStorage.setItem(LAST_TENANT_KEY, JSON.stringify(NORTHSTAR));
    localStorage.setItem(LAST_ROLE_KEY, JSON.stringify(reviewer));
    localStorage.removeItem(LAST_TENANT_ROUTE_KEY);
    const other = freshStore({
      availableTenants: [RIVERSIDE, NORTHSTAR],
      user: {
        ...TENANT_USER,
        roles: TENANT_USER.roles.filter((role) => role.tenant_id !== NORTHSTAR.tenant_id),
      },
    });
    expect(await other.dispatch(restoreTenantContext()).unwrap()).toBeNull();
  });

  it('restores nothing when nothing (or something unreadable) was saved', async () => {
    const store = freshStore({ availableTenants: [RIVERSIDE] });
    expect(await store.dispatch(restoreTenantContext()).unwrap()).toBeNull();
    localStorage.setItem(LAST_TENANT_KEY, '{not json');
    localStorage.setItem(LAST_ROLE_KEY, JSON.stringify(RIVERSIDE_ADMIN));
    expect(await store.dispatch(restoreTenantContext()).unwrap()).toBeNull();
    expect(store.getState().auth.roleContext).toBe('main_platform');
  });
});

describe('tenant access and permissions (spec section 6)', () => {
  it('is true only for a tenant among the user tenants', () => {
    expect(hasTenantAccess([RIVERSIDE, NORTHSTAR], 11)).toBe(true);
    expect(hasTenantAccess([RIVERSIDE], 12)).toBe(false);
    expect(hasTenantAccess([], 11)).toBe(false);
    expect(hasTenantAccess([RIVERSIDE], null)).toBe(false);
  });

  it('returns empty objects for tenant and role permissions (placeholders)', () => {
    expect(getTenantPermissions(11)).toEqual({});
    expect(getRolePermissions(40)).toEqual({});
  });

  it('lists the roles held in a tenant, admin views first', () => {
    const user = {
      roles: [NORTHSTAR_MENTOR, { ...NORTHSTAR_MENTOR, role_id: 50, role_view: 'admin' as const }],
    };
    expect(rolesInTenant(user, 12).map((role) => role.role_id)).toEqual([50, 41]);
    expect(rolesInTenant(null, 12)).toEqual([]);
  });
});

describe("'No current tenant set' (spec section 8)", () => {
  it('is thrown by an action needing a tenant when none is set', () => {
    expect(() => requireCurrentTenant({ currentTenant: null })).toThrow(MESSAGES.noCurrentTenant);
    expect(requireCurrentTenant({ currentTenant: RIVERSIDE })).toBe(RIVERSIDE);
  });

  it('is stored as the tenant error and returned as the rejection', async () => {
    const store = freshStore();
    const result = await store.dispatch(ensureCurrentTenant());
    expect(result.payload).toBe('No current tenant set');
    expect(store.getState().auth.tenantError).toBe('No current tenant set');
  });

  it('resolves to the current tenant when one is set', async () => {
    const store = freshStore({ currentTenant: RIVERSIDE, roleContext: 'tenant' });
    expect(await store.dispatch(ensureCurrentTenant()).unwrap()).toBe(RIVERSIDE);
  });
});

describe('landing inside a tenant (spec section 4)', () => {
  it('sends an admin view to the tenant admin-center and others to the tenant user home', () => {
    expect(tenantLandingPath(RIVERSIDE, RIVERSIDE_ADMIN)).toBe(
      '/t/institute/Riverside%20Institute%20of%20Technology/admin-center',
    );
    expect(tenantLandingPath(NORTHSTAR, NORTHSTAR_MENTOR)).toBe(
      '/t/incubator/Northstar%20Incubator/user/home',
    );
  });
});

describe('loadUserTenants', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('reads GET getUserTenants/{userId} into availableTenants', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(ok({ data: [RIVERSIDE, NORTHSTAR, { bogus: 1 }] }));
    const store = freshStore();
    await store.dispatch(loadUserTenants(7));
    expect(get).toHaveBeenCalledWith('/api/user/tenants/getUserTenants/7');
    expect(store.getState().auth).toMatchObject({
      availableTenants: [RIVERSIDE, NORTHSTAR],
      tenantLoading: false,
      tenantError: null,
    });
  });

  it('stores the failure message and keeps the tenants it had', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(httpError(500, 'Database down'));
    const store = freshStore({ availableTenants: [RIVERSIDE] });
    await store.dispatch(loadUserTenants(7));
    expect(store.getState().auth).toMatchObject({
      availableTenants: [RIVERSIDE],
      tenantLoading: false,
      tenantError: 'Database down',
    });
  });

  it('clears a tenant context the user no longer has access to', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(ok({ data: [NORTHSTAR] }));
    const store = freshStore({
      currentTenant: RIVERSIDE,
      currentRole: RIVERSIDE_ADMIN,
      roleContext: 'tenant',
    });
    await store.dispatch(loadUserTenants(7));
    expect(store.getState().auth.roleContext).toBe('main_platform');
  });
});
