import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import TenantSetupPage from './pages/TenantSetupPage';

const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 5, username: 'founder', roles: [{ role_id: 6 }] },
  },
};

function renderSetup() {
  return renderWithProviders(null, {
    routes: [
      { path: '/tenant-setup', element: <TenantSetupPage /> },
      { path: '/t/:tenant_type/:tenant_name/admin-center', element: <p>Tenant admin center</p> },
    ],
    route: '/tenant-setup',
    preloadedState: signedIn,
  });
}

async function fill(type: string, name: string) {
  await userEvent.click(screen.getByPlaceholderText('Choose one'));
  await userEvent.click(await screen.findByRole('option', { name: type }));
  await userEvent.type(screen.getByRole('textbox', { name: /Organisation name/ }), name);
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/tenant-setup', () => {
  it('asks for the kind and the name before any call', async () => {
    const request = vi.spyOn(http, 'request');
    renderSetup();
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('Choose the kind of organisation')).toBeInTheDocument();
    expect(screen.getByText('Enter the organisation name')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });

  it('refuses a name with a slash, as the server does', async () => {
    const request = vi.spyOn(http, 'request');
    renderSetup();
    await fill('Institute', 'A/B');
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByText('The organisation name cannot contain slashes.')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });

  it('creates the tenant, enters it and opens its admin center', async () => {
    const calls: AxiosRequestConfig[] = [];
    vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
      calls.push(config);
      return {
        data: {
          data: {
            tenant_id: 9,
            tenant_type: 'incubator',
            tenant_name: 'North Labs',
            role: { role_id: 2, role_view: 'admin' },
          },
        },
      } as AxiosResponse;
    });
    const adminThere = { role_id: 2, role_view: 'admin', tenant_id: 9 };
    const reads: string[] = [];
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      reads.push(url);
      if (url === '/auth/profile') return { data: { user_id: 5, email_verified: true } } as AxiosResponse;
      if (url.includes('/getUser/5')) {
        return {
          data: {
            data: {
              user_id: 5,
              username: 'founder',
              roles: [{ role_id: 6 }, adminThere],
              active_role: { role_id: 6 },
            },
          },
        } as AxiosResponse;
      }
      return {
        data: { data: [{ tenant_id: 9, tenant_type: 'incubator', tenant_name: 'North Labs' }] },
      } as AxiosResponse;
    });
    const { router, store } = renderSetup();
    await fill('Incubator', 'North Labs');
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/t/incubator/North%20Labs/admin-center'),
    );
    expect(calls[0]).toMatchObject({
      url: '/api/user/tenants/createTenant',
      method: 'POST',
      data: { tenant_type: 'incubator', tenant_name: 'North Labs', created_by: 5 },
    });
    expect(store.getState().auth.currentTenant).toMatchObject({ tenant_id: 9 });
    expect(store.getState().auth.roleContext).toBe('tenant');
    // The session was read again: it now holds the admin role in the new tenant.
    expect(reads).toContain('/auth/profile');
    expect(store.getState().auth.user?.roles).toContainEqual(expect.objectContaining(adminThere));
  });

  it('shows the server message and stays', async () => {
    const response = {
      status: 409,
      data: { message: 'A tenant with this name already exists.' },
    } as AxiosResponse;
    vi.spyOn(http, 'request').mockRejectedValue(
      new AxiosError('x', 'ERR_BAD_REQUEST', undefined, undefined, response),
    );
    const { router } = renderSetup();
    await fill('Institute', 'Riverside');
    await userEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A tenant with this name already exists.');
    expect(router.state.location.pathname).toBe('/tenant-setup');
  });
});
