import { COMMENTS_API, COMMUNITIES_API, POSTS_API } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import ShowPostPage from './pages/ShowPostPage';
import WritePostPage from './pages/WritePostPage';

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

afterEach(() => {
  vi.restoreAllMocks();
});

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for web-font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const mine = (communities: { community_id: number; name: string }[]) => ({
  post_id: 40,
  author: { user_id: 7, name: 'Mia Park', username: 'mia', profile_image: null, headline: null },
  title: 'My launch',
  body: '<p>We launched</p>',
  excerpt: 'We launched',
  visibility: 'public',
  status: 'published',
  publish_at: null,
  published_at: '2026-11-20T10:00:00Z',
  images: [],
  communities,
  comment_count: 0,
  reaction_count: 0,
  reactions: {},
  my_reaction: null,
  created_at: '2026-11-20T10:00:00Z',
  modified_at: '2026-11-20T10:00:00Z',
  mine: true,
});
const myCommunities = {
  data: [
    { community_id: 1, name: 'Makers' },
    { community_id: 2, name: 'Founders' },
  ],
  meta: { page: 1, limit: 100, total: 2, totalPages: 1 },
};
const noComments = { data: [], meta: { limit: 50, next_cursor: null } };

describe('/show-post/{postId}: sharing to a community', () => {
  it('lists where it is shared, shares it to another community and takes one back', async () => {
    let shared = [{ community_id: 1, name: 'Makers' }];
    const server = mockHttp()
      .get(`${POSTS_API}/getPost/40`, () => ({ data: mine(shared) }))
      .get(`${COMMUNITIES_API}/getCommunities`, myCommunities)
      .get(`${COMMENTS_API}/getComments`, noComments)
      .post(`${POSTS_API}/sharePost/40`, () => {
        shared = [...shared, { community_id: 2, name: 'Founders' }];
        return { data: mine(shared) };
      })
      .post(`${POSTS_API}/unsharePost/40`, ({ body }) => {
        shared = shared.filter((c) => c.community_id !== (body as { community_id: number }).community_id);
        return { data: mine(shared) };
      });
    renderWithProviders(null, {
      route: '/show-post/40',
      routes: [{ path: '/show-post/:postId', element: <ShowPostPage /> }],
      preloadedState: memberState,
    });
    expect(await screen.findByRole('heading', { name: 'Share to a community' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Makers' })).toHaveAttribute(
      'href',
      '/community/1/discussion-forum',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Choose at least one community.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Communities' }));
    // Makers is already shared: only Founders is offered.
    expect(screen.queryByRole('option', { name: 'Makers' })).toBeNull();
    await userEvent.click(await screen.findByRole('option', { name: 'Founders' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${POSTS_API}/sharePost/40`)[0]?.body).toEqual({ community_ids: [2] }),
    );
    expect(await screen.findByRole('link', { name: 'Founders' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Take back from Makers' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${POSTS_API}/unsharePost/40`)[0]?.body).toEqual({ community_id: 1 }),
    );
  });
});

describe('/write-a-post/new: sharing on writing', () => {
  it('asks for a community when the draft is for communities only, then sends the chosen ones', async () => {
    const server = mockHttp()
      .get(`${COMMUNITIES_API}/getCommunities`, myCommunities)
      .post(`${POSTS_API}/createPost`, { data: mine([{ community_id: 2, name: 'Founders' }]) })
      .get(`${POSTS_API}/getPost/40`, { data: mine([{ community_id: 2, name: 'Founders' }]) })
      .get(`${COMMENTS_API}/getComments`, noComments);
    renderWithProviders(null, {
      route: '/write-a-post/new',
      routes: [
        { path: '/write-a-post/:postId', element: <WritePostPage /> },
        { path: '/show-post/:postId', element: <ShowPostPage /> },
      ],
      preloadedState: memberState,
    });
    await screen.findByRole('textbox', { name: 'Your post' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Who can read it' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Only the communities I share it to' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText('Choose at least one community to share a post with its members only.'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST', `${POSTS_API}/createPost`)).toEqual([]);
    await userEvent.click(screen.getByRole('combobox', { name: /Share to communities/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Founders' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${POSTS_API}/createPost`)[0]?.body).toMatchObject({
        status: 'draft',
        visibility: 'community',
        community_ids: [2],
      }),
    );
  });
});
