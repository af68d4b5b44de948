import { INVITATION_MESSAGES, INVITATIONS_API, MESSAGES } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../app/router';
import { initialAuthState } from '../../shared/session/auth-slice';
import { type HttpAnswer, httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../shared/ui/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/ui/notify')>()),
  notify,
}));

const LAZY = { timeout: 5000 };
const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5'.slice(0, 43);

const member = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    otpVerified: true,
    user: {
      user_id: 5,
      username: 'ada',
      roles: [
        { role_id: 13, role_name: 'individual', display_name: 'Individual', role_view: 'user' as const },
      ],
      active_role: {
        role_id: 13,
        role_name: 'individual',
        display_name: 'Individual',
        role_view: 'user' as const,
      },
    },
  },
};

interface Server {
  preview?: { status: string; role_display_name: string | null; tenant_name: string | null };
  accept?: HttpAnswer;
}

/** The invitation API, and a session check that finds no session (401) unless `member` is set. */
function serve({ preview, accept }: Server) {
  const server = mockHttp()
    .on('*', /./, httpError(404, 'Not found', { code: 'X' }))
    .get(/./, httpError(401, 'Sign in to continue.', { code: 'X' }))
    .get(`${INVITATIONS_API}/getInvitation/:token`, { data: preview });
  return accept ? server.post(`${INVITATIONS_API}/acceptInvitation/:token`, accept) : server;
}

afterEach(() => {
  vi.restoreAllMocks();
  notify.success.mockReset();
});

describe('/{hash} with something that is not a token', () => {
  it('shows the 404 page exactly as an unknown path, signed out, with no session check', async () => {
    const server = serve({});
    renderWithProviders(null, { routes: appRoutes, route: '/does-not-exist' });
    expect(await screen.findByText(MESSAGES.notFoundPage, undefined, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MESSAGES.goToHomepage })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(document.title).toBe('Page not found · Nexus'));
    // The cookie banner may ask which privacy policy version is in effect (public, no session);
    // nothing else is asked.
    expect(server.calls.filter((call) => !call.path.endsWith('/getPrivacyPolicy'))).toEqual([]);
  });

  it('shows the same 404 to a signed-in member, inside the application frame (issue 23 part 11)', async () => {
    serve({});
    renderWithProviders(null, { routes: appRoutes, route: `/${TOKEN.slice(0, 42)}`, preloadedState: member });
    expect(await screen.findByText(MESSAGES.notFoundPage, undefined, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MESSAGES.goToHomepage })).toHaveAttribute('href', '/user/home');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Account menu for/ })).toBeInTheDocument();
  });
});

describe('/{hash} with an invitation token', () => {
  const valid = { status: 'valid', role_display_name: 'Student', tenant_name: 'Riverside Institute' };

  it('shows the role and organisation, and sign-in links that come back to the link when signed out', async () => {
    serve({ preview: valid });
    renderWithProviders(null, { routes: appRoutes, route: `/${TOKEN}` });
    expect(
      await screen.findByRole('heading', { name: 'You are invited to Nexus' }, LAZY),
    ).toBeInTheDocument();
    expect(screen.getByText('Student')).toBeInTheDocument();
    expect(screen.getByText('Riverside Institute')).toBeInTheDocument();
    const back = encodeURIComponent(`${window.location.origin}/${TOKEN}`);
    expect(await screen.findByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
      'href',
      `/auth/redirect?redirect_uri=${back}`,
    );
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      `/auth/redirect?redirect_uri=${back}&action=register`,
    );
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Invitation · Nexus'));
  });

  it('accepts for a signed-in member and lands on /user/home', async () => {
    const server = serve({
      preview: valid,
      accept: { data: { status: 'applied', role_id: 15, role_display_name: 'Student', tenant_id: 3 } },
    });
    const { router } = renderWithProviders(null, {
      routes: appRoutes,
      route: `/${TOKEN}`,
      preloadedState: member,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }, LAZY));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'), LAZY);
    const accept = server.calls.find((call) => call.path.includes('/acceptInvitation/'));
    expect(accept).toMatchObject({ path: `/api/invitations/acceptInvitation/${TOKEN}`, method: 'POST' });
    expect(notify.success).toHaveBeenCalledWith(INVITATION_MESSAGES.accepted);
  });

  it("shows the server's message when the link closed in the meantime", async () => {
    serve({ preview: valid, accept: httpError(410, INVITATION_MESSAGES.used, { code: 'X' }) });
    const { router } = renderWithProviders(null, {
      routes: appRoutes,
      route: `/${TOKEN}`,
      preloadedState: member,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }, LAZY));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_MESSAGES.used);
    expect(router.state.location.pathname).toBe(`/${TOKEN}`);
  });

  it.each([
    ['expired', 'This invitation has expired', INVITATION_MESSAGES.expired],
    ['used', 'This invitation has been used', INVITATION_MESSAGES.used],
    ['revoked', 'This invitation was withdrawn', INVITATION_MESSAGES.revoked],
    ['not_found', 'This invitation link is not valid', 'Check that you copied the whole link.'],
  ])('says so when the link is %s, with no way to accept', async (status, title, message) => {
    serve({ preview: { status, role_display_name: null, tenant_name: null } });
    renderWithProviders(null, { routes: appRoutes, route: `/${TOKEN}`, preloadedState: member });
    expect(await screen.findByRole('heading', { name: title }, LAZY)).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });
});
