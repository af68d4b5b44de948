import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initialAuthState } from '../../../shared/session/auth-slice';
import { ADMIN, INVESTOR } from '../../../shared/session/test-fixtures';
import type { SessionRole } from '../../../shared/session/types';
import { renderWithProviders } from '../../../test/render';
import AccountPage from './AccountPage';

const TEMP = { role_id: 19, role_name: 'temp', display_name: 'Temp' };

function renderAccount(roles: SessionRole[], otpVerified = true) {
  return renderWithProviders(<AccountPage />, {
    route: '/account',
    preloadedState: {
      auth: {
        ...initialAuthState,
        isLoggedIn: true,
        otpVerified,
        user: {
          user_id: 7,
          username: 'ada',
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@nexus.local',
          roles,
          active_role: roles[0] ?? null,
        },
      },
    },
  });
}

describe('AccountPage', () => {
  it('shows the name, email and verification status', () => {
    renderAccount([INVESTOR], false);
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('ada@nexus.local')).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
  });

  it('lists the roles and offers a switch when there are several', () => {
    renderAccount([INVESTOR, ADMIN]);
    expect(screen.getByText('Investor')).toBeInTheDocument();
    expect(screen.getByText('Platform admin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Switch role' })).toHaveAttribute('href', '/select-role');
    expect(screen.getByText('Verified')).toBeInTheDocument();
  });

  it('links the account settings and the password change', () => {
    renderAccount([INVESTOR]);
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/change-password');
    expect(screen.queryByRole('link', { name: 'Switch role' })).not.toBeInTheDocument();
  });

  it('is the temp role home, leading to onboarding', () => {
    renderAccount([TEMP]);
    expect(screen.getByRole('link', { name: 'Finish setting up' })).toHaveAttribute('href', '/onboarding');
    expect(
      screen.getByText('No roles yet. Your first role comes with your registration.'),
    ).toBeInTheDocument();
  });
});
