import { screen, waitFor } from '@testing-library/react';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import EntryAdminPage from './pages/EntryAdminPage';

const empty = { data: [], meta: { page: 1, limit: 10, total: 0, totalPages: 1 } };

function session(roleView: 'admin' | 'user') {
  return {
    auth: {
      ...initialAuthState,
      isLoggedIn: true,
      user: {
        user_id: 3,
        username: 'iris',
        roles: [
          {
            role_id: 2,
            role_name: roleView === 'admin' ? 'institute_admin' : 'student',
            role_view: roleView,
          },
        ],
      },
    },
  };
}

function render(roleView: 'admin' | 'user') {
  vi.spyOn(http, 'request').mockImplementation(
    async (_config: AxiosRequestConfig) => ({ data: empty }) as AxiosResponse,
  );
  return renderWithProviders(null, {
    routes: [
      { path: '/', element: <EntryAdminPage /> },
      { path: '/user/home', element: <p>User home</p> },
    ],
    route: '/',
    preloadedState: session(roleView),
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/ (admin view)', () => {
  it('shows the admin center to an admin role view', async () => {
    const { router } = render('admin');
    expect(await screen.findByRole('heading', { name: 'Admin center' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends any other role to its home', async () => {
    const { router } = render('user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(screen.getByText('User home')).toBeInTheDocument();
  });
});
