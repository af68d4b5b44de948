import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { authPersistTransform, PERSISTED_AUTH_FIELDS } from './auth-persist';
import { type AuthState, initialAuthState, restoreSession } from './auth-slice';

const signedIn: AuthState = {
  ...initialAuthState,
  user: { user_id: 7, username: 'ada', roles: [{ role_id: 3 }], active_role: { role_id: 3 } },
  otpVerified: true,
  isLoggedIn: true,
  status: 'succeeded',
  error: 'an old error',
  rehydrationStatus: 'loading',
  currentTenant: { tenant_id: 2, tenant_type: 'institute', tenant_name: 'MIT' },
  currentRole: { role_id: 3 },
  roleContext: 'tenant',
  lastTenantRoute: '/t/institute/MIT/user/home',
  availableTenants: [{ tenant_id: 2, tenant_type: 'institute', tenant_name: 'MIT' }],
};

async function bootstrapped() {
  const { store, persistor } = createAppStore();
  await new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) resolve();
    persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
  });
  return { store, persistor };
}

describe('auth persistence (spec section 4)', () => {
  it('saves who is signed in and the tenant context, never the request states', () => {
    const saved = authPersistTransform.in(signedIn, 'auth', {});
    expect(Object.keys(saved).sort()).toEqual([...PERSISTED_AUTH_FIELDS].sort());
    expect(saved).toEqual({
      user: signedIn.user,
      otpVerified: true,
      isLoggedIn: true,
      currentTenant: signedIn.currentTenant,
      currentRole: signedIn.currentRole,
      roleContext: 'tenant',
      lastTenantRoute: '/t/institute/MIT/user/home',
    });
  });

  it('restores the saved fields over the initial state, dropping anything else an older build saved', () => {
    const restored = authPersistTransform.out(
      { ...signedIn, status: 'failed', rehydrationStatus: 'loading' } as never,
      'auth',
      {},
    );
    expect(restored).toEqual({
      ...initialAuthState,
      user: signedIn.user,
      otpVerified: true,
      isLoggedIn: true,
      currentTenant: signedIn.currentTenant,
      currentRole: signedIn.currentRole,
      roleContext: 'tenant',
      lastTenantRoute: '/t/institute/MIT/user/home',
    });
  });

  it('writes the narrowed auth slice to local storage', async () => {
    localStorage.clear();
    const { store, persistor } = await bootstrapped();
    store.dispatch({
      type: restoreSession.pending.type,
      meta: { arg: undefined, requestId: 'x', requestStatus: 'pending' },
    });
    store.dispatch({
      type: restoreSession.fulfilled.type,
      payload: { user: signedIn.user, emailVerified: true, activeRoleStored: true },
      meta: { arg: undefined, requestId: 'x', requestStatus: 'fulfilled' },
    });
    await persistor.flush();
    const root = JSON.parse(localStorage.getItem('persist:nexus') ?? '{}') as Record<string, string>;
    const auth = JSON.parse(root.auth ?? '{}') as Record<string, unknown>;
    expect(Object.keys(auth).sort()).toEqual([...PERSISTED_AUTH_FIELDS].sort());
    expect(auth).toMatchObject({ isLoggedIn: true, otpVerified: true, user: { user_id: 7 } });
    persistor.pause();
  });
});
