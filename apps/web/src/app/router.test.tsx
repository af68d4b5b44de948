import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';

// Pages are lazy modules; a loaded machine can take more than the default second to import one.
const LAZY = { timeout: 5000 };

import { appRoutes } from './router';

describe('app routes (spec section 2)', () => {
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
    renderWithProviders(null, { routes: appRoutes, route: '/calendar' });
    expect(
      await screen.findByText('The requested URL was not found on this server.', undefined, LAZY),
    ).toBeInTheDocument();
  });

  it('shows the cookie banner on every page until decided', async () => {
    renderWithProviders(null, { routes: appRoutes, route: '/login' });
    expect(await screen.findByRole('region', { name: 'Cookie consent' }, LAZY)).toBeInTheDocument();
  });
});
