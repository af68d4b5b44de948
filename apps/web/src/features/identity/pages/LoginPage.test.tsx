import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../shared/api/http';
import { pageVisit } from '../../../shared/session/page-visit';
import { ok, PROFILE, userRecord } from '../../../shared/session/test-fixtures';
import { renderWithProviders } from '../../../test/render';
import { signInUrl } from '../sign-in-url';
import LoginPage from './LoginPage';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('../../../shared/ui/notify', () => ({
  notify: { error: toastError, success: vi.fn(), info: vi.fn() },
}));

function renderLogin() {
  return renderWithProviders(null, {
    route: '/login',
    routes: [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p>Landed</p> },
    ],
  });
}

describe('LoginPage sign-in popup (spec sections 5, 7, 8 and 9)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    toastError.mockReset();
  });

  it("toasts 'Popup blocked' and falls back to the full-page sign-in", async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.spyOn(pageVisit, 'assign').mockImplementation(() => undefined);
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in in a pop-up window' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Popup blocked'));
    expect(assign).toHaveBeenCalledWith(signInUrl(window.location.origin));
  });

  it('signs in and lands when the popup reports success', async () => {
    const popup = { closed: false };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    vi.spyOn(http, 'get').mockImplementation(async (url: string) =>
      url === '/auth/profile' ? ok(PROFILE) : ok({ data: userRecord() }),
    );
    const { router, store } = renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in in a pop-up window' }));
    expect(open.mock.calls[0]?.[0]).toContain('display=popup');
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        source: popup as unknown as Window,
        data: { type: 'nexus:auth', status: 'success', action: 'signin' },
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(store.getState().auth.isLoggedIn).toBe(true);
  });
});
