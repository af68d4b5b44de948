import { MESSAGES } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFrame } from '../../../app/layouts/AppFrame';
import { http } from '../../../shared/api/http';
import { initialAuthState } from '../../../shared/session/auth-slice';
import { httpError, ok } from '../../../shared/session/test-fixtures';
import type { SessionUser } from '../../../shared/session/types';
import { currentTenantId, setTenantIdSource } from '../../../shared/tenancy/tenant-header';
import {
  NORTHSTAR,
  PLATFORM_MEMBER,
  RIVERSIDE,
  RIVERSIDE_ADMIN,
  TENANT_USER,
} from '../../../shared/tenancy/test-fixtures';
import { renderWithProviders } from '../../../test/render';
import { LicenseTenantGate } from './LicenseTenantGate';

const pageCalls: (number | null)[] = [];
function Page() {
  useEffect(() => {
    pageCalls.push(currentTenantId());
  }, []);
  return <p>Seats page</p>;
}

const routes = [
  {
    path: '/license-ums/:licenseId',
    element: (
      <AppFrame>
        <LicenseTenantGate>
          <Page />
        </LicenseTenantGate>
      </AppFrame>
    ),
  },
];

/** Riverside (11) holds license 5; Northstar (12) has no subscription. */
function serve(tenants: unknown[]) {
  vi.spyOn(http, 'get').mockImplementation(async (url: string) =>
    url.startsWith('/api/user/tenants/getUserTenants/') ? ok({ data: tenants }) : ok({ data: [] }),
  );
  const lookups: string[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    const url = config.url ?? '';
    // The header's own counters (messages, notifications) ask too; the test follows subscriptions.
    if (url.includes('/tenant-subscriptions/')) lookups.push(url);
    if (url.endsWith('/getSubscriptionByTenant/11')) {
      return { data: { data: { subscription_id: 5, tenant_id: 11 } } } as AxiosResponse;
    }
    // Seats answer a platform administrator for any license, and name its tenant.
    if (url.endsWith('/getSeats/9')) {
      const meta = { page: 1, limit: 1, total: 0, totalPages: 1, tenant_id: 12 };
      return { data: { data: [], meta } } as AxiosResponse;
    }
    throw httpError(404, 'Subscription not found');
  });
  return lookups;
}

function open(route: string, user: SessionUser = TENANT_USER) {
  return renderWithProviders(null, {
    preloadedState: { auth: { ...initialAuthState, isLoggedIn: true, user } },
    route,
    routes,
  });
}

describe('/license-ums/{licenseId} takes its tenant from the license (issue 23 part 10)', () => {
  beforeEach(() => {
    localStorage.clear();
    pageCalls.length = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setTenantIdSource(() => null);
  });

  it('enters the tenant whose license it is, on a fresh browser, before the page asks anything', async () => {
    const lookups = serve([RIVERSIDE, NORTHSTAR]);
    const { store } = open('/license-ums/5');
    expect(await screen.findByText('Seats page')).toBeInTheDocument();
    await waitFor(() => expect(pageCalls).toEqual([RIVERSIDE.tenant_id]));
    expect(store.getState().auth).toMatchObject({
      roleContext: 'tenant',
      currentTenant: RIVERSIDE,
      currentRole: RIVERSIDE_ADMIN,
    });
    // Only tenants the person administers are asked (not Northstar, where they are a mentor).
    expect(lookups).toEqual(['/api/user/tenant-subscriptions/getSubscriptionByTenant/11']);
  });

  it('shows the 404 page inside the frame for a license of no tenant the person administers', async () => {
    serve([RIVERSIDE, NORTHSTAR]);
    const { store } = open('/license-ums/6');
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(pageCalls).toEqual([]);
    expect(store.getState().auth.roleContext).toBe('main_platform');
  });

  it('shows a member of no tenant the 404 page without asking for any subscription', async () => {
    const lookups = serve([]);
    const investor: SessionUser = {
      user_id: 9,
      username: 'ivy',
      roles: [PLATFORM_MEMBER],
      active_role: PLATFORM_MEMBER,
    };
    open('/license-ums/5', investor);
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeInTheDocument();
    expect(lookups).toEqual([]);
  });

  it('lets a platform administrator open any tenant license from /clients without entering it', async () => {
    serve([]);
    const admin = { role_id: 1, role_name: 'admin', role_view: 'admin' as const, tenant_id: null };
    const { store } = open('/license-ums/9?tenant=12', {
      user_id: 1,
      username: 'root',
      roles: [admin],
      active_role: admin,
    });
    expect(await screen.findByText('Seats page')).toBeInTheDocument();
    await waitFor(() => expect(pageCalls).toEqual([null]));
    expect(store.getState().auth.roleContext).toBe('main_platform');
  });

  it("takes a platform administrator opening a license's bare address to its tenant's seats", async () => {
    const lookups = serve([]);
    const admin = { role_id: 1, role_name: 'admin', role_view: 'admin' as const, tenant_id: null };
    const { store } = open('/license-ums/9', {
      user_id: 1,
      username: 'root',
      roles: [admin],
      active_role: admin,
    });
    expect(await screen.findByText('Seats page')).toBeInTheDocument();
    expect(lookups).toEqual(['/api/user/tenant-subscriptions/getSeats/9']);
    expect(store.getState().auth.roleContext).toBe('main_platform');
  });

  it('shows a platform administrator the 404 page for a license that does not exist', async () => {
    serve([]);
    const admin = { role_id: 1, role_name: 'admin', role_view: 'admin' as const, tenant_id: null };
    open('/license-ums/77', { user_id: 1, username: 'root', roles: [admin], active_role: admin });
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeInTheDocument();
    expect(pageCalls).toEqual([]);
  });
});
