import { SWAP_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import SwapPage from './pages/SwapPage';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for web-font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const memberState = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: {
      user_id: 7,
      username: 'mia',
      roles: [{ role_id: 13, role_name: 'individual', role_view: 'user' as const }],
    },
  },
};
const post = (id: number, overrides: object = {}) => ({
  post_id: id,
  tenant_id: null,
  user_id: 9,
  author: 'Ivan Mentor',
  kind: 'offer',
  title: `Post ${id}`,
  description: 'An hour of Python a week',
  tags: ['python'],
  status: 'open',
  created_at: '2026-11-20T09:00:00.000Z',
  is_mine: false,
  my_proposal: null,
  pending_proposals: 0,
  ...overrides,
});
const page = (rows: object[]) => ({
  data: rows,
  meta: { page: 1, limit: 12, total: rows.length, totalPages: 1, totalExact: true },
});
const getPosts = `${SWAP_API}/getPosts`;
/** The swap endpoints a test adds; anything outside them fails as a server error. */
const serve = () => mockHttp().on('*', new RegExp(`^(?!${SWAP_API}/)`), httpError(500, 'Not here'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/swap', () => {
  it('lists the newest posts with only the defaults', async () => {
    const server = serve().get(getPosts, () => page([post(1, { title: 'Python tutoring' })]));
    renderWithProviders(<SwapPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByRole('heading', { name: 'Python tutoring' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All posts', selected: true })).toBeInTheDocument();
    expect(server.calls[0]?.path).toBe(`${SWAP_API}/getPosts`);
    expect(server.calls[0]?.query).toEqual({ page: 1, limit: 12 });
  });

  it('shows the empty state, and the filtered one', async () => {
    const server = serve().get(getPosts, () => page([]));
    renderWithProviders(<SwapPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('No offers or requests yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'logo');
    await waitFor(() => expect(server.calls.at(-1)?.query).toEqual({ page: 1, limit: 12, search: 'logo' }));
    expect(await screen.findByText('No posts match your search')).toBeInTheDocument();
  });

  it('proposes a swap with a message, refusing an empty one', async () => {
    const server = serve()
      .get(getPosts, () => page([post(1)]))
      .post(`${SWAP_API}/createProposal`, {
        data: post(1, { my_proposal: 'pending' }),
        message: 'Your proposal is sent to the owner of the post.',
      });
    renderWithProviders(<SwapPage />, { route: '/', preloadedState: memberState });
    await userEvent.click(await screen.findByRole('button', { name: 'Propose a swap on Post 1' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(within(dialog).getByText('Write a short message.')).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Message to Ivan Mentor/ }),
      'Design for Python?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${SWAP_API}/createProposal`)[0]?.body).toEqual({
        post_id: 1,
        message: 'Design for Python?',
      }),
    );
  });

  it('shows the status of my proposal instead of the button', async () => {
    serve().get(getPosts, () => page([post(1, { my_proposal: 'accepted' })]));
    renderWithProviders(<SwapPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('Proposal accepted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Propose a swap/ })).not.toBeInTheDocument();
  });

  it('lets the owner accept a proposal from My posts', async () => {
    const server = serve()
      .get(getPosts, () => page([post(2, { is_mine: true, user_id: 7, pending_proposals: 1 })]))
      .get(`${SWAP_API}/getProposals/:id`, {
        data: [
          {
            proposal_id: 4,
            post_id: 2,
            user_id: 9,
            name: 'Ivan Mentor',
            message: 'Count me in',
            status: 'pending',
            created_at: '2026-11-21T09:00:00.000Z',
          },
        ],
      })
      .put(`${SWAP_API}/updateProposal/:id`, { data: {} });
    renderWithProviders(<SwapPage />, { route: '/', preloadedState: memberState });
    await userEvent.click(screen.getByRole('tab', { name: 'My posts' }));
    await waitFor(() => expect(server.calls.at(-1)?.query).toEqual({ page: 1, limit: 12, mine: 'true' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Proposals (1 waiting)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the proposal of Ivan Mentor' }));
    await waitFor(() =>
      expect(server.callsTo('PUT', `${SWAP_API}/updateProposal/4`)[0]?.body).toEqual({
        status: 'accepted',
      }),
    );
  });

  it('shows matches with the shared tags, and the error with a retry', async () => {
    serve()
      .get(getPosts, httpError(500, 'Something went wrong on our side.'))
      .get(
        `${SWAP_API}/getMatches`,
        page([{ ...post(3, { kind: 'request' }), shared_tags: ['python'], overlap: 1 }]),
      );
    renderWithProviders(<SwapPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Matches' }));
    expect(await screen.findByText('1 shared tag: python')).toBeInTheDocument();
  });
});
