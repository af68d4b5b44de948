import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../shared/api/http';
import { initialAuthState } from '../../../shared/session/auth-slice';
import { INVESTOR } from '../../../shared/session/test-fixtures';
import { renderWithProviders } from '../../../test/render';
import { ChangeEmailCard } from './ChangeEmailCard';

afterEach(() => vi.restoreAllMocks());

function renderCard() {
  return renderWithProviders(<ChangeEmailCard />, {
    route: '/account',
    preloadedState: {
      auth: {
        ...initialAuthState,
        isLoggedIn: true,
        otpVerified: false,
        user: {
          user_id: 7,
          username: 'ada',
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@nexus.local',
          roles: [INVESTOR],
          active_role: INVESTOR,
        },
      },
    },
  });
}

describe('ChangeEmailCard', () => {
  it('sends a code to the new address and changes the email only after the code is confirmed', async () => {
    const calls: AxiosRequestConfig[] = [];
    vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
      calls.push(config);
      const reply = (data: unknown) => ({ data }) as AxiosResponse;
      if (config.url === '/api/auth/requestEmailChange')
        return reply({
          data: { message: 'We sent a six-digit code to the new address.', sent_to: 'n***@x.org' },
        });
      return reply({
        data: { message: 'Your email address has been changed.', email: 'new@x.org', email_verified: true },
      });
    });
    const { store } = renderCard();
    await userEvent.type(screen.getByLabelText('New email address'), 'New@X.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/Enter the six-digit code we mailed to new@x.org/)).toBeInTheDocument();
    expect(store.getState().auth.user?.email).toBe('ada@nexus.local');
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm new address' }));
    expect(await screen.findByText('Your email address has been changed.')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.user?.email).toBe('new@x.org'));
    expect(store.getState().auth.otpVerified).toBe(true);
    expect(calls.map((c) => [c.url, c.data])).toEqual([
      ['/api/auth/requestEmailChange', { email: 'new@x.org' }],
      ['/api/auth/confirmEmailChange', { email: 'new@x.org', otp: '123456' }],
    ]);
  });
});
