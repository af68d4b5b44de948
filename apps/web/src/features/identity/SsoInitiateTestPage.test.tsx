import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import SsoInitiateTestPage from './pages/SsoInitiateTestPage';

afterEach(() => {
  vi.restoreAllMocks();
});

const signedInAs = (roleView: 'admin' | 'user') => ({
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 1, username: 'ada', roles: [{ role_id: 2, role_name: 'admin', role_view: roleView }] },
  },
});

describe('/sso-initiate-test', () => {
  it('reads the current session and shows the raw answer', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { user_id: 1, username: 'ada' } } as AxiosResponse);
    renderWithProviders(<SsoInitiateTestPage />, {
      route: '/sso-initiate-test',
      preloadedState: signedInAs('admin'),
    });
    expect(screen.getByText(/No attempt yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Read the current session' }));
    expect(await screen.findByText('Session found')).toBeInTheDocument();
    expect(screen.getByText(/"username": "ada"/)).toBeInTheDocument();
    expect(http.get).toHaveBeenCalledWith('/auth/profile');
  });

  it('says so when the popup is blocked', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<SsoInitiateTestPage />, {
      route: '/sso-initiate-test',
      preloadedState: signedInAs('admin'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start the hosted sign-in' }));
    expect(await screen.findByText('Popup blocked')).toBeInTheDocument();
    expect(window.open).toHaveBeenCalledWith(
      expect.stringContaining('/auth/redirect?redirect_uri='),
      expect.any(String),
      expect.stringContaining('width=500,height=600'),
    );
  });

  it('offers nothing to someone who is not an administrator', () => {
    renderWithProviders(<SsoInitiateTestPage />, {
      route: '/sso-initiate-test',
      preloadedState: signedInAs('user'),
    });
    expect(screen.getByText(/This page is for platform and organisation administrators/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start the hosted sign-in' })).not.toBeInTheDocument();
  });
});
