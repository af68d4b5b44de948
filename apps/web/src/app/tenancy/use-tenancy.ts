import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useLocation } from 'react-router';
import { tenantRouteVisited, tenantsLoaded } from '../../shared/session/auth-slice';
import {
  clearTenantContext,
  loadUserTenants,
  restoreTenantContext,
} from '../../shared/tenancy/tenant-context';
import { setTenantIdSource, setTenantRefusedHandler, tenantIdOf } from '../../shared/tenancy/tenant-header';
import { isUrlScopedPath } from '../../shared/tenancy/tenant-route';
import { saveTenantRoute } from '../../shared/tenancy/tenant-storage';
import type { AppStore } from '../store';
import { useAppDispatch, useAppSelector } from '../store';

let registeredStore: AppStore | null = null;

/**
 * The tenant context at start: points the HTTP client's X-Tenant-Id header at this store (read at
 * request time), loads the user's tenants, then restores the last tenant, role and route from local
 * storage if the user still has access (spec section 4), unless the route names its own tenant.
 * While inside a tenant, each route visited under /t/ becomes the saved last route.
 */
export function useTenancy(): void {
  const store = useStore() as AppStore;
  // Registered during render, before any child page's effect can start a call.
  if (registeredStore !== store) {
    registeredStore = store;
    setTenantIdSource(() => tenantIdOf(store.getState().auth));
    setTenantRefusedHandler(async () => {
      // The server says the user is no member of the tenant sent: it leaves their list too, so a
      // tenant route does not enter it again (it shows the 404 page instead).
      const { auth } = store.getState();
      const refused = tenantIdOf(auth);
      await store.dispatch(clearTenantContext());
      if (refused !== null) {
        store.dispatch(tenantsLoaded(auth.availableTenants.filter((tenant) => tenant.tenant_id !== refused)));
      }
    });
  }
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) =>
    state.auth.isLoggedIn ? (state.auth.user?.user_id ?? null) : null,
  );

  const { pathname, search } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;

  useEffect(() => {
    if (userId === null) return;
    void dispatch(loadUserTenants(userId)).then(() => {
      // A route naming its tenant sets the context from its path (issue 23 part 10); the one this
      // browser remembers from another visit must not override it.
      if (!isUrlScopedPath(path.current)) return dispatch(restoreTenantContext());
    });
  }, [dispatch, userId]);

  const inTenant = useAppSelector((state) => state.auth.roleContext === 'tenant');
  useEffect(() => {
    if (!inTenant || !pathname.startsWith('/t/')) return;
    const route = `${pathname}${search}`;
    dispatch(tenantRouteVisited(route));
    saveTenantRoute(route);
  }, [dispatch, inTenant, pathname, search]);
}
