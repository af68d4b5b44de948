import { ERROR_CODES, MESSAGES } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig } from 'axios';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, ok } from '../../shared/session/test-fixtures';
import type { SessionUser } from '../../shared/session/types';
import { currentTenantId, setTenantIdSource, TENANT_HEADER } from '../../shared/tenancy/tenant-header';
import { LAST_ROLE_KEY, LAST_TENANT_KEY, readStoredTenantContext } from '../../shared/tenancy/tenant-storage';
import {
  NORTHSTAR,
  NORTHSTAR_MENTOR,
  PLATFORM_MEMBER,
  RIVERSIDE,
  RIVERSIDE_ADMIN,
  TENANT_USER,
} from '../../shared/tenancy/test-fixtures';
import { renderWithProviders } from '../../test/render';
import { AppFrame } from '../layouts/AppFrame';
import { TenantRouteGate } from './TenantRouteGate';

const RIVERSIDE_PATH = `/t/institute/${encodeURIComponent(RIVERSIDE.tenant_name)}`;
const NORTHSTAR_PATH = `/t/incubator/${encodeURIComponent(NORTHSTAR.tenant_name)}`;

/** Stands for the page: records the tenant its first call would carry (the X-Tenant-Id source). */
const pageCalls: (number | null)[] = [];
function Page({ name }: { name: string }) {
  useEffect(() => {
    pageCalls.push(currentTenantId());
  }, []);
  return <p>{name}</p>;
}

const routes = [
  {
    path: '/t/:tenant_type/:tenant_name/admin-center',
    element: (
      <AppFrame>
        <TenantRouteGate kind="admin">
          <Page name="Admin page" />
        </TenantRouteGate>
      </AppFrame>
    ),
  },
  {
    path: '/t/:tenant_type/:tenant_name/user/home',
    element: (
      <AppFrame>
        <TenantRouteGate kind="home">
          <Page name="Tenant home" />
        </TenantRouteGate>
      </AppFrame>
    ),
  },
];

/** The server as the frame reads it: the user's tenants (or a failure), and empty menus. */
function serve(tenants: unknown[] | Error) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string, _config?: AxiosRequestConfig) => {
    if (url.startsWith('/api/user/tenants/getUserTenants/')) {
      if (tenants instanceof Error) throw tenants;
      return ok({ data: tenants });
    }
    return ok({ data: [] });
  });
}

function open(route: string, user: SessionUser = TENANT_USER, auth: Partial<typeof initialAuthState> = {}) {
  return renderWithProviders(null, {
    preloadedState: { auth: { ...initialAuthState, isLoggedIn: true, user, ...auth } },
    route,
    routes,
  });
}

describe('tenant routes take the tenant from the URL (issue 23 part 10)', () => {
  beforeEach(() => {
    localStorage.clear();
    pageCalls.length = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setTenantIdSource(() => null);
  });

  it('enters the tenant for a member on a fresh browser before the page asks anything', async () => {
    serve([RIVERSIDE, NORTHSTAR]);
    const { store } = open(`${RIVERSIDE_PATH}/admin-center`);
    expect(await screen.findByText('Admin page')).toBeInTheDocument();
    await waitFor(() => expect(pageCalls).toEqual([RIVERSIDE.tenant_id]));
    expect(store.getState().auth).toMatchObject({
      roleContext: 'tenant',
      currentTenant: RIVERSIDE,
      currentRole: RIVERSIDE_ADMIN,
    });
    // Saved as the context of this browser (spec section 4), with the route opened.
    expect(readStoredTenantContext()).toEqual({
      tenant: RIVERSIDE,
      role: RIVERSIDE_ADMIN,
      route: `${RIVERSIDE_PATH}/admin-center`,
    });
  });

  it('follows the URL over the tenant this browser remembers from another visit', async () => {
    serve([RIVERSIDE, NORTHSTAR]);
    localStorage.setItem(LAST_TENANT_KEY, JSON.stringify(NORTHSTAR));
    localStorage.setItem(LAST_ROLE_KEY, JSON.stringify(NORTHSTAR_MENTOR));
    const { store } = open(`${RIVERSIDE_PATH}/admin-center`);
    const entered: (number | null)[] = [null];
    store.subscribe(() => {
      const id = store.getState().auth.currentTenant?.tenant_id ?? null;
      if (entered.at(-1) !== id) entered.push(id);
    });
    expect(await screen.findByText('Admin page')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.tenantsStatus).toBe('succeeded'));
    await waitFor(() => expect(pageCalls).toEqual([RIVERSIDE.tenant_id]));
    // The remembered tenant is never entered on the way, not even for a moment.
    expect(entered).toEqual([null, RIVERSIDE.tenant_id]);
    expect(store.getState().auth.currentTenant).toEqual(RIVERSIDE);
  });

  it('acts in the member role on the tenant home', async () => {
    serve([RIVERSIDE, NORTHSTAR]);
    const { store } = open(`${NORTHSTAR_PATH}/user/home`);
    expect(await screen.findByText('Tenant home')).toBeInTheDocument();
    expect(store.getState().auth.currentRole).toEqual(NORTHSTAR_MENTOR);
    expect(pageCalls).toEqual([NORTHSTAR.tenant_id]);
  });

  it('opens the admin center in the member role for a member without an admin role there', async () => {
    serve([RIVERSIDE, NORTHSTAR]);
    const { store } = open(`${NORTHSTAR_PATH}/admin-center`);
    expect(await screen.findByText('Admin page')).toBeInTheDocument();
    await waitFor(() => expect(pageCalls).toEqual([NORTHSTAR.tenant_id]));
    expect(store.getState().auth.currentRole).toEqual(NORTHSTAR_MENTOR);
  });

  it('shows a non-member the 404 page inside the frame, and never the page', async () => {
    serve([]);
    const investor: SessionUser = {
      user_id: 9,
      username: 'ivy',
      roles: [PLATFORM_MEMBER],
      active_role: PLATFORM_MEMBER,
    };
    const { store } = open(`${RIVERSIDE_PATH}/admin-center`, investor);
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MESSAGES.goToHomepage })).toHaveAttribute('href', '/user/home');
    // One main landmark: the frame's.
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(pageCalls).toEqual([]);
    expect(store.getState().auth.roleContext).toBe('main_platform');
    await waitFor(() => expect(document.title).toBe('Page not found · Nexus'));
  });

  it('enters a tenant a platform administrator is no member of, in their platform admin role', async () => {
    const get = serve([]);
    get.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/user/tenants/getUserTenants/')) return ok({ data: [] });
      if (url === '/api/user/tenants/getTenantsByType/institute') {
        return ok({ data: [{ ...RIVERSIDE, created_by: 1, modified_by: null }] });
      }
      return ok({ data: [] });
    });
    const admin = { role_id: 1, role_name: 'admin', role_view: 'admin' as const, tenant_id: null };
    const root: SessionUser = { user_id: 1, username: 'root', roles: [admin], active_role: admin };
    const { store } = open(`${RIVERSIDE_PATH}/admin-center`, root);
    expect(await screen.findByText('Admin page')).toBeInTheDocument();
    await waitFor(() => expect(pageCalls).toEqual([RIVERSIDE.tenant_id]));
    expect(store.getState().auth).toMatchObject({
      roleContext: 'tenant',
      currentTenant: RIVERSIDE,
      currentRole: admin,
    });
  });

  it('shows a platform administrator the 404 page for a tenant that does not exist', async () => {
    serve([]);
    const admin = { role_id: 1, role_name: 'admin', role_view: 'admin' as const, tenant_id: null };
    const root: SessionUser = { user_id: 1, username: 'root', roles: [admin], active_role: admin };
    const { store } = open('/t/institute/Nowhere%20College/admin-center', root);
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeInTheDocument();
    expect(pageCalls).toEqual([]);
    expect(store.getState().auth.roleContext).toBe('main_platform');
  });

  it('shows the 404 page for a tenant the member does not belong to, even one named like theirs', async () => {
    serve([RIVERSIDE]);
    open(`/t/incubator/${encodeURIComponent(RIVERSIDE.tenant_name)}/admin-center`);
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeInTheDocument();
    expect(pageCalls).toEqual([]);
  });

  it('says when the tenants cannot be loaded, and tries again', async () => {
    const get = serve(httpError(500, 'Database down'));
    open(`${RIVERSIDE_PATH}/admin-center`);
    expect(await screen.findByText('We could not load your organisations')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.notFoundPage)).not.toBeInTheDocument();
    get.mockRestore();
    serve([RIVERSIDE]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Admin page')).toBeInTheDocument();
    await waitFor(() => expect(pageCalls).toEqual([RIVERSIDE.tenant_id]));
  });

  it('shows the 404 page, without asking again and again, when the server refuses a stale membership', async () => {
    const original = http.defaults.adapter;
    const sent: (string | undefined)[] = [];
    // The client's list still has Riverside; the server no longer counts the user as a member.
    http.defaults.adapter = async (config) => {
      const tenant = config.headers.get(TENANT_HEADER) as string | undefined;
      if (config.url === '/api/page-data') sent.push(tenant);
      const refused = tenant !== undefined;
      const data = refused
        ? { message: 'You are not a member of this organisation.', code: ERROR_CODES.tenantRefused }
        : { data: config.url?.startsWith('/api/user/tenants/getUserTenants/') ? [RIVERSIDE] : [] };
      const response = { status: refused ? 403 : 200, statusText: '', data, headers: {}, config };
      if (refused) throw new AxiosError('refused', 'ERR_BAD_REQUEST', config, {}, response);
      return response;
    };
    try {
      function Asking() {
        useEffect(() => {
          void http.get('/api/page-data').catch(() => undefined);
        }, []);
        return <p>Asking page</p>;
      }
      const { store } = renderWithProviders(null, {
        preloadedState: { auth: { ...initialAuthState, isLoggedIn: true, user: TENANT_USER } },
        route: `${RIVERSIDE_PATH}/admin-center`,
        routes: [
          {
            path: '/t/:tenant_type/:tenant_name/admin-center',
            element: (
              <AppFrame>
                <TenantRouteGate kind="admin">
                  <Asking />
                </TenantRouteGate>
              </AppFrame>
            ),
          },
        ],
      });
      await waitFor(() => expect(screen.getByText(MESSAGES.notFoundPage)).toBeInTheDocument());
      expect(store.getState().auth.availableTenants).toEqual([]);
      expect(store.getState().auth.roleContext).toBe('main_platform');
      const asked = sent.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The refusals settle (the frame's own calls are refused alongside): no loop of re-entering.
      expect(sent.length).toBe(asked);
      expect(asked).toBeLessThanOrEqual(4);
      expect(screen.getByText(MESSAGES.notFoundPage)).toBeInTheDocument();
    } finally {
      http.defaults.adapter = original;
    }
  });
});
