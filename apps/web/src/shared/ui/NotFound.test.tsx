import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import NotFoundPage from '../../app/screens/NotFoundPage';
import { renderWithProviders } from '../../test/render';
import { initialAuthState } from '../session/auth-slice';
import type { SessionRole } from '../session/types';

function signedInAs(role: SessionRole | null, roles: SessionRole[] = role ? [role] : []) {
  return {
    auth: {
      ...initialAuthState,
      isLoggedIn: true,
      user: { user_id: 7, username: 'ada', roles, active_role: role },
    },
  };
}

function homeLink() {
  return screen.getByRole('link', { name: 'Go to Homepage' });
}

describe('404 page (spec section 2)', () => {
  it('shows the spec text', () => {
    renderWithProviders(<NotFoundPage />, { route: '/no/such/page' });
    expect(screen.getByText('The requested URL was not found on this server.')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('links a signed-out visitor to /login', () => {
    renderWithProviders(<NotFoundPage />);
    expect(homeLink()).toHaveAttribute('href', '/login');
  });

  it('links the temp role to /account, by id 19 or by name temp', () => {
    const { unmount } = renderWithProviders(<NotFoundPage />, {
      preloadedState: signedInAs({ role_id: 19, role_name: 'temp', display_name: 'Temp' }),
    });
    expect(homeLink()).toHaveAttribute('href', '/account');
    unmount();
    renderWithProviders(<NotFoundPage />, { preloadedState: signedInAs({ role_id: 77, role_name: 'temp' }) });
    expect(homeLink()).toHaveAttribute('href', '/account');
  });

  it('links an admin role view to /admin-center', () => {
    renderWithProviders(<NotFoundPage />, {
      preloadedState: signedInAs({ role_id: 1, role_name: 'admin', role_view: 'admin' }),
    });
    expect(homeLink()).toHaveAttribute('href', '/admin-center');
  });

  it('links any other role to /user/home', () => {
    renderWithProviders(<NotFoundPage />, {
      preloadedState: signedInAs({ role_id: 4, role_name: 'investor', role_view: 'user' }),
    });
    expect(homeLink()).toHaveAttribute('href', '/user/home');
  });
});
