import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { http } from '../api/http';
import { LAST_TENANT_KEY } from '../tenancy/tenant-storage';
import {
  authSlice,
  chooseActiveRole,
  completeSignIn,
  initialAuthState,
  restoreSession,
  signedOut,
  signOut,
  tenantContextCleared,
  tenantContextSet,
  tenantErrorSet,
  tenantRouteVisited,
  tenantsFailed,
  tenantsLoaded,
  tenantsRequested,
} from './auth-slice';
import { RETURN_TO_KEY } from './return-to';
import { ADMIN, httpError, INVESTOR, ok, PROFILE, userRecord } from './test-fixtures';

function freshStore(auth: Partial<typeof initialAuthState> = {}) {
  const { store, persistor } = createAppStore({ auth: { ...initialAuthState, ...auth } });
  persistor.pause();
  return store;
}

/** GET /auth/profile answers `profile`, then getUser answers `user` (or the given failure). */
function serve({ profile, user }: { profile: unknown; user?: unknown }) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/auth/profile') {
      if (profile instanceof Error) throw profile;
      return ok(profile);
    }
    if (url.startsWith('/operations/global-user/users/getUser/')) {
      if (user instanceof Error) throw user;
      return ok({ data: user });
    }
    throw new Error(`unexpected GET ${url}`);
  });
}

const signedInUser = { user_id: 7, username: 'ada', roles: [INVESTOR], active_role: INVESTOR };

describe('login status (spec section 4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('goes from idle to succeeded; the user is logged in and otpVerified is the email-verified flag', async () => {
    serve({ profile: { ...PROFILE, email_verified: false }, user: userRecord({ otpVerified: true }) });
    const store = freshStore();
    expect(store.getState().auth.status).toBe('idle');
    await store.dispatch(completeSignIn());
    const auth = store.getState().auth;
    expect(auth.status).toBe('succeeded');
    expect(auth.isLoggedIn).toBe(true);
    expect(auth.otpVerified).toBe(false);
    expect(auth.user).toMatchObject({
      user_id: 7,
      username: 'ada',
      active_role: INVESTOR,
      otpVerified: false,
    });
    expect(auth.rehydrationStatus).toBe('idle');
  });

  it('reads the profile whether it is flat or under data', async () => {
    serve({ profile: { data: PROFILE }, user: userRecord() });
    const store = freshStore();
    await store.dispatch(completeSignIn());
    expect(store.getState().auth).toMatchObject({ status: 'succeeded', otpVerified: true });
  });

  it('goes from idle to failed, storing the message, when the session cannot be read', async () => {
    serve({ profile: httpError(401, 'Not signed in') });
    const store = freshStore();
    const result = await store.dispatch(completeSignIn());
    expect(result.payload).toEqual({ message: 'Not signed in', unauthenticated: true, status: 401 });
    expect(store.getState().auth).toMatchObject({
      status: 'failed',
      error: 'Not signed in',
      isLoggedIn: false,
    });
  });

  it('asks for the user with the session fields', async () => {
    const get = serve({ profile: PROFILE, user: userRecord() });
    await freshStore().dispatch(completeSignIn());
    expect(get).toHaveBeenCalledWith('/operations/global-user/users/getUser/7', {
      params: {
        fields:
          'user_id,username,firstName,lastName,email,enabled,roles,active_role,profile_image,registration_redirect,phone_number,otpVerified',
      },
    });
  });
});

describe('logout (spec sections 4 and 8)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('posts /auth/logout, clears the user and otpVerified and resets the persisted slices', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue(ok({ data: { signedOut: true } }));
    const { store, persistor } = createAppStore({
      auth: {
        ...initialAuthState,
        isLoggedIn: true,
        otpVerified: true,
        user: signedInUser,
        currentTenant: { tenant_id: 2, tenant_type: 'institute', tenant_name: 'MIT' },
        currentRole: INVESTOR,
        roleContext: 'tenant',
      },
      menu: { selectedMenu: 'Programs', selectedSubmenu: 'Mine' },
    });
    persistor.pause();
    sessionStorage.setItem(RETURN_TO_KEY, '/calendar');
    localStorage.setItem(LAST_TENANT_KEY, '{"tenant_id":11}');
    await store.dispatch(signOut()).unwrap();
    expect(post).toHaveBeenCalledWith('/auth/logout');
    const state = store.getState();
    expect(state.auth).toEqual(initialAuthState);
    expect(state.menu).toEqual({ selectedMenu: 'Home', selectedSubmenu: null });
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBeNull();
    expect(localStorage.getItem(LAST_TENANT_KEY)).toBeNull();
  });

  it("rejects with 'Logout failed' and keeps the session when the call fails", async () => {
    vi.spyOn(http, 'post').mockRejectedValue(httpError(500));
    const store = freshStore({ isLoggedIn: true, otpVerified: true, user: signedInUser });
    const result = await store.dispatch(signOut());
    expect(result.payload).toBe('Logout failed');
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, otpVerified: true, user: signedInUser });
  });

  it('signedOut clears the user and otpVerified', () => {
    const store = freshStore({
      isLoggedIn: true,
      otpVerified: true,
      user: signedInUser,
      status: 'succeeded',
    });
    store.dispatch(signedOut());
    expect(store.getState().auth).toMatchObject({ user: null, otpVerified: false, isLoggedIn: false });
  });
});

describe('session restore (spec section 4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is loading while the calls run, then succeeded', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const get = vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/auth/profile') return new Promise((resolve) => (answer = resolve));
      return ok({ data: userRecord() });
    });
    const store = freshStore();
    const running = store.dispatch(restoreSession());
    expect(store.getState().auth.rehydrationStatus).toBe('loading');
    await vi.waitFor(() => expect(get).toHaveBeenCalled());
    expect(store.getState().auth.rehydrationStatus).toBe('loading');
    answer(ok(PROFILE));
    await running;
    expect(store.getState().auth).toMatchObject({
      rehydrationStatus: 'succeeded',
      isLoggedIn: true,
      otpVerified: true,
      status: 'idle',
    });
  });

  it.each([401, 403])('becomes idle when the profile call answers %i (unauthenticated)', async (status) => {
    serve({ profile: httpError(status) });
    const store = freshStore();
    const result = await store.dispatch(restoreSession());
    expect(result.payload).toMatchObject({ unauthenticated: true, status });
    expect(store.getState().auth).toMatchObject({
      rehydrationStatus: 'idle',
      error: null,
      isLoggedIn: false,
    });
  });

  it('fails, storing the message, on any other error', async () => {
    serve({ profile: httpError(500, 'Database unavailable') });
    const store = freshStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth).toMatchObject({
      rehydrationStatus: 'failed',
      error: 'Database unavailable',
    });
  });

  it('fails on a network error (no status: not unauthenticated)', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new Error('Network Error'));
    const store = freshStore();
    const result = await store.dispatch(restoreSession());
    expect(result.payload).toMatchObject({ unauthenticated: false, message: 'Network Error' });
    expect(store.getState().auth.rehydrationStatus).toBe('failed');
  });

  it('fails (not idle) when the user lookup answers 401: only the profile call decides', async () => {
    serve({ profile: PROFILE, user: httpError(401) });
    const store = freshStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth.rehydrationStatus).toBe('failed');
  });

  it('does not start a second restore while one is loading', async () => {
    const get = serve({ profile: PROFILE, user: userRecord() });
    const store = freshStore();
    await Promise.all([store.dispatch(restoreSession()), store.dispatch(restoreSession())]);
    expect(get.mock.calls.filter(([url]) => url === '/auth/profile')).toHaveLength(1);
  });

  it('creates the user with the temp role when the lookup returns 404', async () => {
    serve({ profile: PROFILE, user: httpError(404, 'User not found') });
    const created = userRecord({
      roles: [],
      active_role: null,
      registration_redirect: '/registration/investor',
    });
    const post = vi.spyOn(http, 'post').mockResolvedValue(ok({ data: created }));
    const store = freshStore();
    const result = await store.dispatch(restoreSession({ registrationRedirect: '/registration/investor' }));
    expect(post).toHaveBeenCalledWith('/operations/global-user/users/createUser', {
      roles: [19],
      registration_redirect: '/registration/investor',
    });
    expect(result.meta.requestStatus).toBe('fulfilled');
    expect(store.getState().auth.user).toMatchObject({
      user_id: 7,
      roles: [{ role_id: 19, role_name: 'temp', display_name: 'Temp' }],
      active_role: { role_id: 19 },
    });
  });

  it('fails when the lookup fails with anything but 404, without creating a user', async () => {
    serve({ profile: PROFILE, user: httpError(500) });
    const post = vi.spyOn(http, 'post');
    const store = freshStore();
    await store.dispatch(restoreSession());
    expect(post).not.toHaveBeenCalled();
    expect(store.getState().auth.rehydrationStatus).toBe('failed');
  });
});

describe('active role (spec section 4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the stored active role when the user holds it, without saving anything', async () => {
    serve({ profile: PROFILE, user: userRecord({ roles: [INVESTOR, ADMIN], active_role: ADMIN }) });
    const put = vi.spyOn(http, 'put');
    const store = freshStore();
    const result = await store.dispatch(restoreSession());
    expect(store.getState().auth.user?.active_role).toEqual(ADMIN);
    expect(put).not.toHaveBeenCalled();
    expect(result.payload).toMatchObject({ activeRoleStored: true });
  });

  it('makes the first role active when none is set, and saves it', async () => {
    serve({ profile: PROFILE, user: userRecord({ roles: [ADMIN, INVESTOR], active_role: null }) });
    const put = vi.spyOn(http, 'put').mockResolvedValue(ok({ data: {} }));
    const store = freshStore();
    const result = await store.dispatch(restoreSession());
    expect(store.getState().auth.user?.active_role).toEqual(ADMIN);
    expect(put).toHaveBeenCalledWith('/operations/global-user/users/updateUser/7', { active_role: 1 });
    expect(result.payload).toMatchObject({ activeRoleStored: false });
  });

  it('makes the first role active when the stored one is no longer held', async () => {
    serve({ profile: PROFILE, user: userRecord({ roles: [INVESTOR], active_role: ADMIN }) });
    vi.spyOn(http, 'put').mockResolvedValue(ok({ data: {} }));
    const store = freshStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth.user?.active_role).toEqual(INVESTOR);
  });

  it('swallows a failure to save the first role (spec section 8: sync failures are silent)', async () => {
    serve({ profile: PROFILE, user: userRecord({ roles: [INVESTOR], active_role: null }) });
    const put = vi.spyOn(http, 'put').mockRejectedValue(httpError(500));
    const store = freshStore();
    const result = await store.dispatch(restoreSession());
    await Promise.resolve();
    expect(put).toHaveBeenCalled();
    expect(result.meta.requestStatus).toBe('fulfilled');
    expect(store.getState().auth).toMatchObject({ rehydrationStatus: 'succeeded', error: null });
  });

  it('gives a user with no roles the temp role', async () => {
    serve({ profile: PROFILE, user: userRecord({ roles: [], active_role: null }) });
    const put = vi.spyOn(http, 'put');
    const store = freshStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth.user?.active_role).toMatchObject({ role_id: 19, role_name: 'temp' });
    expect(put).not.toHaveBeenCalled();
  });

  it('saves the role chosen on /select-role and makes it active', async () => {
    const put = vi.spyOn(http, 'put').mockResolvedValue(ok({ data: {} }));
    const store = freshStore({ isLoggedIn: true, user: { ...signedInUser, roles: [INVESTOR, ADMIN] } });
    await store.dispatch(chooseActiveRole(ADMIN)).unwrap();
    expect(put).toHaveBeenCalledWith('/operations/global-user/users/updateUser/7', { active_role: 1 });
    expect(store.getState().auth.user?.active_role).toEqual(ADMIN);
  });

  it('keeps the active role and reports the server message when the choice cannot be saved', async () => {
    vi.spyOn(http, 'put').mockRejectedValue(
      httpError(400, 'The active role must be one of the roles you hold.'),
    );
    const store = freshStore({ isLoggedIn: true, user: { ...signedInUser, roles: [INVESTOR, ADMIN] } });
    const result = await store.dispatch(chooseActiveRole(ADMIN));
    expect(result.payload).toBe('The active role must be one of the roles you hold.');
    expect(store.getState().auth.user?.active_role).toEqual(INVESTOR);
  });
});

describe('tenant reducers (spec sections 3 and 4)', () => {
  const reduce = authSlice.reducer;
  const tenant = { tenant_id: 11, tenant_type: 'institute', tenant_name: 'Riverside' };
  const role = { role_id: 40, role_view: 'admin' as const, tenant_id: 11 };

  it('sets the tenant context and keeps the last route when none is given', () => {
    const withRoute = reduce(
      initialAuthState,
      tenantContextSet({ tenant, role, route: '/t/institute/Riverside/admin-center' }),
    );
    expect(withRoute).toMatchObject({ roleContext: 'tenant', currentTenant: tenant, currentRole: role });
    expect(reduce(withRoute, tenantContextSet({ tenant, role })).lastTenantRoute).toBe(
      '/t/institute/Riverside/admin-center',
    );
  });

  it('clears back to main_platform', () => {
    const set = reduce(initialAuthState, tenantContextSet({ tenant, role, route: '/x' }));
    expect(reduce(set, tenantContextCleared())).toMatchObject({
      roleContext: 'main_platform',
      currentTenant: null,
      currentRole: null,
      lastTenantRoute: null,
    });
  });

  it('tracks loading, loaded and failed tenant lists', () => {
    const loading = reduce({ ...initialAuthState, tenantError: 'old' }, tenantsRequested());
    expect(loading).toMatchObject({ tenantLoading: true, tenantsStatus: 'loading', tenantError: null });
    expect(reduce(loading, tenantsLoaded([tenant]))).toMatchObject({
      tenantLoading: false,
      tenantsStatus: 'succeeded',
      availableTenants: [tenant],
    });
    expect(reduce(loading, tenantsFailed('Network Error'))).toMatchObject({
      tenantLoading: false,
      tenantsStatus: 'failed',
      tenantError: 'Network Error',
      availableTenants: [],
    });
  });

  it('records the last route visited inside a tenant, and none outside one', () => {
    const set = reduce(initialAuthState, tenantContextSet({ tenant, role, route: '/a' }));
    expect(reduce(set, tenantRouteVisited('/t/institute/Riverside/members')).lastTenantRoute).toBe(
      '/t/institute/Riverside/members',
    );
    expect(reduce(initialAuthState, tenantRouteVisited('/t/x/y/user/home')).lastTenantRoute).toBeNull();
  });

  it('stores and clears a tenant error', () => {
    const failed = reduce(initialAuthState, tenantErrorSet('No current tenant set'));
    expect(failed.tenantError).toBe('No current tenant set');
    expect(reduce(failed, tenantErrorSet(null)).tenantError).toBeNull();
  });
});
