import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import { PublicFrame } from './PublicFrame';

afterEach(() => {
  vi.restoreAllMocks();
});

const page = (
  <PublicFrame>
    <h1>Jobs and internships</h1>
  </PublicFrame>
);

describe('PublicFrame', () => {
  it('offers a signed-out visitor the way in, above the page', async () => {
    // The quiet session check finds nobody signed in.
    vi.spyOn(http, 'request').mockRejectedValue(
      Object.assign(new Error('401'), { response: { status: 401 } }),
    );
    vi.spyOn(http, 'get').mockRejectedValue(Object.assign(new Error('401'), { response: { status: 401 } }));
    renderWithProviders(page, { route: '/search-jobs', preloadedState: { auth: { ...initialAuthState } } });
    expect(screen.getByRole('heading', { name: 'Jobs and internships' })).toBeInTheDocument();
    // The page sits in the main landmark, below the banner with the way in.
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Jobs and internships' }),
    );
    expect(screen.getByRole('main')).not.toContainElement(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Nexus home' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Back to Nexus' })).not.toBeInTheDocument();
  });

  it('takes a signed-in person back to the product', () => {
    renderWithProviders(page, {
      route: '/search-jobs',
      preloadedState: {
        auth: {
          ...initialAuthState,
          isLoggedIn: true,
          user: {
            user_id: 7,
            username: 'mia',
            roles: [{ role_id: 13, role_name: 'individual', role_view: 'user' }],
          },
        },
      },
    });
    expect(screen.getByRole('link', { name: 'Back to Nexus' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Nexus home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
