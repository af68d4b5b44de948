import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useLocation } from 'react-router';
import type { AppStore } from '../../app/store';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { tenantRouteVisited } from '../identity/auth-slice';
import { clearTenantContext, loadUserTenants, restoreTenantContext } from './tenant-context';
import { setTenantIdSource, setTenantRefusedHandler, tenantIdOf } from './tenant-header';
import { saveTenantRoute } from './tenant-storage';

let registeredStore: AppStore | null = null;

/**
 * The tenant context at start: points the HTTP client's X-Tenant-Id header at this store (read at
 * request time), loads the user's tenants, then restores the last tenant, role and route from local
 * storage if the user still has access (spec section 4). While inside a tenant, each route visited
 * under /t/ becomes the saved last route.
 */
export function useTenancy(): void {
  const store = useStore() as AppStore;
  // Registered during render, before any child page's effect can start a call.
  if (registeredStore !== store) {
    registeredStore = store;
    setTenantIdSource(() => tenantIdOf(store.getState().auth));
    setTenantRefusedHandler(() => store.dispatch(clearTenantContext()));
  }
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) =>
    state.auth.isLoggedIn ? (state.auth.user?.user_id ?? null) : null,
  );

  useEffect(() => {
    if (userId === null) return;
    void dispatch(loadUserTenants(userId)).then(() => dispatch(restoreTenantContext()));
  }, [dispatch, userId]);

  const { pathname, search } = useLocation();
  const inTenant = useAppSelector((state) => state.auth.roleContext === 'tenant');
  useEffect(() => {
    if (!inTenant || !pathname.startsWith('/t/')) return;
    const route = `${pathname}${search}`;
    dispatch(tenantRouteVisited(route));
    saveTenantRoute(route);
  }, [dispatch, inTenant, pathname, search]);
}
