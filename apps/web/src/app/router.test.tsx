import { ROUTES } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../shared/api/http';
import { initialAuthState } from '../shared/session/auth-slice';
import { ok } from '../shared/session/test-fixtures';
import { renderWithProviders } from '../test/render';

// Pages are lazy modules; a loaded machine can take more than the default second to import one.
const LAZY = { timeout: 5000 };

import { IMPLEMENTED_PATHS } from './implemented-routes';
import { appRoutes } from './router';

describe('app routes (spec section 2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders the sign-in landing at /login with its title', async () => {
    renderWithProviders(null, { routes: appRoutes, route: '/login' });
    expect(await screen.findByRole('link', { name: 'Sign in' }, LAZY)).toHaveAttribute(
      'href',
      `/auth/redirect?redirect_uri=${encodeURIComponent(`${window.location.origin}/account-callback`)}`,
    );
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toContain(
      'action=register',
    );
    await waitFor(() => expect(document.title).toBe('Sign in · Nexus'), LAZY);
  });

  it('redirects /auth to /login', async () => {
    const { router } = renderWithProviders(null, { routes: appRoutes, route: '/auth' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), LAZY);
    expect(await screen.findByRole('link', { name: 'Sign in' }, LAZY)).toBeInTheDocument();
  });

  it('sends a signed-out visitor of / to /login', async () => {
    const { router } = renderWithProviders(null, { routes: appRoutes, route: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), LAZY);
    expect(await screen.findByRole('link', { name: 'Sign in' }, LAZY)).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown path and for spec routes without a page yet', async () => {
    const { unmount } = renderWithProviders(null, { routes: appRoutes, route: '/no/such/page' });
    expect(
      await screen.findByText('The requested URL was not found on this server.', undefined, LAZY),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found · Nexus'));
    unmount();
    // Any spec route still without a page (they land one by one, so none is named here).
    const waiting = ROUTES.find(
      (route) => !route.path.includes(':') && !IMPLEMENTED_PATHS.includes(route.path),
    );
    if (!waiting) return;
    renderWithProviders(null, { routes: appRoutes, route: waiting.path });
    expect(
      await screen.findByText('The requested URL was not found on this server.', undefined, LAZY),
    ).toBeInTheDocument();
  });

  it('keeps the frame (menu, header) around the 404 page for a signed-in person (issue 23 part 11)', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(ok({ data: [] }));
    const investor = { role_id: 3, role_name: 'investor', role_view: 'user' as const };
    renderWithProviders(null, {
      routes: appRoutes,
      route: '/no/such/page',
      preloadedState: {
        auth: {
          ...initialAuthState,
          isLoggedIn: true,
          user: { user_id: 7, username: 'ada', firstName: 'Ada', roles: [investor], active_role: investor },
        },
      },
    });
    expect(
      await screen.findByText('The requested URL was not found on this server.', undefined, LAZY),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Account menu for/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/user/home');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Page not found · Nexus'));
  });

  it('keeps the 404 page bare for a signed-out visitor', async () => {
    renderWithProviders(null, { routes: appRoutes, route: '/no/such/page' });
    expect(
      await screen.findByText('The requested URL was not found on this server.', undefined, LAZY),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('shows the cookie banner on every page until decided', async () => {
    renderWithProviders(null, { routes: appRoutes, route: '/login' });
    expect(await screen.findByRole('region', { name: 'Cookie consent' }, LAZY)).toBeInTheDocument();
  });
});
