import { HUB_PAGES_API } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { NORTHSTAR, RIVERSIDE, RIVERSIDE_ADMIN, TENANT_USER } from '../../shared/tenancy/test-fixtures';
import { mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import ManageHubsPage from './pages/ManageHubsPage';

const empty = { data: [], meta: { page: 1, limit: 20, total: 0, totalPages: 1, totalExact: true } };

function open(auth: Partial<typeof initialAuthState>) {
  return renderWithProviders(null, {
    routes: [{ path: '/manage-hubs', element: <ManageHubsPage /> }],
    route: '/manage-hubs',
    preloadedState: {
      auth: {
        ...initialAuthState,
        isLoggedIn: true,
        user: TENANT_USER,
        availableTenants: [RIVERSIDE, NORTHSTAR],
        tenantsStatus: 'succeeded' as const,
        ...auth,
      },
    },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/manage-hubs for an organisation administrator', () => {
  it('on the main platform, offers to enter the organisations they administer, and only those', async () => {
    mockHttp().get(`${HUB_PAGES_API}/getHubs`, empty);
    const { store } = open({});
    const enter = await screen.findByRole('button', { name: `Pages of ${RIVERSIDE.tenant_name}` });
    // Northstar, where they are a mentor, is not theirs to edit.
    expect(screen.queryByRole('button', { name: `Pages of ${NORTHSTAR.tenant_name}` })).toBeNull();
    expect(screen.queryByRole('form', { name: 'New hub page' })).toBeNull();
    await userEvent.click(enter);
    await waitFor(() =>
      expect(store.getState().auth).toMatchObject({
        roleContext: 'tenant',
        currentTenant: RIVERSIDE,
        currentRole: RIVERSIDE_ADMIN,
      }),
    );
  });

  it('inside the organisation, has the form for a new page', async () => {
    mockHttp().get(`${HUB_PAGES_API}/getHubs`, empty);
    open({ roleContext: 'tenant', currentTenant: RIVERSIDE, currentRole: RIVERSIDE_ADMIN });
    expect(await screen.findByRole('form', { name: 'New hub page' })).toBeInTheDocument();
    expect(screen.getByText(`New page for ${RIVERSIDE.tenant_name}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pages of / })).toBeNull();
  });
});
