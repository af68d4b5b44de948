import { INVITATIONS_API, type InvitationItem } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { InvitationsSection } from './components/InvitationsSection';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../shared/ui/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/ui/notify')>()),
  notify,
}));

const URL = `http://localhost:8080/${'x'.repeat(43)}`;

function item(id: number, overrides: Partial<InvitationItem> = {}): InvitationItem {
  return {
    invitation_id: id,
    role_id: 13,
    role_display_name: 'Individual',
    tenant_id: null,
    tenant_name: null,
    email: null,
    max_uses: 1,
    uses: 0,
    expires_at: '2026-03-01T00:00:00Z',
    revoked_at: null,
    created_at: '2026-02-01T00:00:00Z',
    status: 'valid',
    ...overrides,
  };
}

function serve(initial: InvitationItem[]) {
  // The cache freezes what it is given: answer copies, keep the server's own list apart.
  let list = [...initial];
  return mockHttp()
    .get(`${INVITATIONS_API}/getInvitations`, () => ({
      data: [...list],
      meta: { page: 1, limit: 5, total: list.length, totalPages: 1, totalExact: true },
    }))
    .post(`${INVITATIONS_API}/createInvitation`, () => {
      list = [item(99), ...list];
      return { data: { invitation_id: 99, url: URL, expires_at: '2026-03-01T00:00:00Z' } };
    })
    .put(`${INVITATIONS_API}/revokeInvitation/:id`, ({ params }) => {
      const index = list.findIndex((i) => i.invitation_id === Number(params.id));
      const revoked = { ...list[index]!, status: 'revoked' as const, revoked_at: '2026-02-02T00:00:00Z' };
      list = list.map((entry, i) => (i === index ? revoked : entry));
      return { data: revoked };
    });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('invite people', () => {
  it('creates a link, shows it once to copy, and lists it with a copy button', async () => {
    const server = serve([item(1, { status: 'expired' })]);
    renderWithProviders(<InvitationsSection />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Several people' }));
    const uses = screen.getByLabelText('How many people may use it');
    await userEvent.clear(uses);
    await userEvent.type(uses, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation link' }));
    expect(await screen.findByDisplayValue(URL)).toBeInTheDocument();
    expect(server.calls.find((c) => c.path.endsWith('/createInvitation'))?.body).toEqual({
      role_id: 13,
      expires_in_days: 14,
      max_uses: 5,
    });
    const list = await screen.findByRole('list', { name: 'My invitations' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByRole('button', { name: 'Copy the link for Individual' })).toBeInTheDocument();
    expect(within(list).getByText('Expired')).toBeInTheDocument();
  }, 15_000);

  it('refuses a bad address before calling the server', async () => {
    const server = serve([]);
    renderWithProviders(<InvitationsSection />);
    await userEvent.type(await screen.findByLabelText(/Only for this email address/), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Create invitation link' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(server.calls.some((c) => c.path.endsWith('/createInvitation'))).toBe(false);
  }, 15_000);

  it('revokes an active invitation', async () => {
    const server = serve([item(5)]);
    renderWithProviders(<InvitationsSection />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revoke the invitation for Individual' }),
    );
    await waitFor(() =>
      expect(
        server.calls.some((c) => c.path === '/api/invitations/revokeInvitation/5' && c.method === 'PUT'),
      ).toBe(true),
    );
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
  });
});
