import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { AppStore } from '../../app/store';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { loadUserTenants, restoreTenantContext } from './tenant-context';
import { setTenantIdSource, tenantIdOf } from './tenant-header';

let registeredStore: AppStore | null = null;

/**
 * The tenant context at start: points the HTTP client's X-Tenant-Id header at this store (read at
 * request time), loads the user's tenants, then restores the last tenant, role and route from local
 * storage if the user still has access (spec section 4).
 */
export function useTenancy(): void {
  const store = useStore() as AppStore;
  // Registered during render, before any child page's effect can start a call.
  if (registeredStore !== store) {
    registeredStore = store;
    setTenantIdSource(() => tenantIdOf(store.getState().auth));
  }
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) =>
    state.auth.isLoggedIn ? (state.auth.user?.user_id ?? null) : null,
  );

  useEffect(() => {
    if (userId === null) return;
    void dispatch(loadUserTenants(userId)).then(() => dispatch(restoreTenantContext()));
  }, [dispatch, userId]);
}
