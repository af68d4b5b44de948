import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMPLEMENTED_PATHS } from '../../../app/implemented-routes';
import { initialAuthState } from '../../../shared/session/auth-slice';
import { ADMIN, INVESTOR } from '../../../shared/session/test-fixtures';
import type { SessionRole } from '../../../shared/session/types';
import { renderWithProviders } from '../../../test/render';
import UserHomePage from './UserHomePage';

function renderHome(otpVerified: boolean, roles: SessionRole[] = [INVESTOR]) {
  return renderWithProviders(<UserHomePage />, {
    route: '/user/home',
    preloadedState: {
      auth: {
        ...initialAuthState,
        isLoggedIn: true,
        otpVerified,
        user: {
          user_id: 7,
          username: 'ada',
          firstName: 'Ada',
          email: 'ada@nexus.local',
          roles,
          active_role: roles[0],
        },
      },
    },
  });
}

describe('UserHomePage', () => {
  it('greets the person and names the active role', () => {
    renderHome(true);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/Ada$/);
    expect(screen.getByText('Investor')).toBeInTheDocument();
  });

  it('asks to confirm the address when otpVerified is false', () => {
    renderHome(false);
    expect(screen.getByRole('heading', { name: 'Confirm your email address' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Confirm address' }).getAttribute('href')).toContain(
      '/auth/redirect',
    );
  });

  it('asks to complete the profile and offers a role switch', () => {
    renderHome(true, [INVESTOR, ADMIN]);
    expect(screen.getByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Switch role' })[0]).toHaveAttribute('href', '/select-role');
  });

  it('lists under Explore only areas whose pages exist', () => {
    renderHome(true);
    const explore = screen.getByRole('region', { name: 'Explore' });
    for (const link of explore.querySelectorAll('a')) {
      expect(IMPLEMENTED_PATHS).toContain(link.getAttribute('href'));
    }
    if (explore.querySelectorAll('a').length === 0) {
      expect(explore).toHaveTextContent('open here as they arrive');
    }
  });

  it('sends the Programs card to the catalogue, not to an empty journey (issue 23 point 1)', () => {
    renderHome(true);
    const explore = screen.getByRole('region', { name: 'Explore' });
    expect(within(explore).getByRole('link', { name: /Programs/ })).toHaveAttribute('href', '/lxp');
  });
});
