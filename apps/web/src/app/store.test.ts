import { PERSISTED_SLICES } from '@nexus/contracts';
import { createSlice } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { menuSelected } from '../features/navigation';
import { rootReducer } from './root-reducer';
import { createAppStore, modulesLoaded, persistConfig } from './store';

describe('store', () => {
  it('gives a slice injected after start its state on modulesLoaded, before any hook dispatches', () => {
    const { store } = createAppStore();
    const late = createSlice({ name: 'injectedAfterStart', initialState: { ready: true }, reducers: {} });
    rootReducer.inject(late);
    expect(store.getState()).not.toHaveProperty('injectedAfterStart');
    store.dispatch(modulesLoaded());
    const after = store.getState();
    expect(after).toHaveProperty('injectedAfterStart', { ready: true });
    // So what a hook dispatches while React renders leaves the state as it is.
    store.dispatch({ type: 'any/unrelated' });
    expect(store.getState()).toBe(after);
  });

  it('persists exactly the slices spec section 4 names', () => {
    expect(persistConfig.whitelist).toEqual([...PERSISTED_SLICES]);
  });

  it('starts with the spec section 9 defaults', () => {
    const { store, persistor } = createAppStore();
    const state = store.getState();
    expect(state.auth).toMatchObject({
      user: null,
      isLoggedIn: false,
      otpVerified: false,
      status: 'idle',
      rehydrationStatus: 'idle',
      roleContext: 'main_platform',
      phase: 'awakening',
      currentTenant: null,
      availableTenants: [],
      tenantPermissions: {},
      tenantLoading: false,
      tenantsStatus: 'idle',
      tenantError: null,
      lastTenantRoute: null,
    });
    expect(state.menu).toEqual({ selectedMenu: 'Home', selectedSubmenu: null });
    expect(state.message).toEqual({ text: '', type: 'info' });
    expect(state.modules.selectedUnit).toBeNull();
    expect(state.study.current_year_of_study).toEqual({ study_type: null, study_year: null });
    persistor.pause();
  });

  it('writes the persisted slices, and only those, to local storage', async () => {
    localStorage.clear();
    const { store, persistor } = createAppStore();
    await new Promise<void>((resolve) => {
      if (persistor.getState().bootstrapped) resolve();
      persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
    });
    store.dispatch(menuSelected({ menu: 'Programs' }));
    await persistor.flush();
    const saved = JSON.parse(localStorage.getItem('persist:nexus') ?? '{}') as Record<string, string>;
    const keys = Object.keys(saved).filter((key) => key !== '_persist');
    expect(keys.sort()).toEqual([...PERSISTED_SLICES].sort());
    expect(JSON.parse(saved.menu ?? '{}')).toMatchObject({ selectedMenu: 'Programs' });
    persistor.pause();
  });
});
