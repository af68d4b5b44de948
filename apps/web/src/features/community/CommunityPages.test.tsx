import {
  COMMUNITIES_API,
  FILES_API,
  FORUM_REACTIONS_API,
  FORUM_REPLIES_API,
  FORUM_TOPICS_API,
} from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import CommunityFormPage from './pages/CommunityFormPage';
import CommunityPage from './pages/CommunityPage';
import ForumTopicPage from './pages/ForumTopicPage';

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

const state = {
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

const page = (rows: object[]) => ({
  data: rows,
  meta: { page: 1, limit: 12, total: rows.length, totalPages: 1, totalExact: true },
});

const community = (id: number, overrides: object = {}) => ({
  community_id: id,
  tenant_id: null,
  community_type: 'platform',
  name: `Community ${id}`,
  visibility: 'public',
  description: `About ${id}`,
  cover_file_id: null,
  owner_user_id: 1,
  activity_forum_id: 10 + id,
  member_count: 3,
  my_role: null,
  my_status: null,
  created_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

describe('/community', () => {
  it('lists communities with their covers; a private one shows its name only and asks to join', async () => {
    const server = mockHttp()
      .get(`${COMMUNITIES_API}/getCommunities`, () =>
        page([
          community(1),
          community(2, {
            name: 'Secret lab',
            visibility: 'private',
            description: null,
            member_count: null,
            activity_forum_id: null,
          }),
          community(3, { cover_file_id: '3f0c2a4e-9d1b-4c6a-8e2f-1a2b3c4d5e6f' }),
        ]),
      )
      .post(`${COMMUNITIES_API}/join/2`, {
        data: { status: 'pending', message: 'Your request to join was sent to the moderators.' },
      });
    renderWithProviders(<CommunityPage />, { route: '/community', preloadedState: state });
    expect(await screen.findByRole('link', { name: 'Community 1' })).toHaveAttribute(
      'href',
      '/community/1/discussion-forum',
    );
    expect(screen.getByText('Secret lab')).toBeInTheDocument();
    // Only the community with a cover shows an image (decorative: its name is the card's title).
    const covers = document.querySelectorAll('img');
    expect([...covers].map((img) => img.getAttribute('src'))).toEqual([
      '/api/files/files/content/3f0c2a4e-9d1b-4c6a-8e2f-1a2b3c4d5e6f',
    ]);
    expect(screen.getByText('A private community: join to see what it is about.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask to join' }));
    await waitFor(() => expect(server.callsTo('POST', `${COMMUNITIES_API}/join/2`)).toHaveLength(1));
  });
});

describe('/new-community/{community_common_id}', () => {
  const coverId = '3f0c2a4e-9d1b-4c6a-8e2f-1a2b3c4d5e6f';

  it('uploads a cover, previews it and creates the community with it', async () => {
    const server = mockHttp()
      .post(`${FILES_API}/upload`, { data: { file_id: coverId, content_type: 'image/png', size_bytes: 5 } })
      .post(`${COMMUNITIES_API}/createCommunity`, {
        data: community(4, { name: 'Makers', cover_file_id: coverId, my_role: 'owner' }),
      });
    const { container } = renderWithProviders(null, {
      route: '/new-community/new',
      routes: [
        { path: '/new-community/:community_common_id', element: <CommunityFormPage /> },
        { path: '/community/:id/discussion-forum', element: <p>Forum</p> },
      ],
      preloadedState: state,
    });
    await userEvent.type(await screen.findByLabelText(/Name/), 'Makers');
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['\x89PNG'], 'cover.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'The cover image' })).toHaveAttribute(
      'src',
      `/api/files/files/content/${coverId}`,
    );
    const [upload] = server.callsTo('POST', `${FILES_API}/upload`);
    expect((upload!.body as FormData).get('purpose')).toBe('media');
    await userEvent.click(screen.getByRole('button', { name: 'Create community' }));
    expect(await screen.findByText('Forum')).toBeInTheDocument();
    const [created] = server.callsTo('POST', `${COMMUNITIES_API}/createCommunity`);
    expect(created?.body).toMatchObject({ name: 'Makers', cover_file_id: coverId });
  });

  it('refuses a file that is not an image without uploading it', async () => {
    const server = mockHttp();
    const { container } = renderWithProviders(null, {
      route: '/new-community/new',
      routes: [{ path: '/new-community/:community_common_id', element: <CommunityFormPage /> }],
      preloadedState: state,
    });
    const input = (await waitFor(() => container.querySelector('input[type=file]'))) as HTMLInputElement;
    await userEvent.upload(input, new File(['plain'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG, WebP or GIF image.');
    expect(server.calls.some((call) => call.path.endsWith('/upload'))).toBe(false);
  });
});

describe('/forum/{id}', () => {
  const topic = {
    topic_id: 5,
    forum_id: 11,
    community_id: 1,
    group_id: null,
    title: 'How did you find your first customers?',
    author: { user_id: 7, username: 'mia', display_name: 'Mia' },
    opening_post_id: 50,
    pinned: false,
    locked: false,
    accepted_post_id: null,
    reply_count: 2,
    last_activity_at: '2026-11-20T10:00:00Z',
    created_at: '2026-11-20T10:00:00Z',
    following: true,
    can_moderate: false,
  };
  const post = (id: number, overrides: object = {}) => ({
    post_id: id,
    topic_id: 5,
    author: { user_id: 8, username: 'sam', display_name: 'Sam' },
    parent_post_id: null,
    quote_post_id: null,
    body: `<p>Post ${id}</p>`,
    status: 'visible',
    created_at: '2026-11-20T10:00:00Z',
    edited_at: null,
    reactions: [],
    ...overrides,
  });

  it('shows threaded replies, hides a hidden post and reacts', async () => {
    const server = mockHttp()
      .get(`${FORUM_TOPICS_API}/getTopic/5`, { data: topic })
      .get(`${FORUM_REPLIES_API}/getReplies`, () =>
        page([
          post(50),
          post(51, { reactions: [{ emoji: '👍', count: 2, mine: false }] }),
          post(52, { status: 'hidden', body: '', parent_post_id: 51 }),
        ]),
      )
      .post(`${FORUM_REACTIONS_API}/toggleReaction`, { data: { post_id: 51, emoji: '👍', reacted: true } });
    renderWithProviders(null, {
      route: '/forum/5',
      routes: [{ path: '/forum/:id', element: <ForumTopicPage /> }],
      preloadedState: state,
    });
    expect(await screen.findByRole('heading', { name: topic.title })).toBeInTheDocument();
    expect(await screen.findByText('Post 51')).toBeInTheDocument();
    expect(screen.getByText('This post is hidden until a moderator decides.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'React 👍, 2' }));
    await waitFor(() =>
      expect(
        server
          .callsTo('POST', `${FORUM_REACTIONS_API}/toggleReaction`)
          .some((call) => (call.body as { post_id: number }).post_id === 51),
      ).toBe(true),
    );
  });

  it("lets the author edit their own reply, and no one else's", async () => {
    const server = mockHttp()
      .get(`${FORUM_TOPICS_API}/getTopic/5`, { data: topic })
      .get(`${FORUM_REPLIES_API}/getReplies`, () =>
        page([
          post(50),
          post(51, { author: { user_id: 7, username: 'mia', display_name: 'Mia' }, body: '<p>Mine</p>' }),
          post(52),
        ]),
      )
      .put(`${FORUM_REPLIES_API}/updateReply/51`, () => ({ data: post(51) }));
    renderWithProviders(null, {
      route: '/forum/5',
      routes: [{ path: '/forum/:id', element: <ForumTopicPage /> }],
      preloadedState: state,
    });
    expect(await screen.findByText('Mine')).toBeInTheDocument();
    const [samsReply] = screen.getAllByRole('button', { name: 'Actions for the post of Sam' }).slice(-1);
    await userEvent.click(samsReply!);
    expect(await screen.findByRole('menuitem', { name: 'Report' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for the post of Mia' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit your reply' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.callsTo('PUT', `${FORUM_REPLIES_API}/updateReply/51`)[0]?.body).toEqual({
        body: '<p>Mine</p>',
      }),
    );
  });

  it('loads more replies by the cursor, from the keyboard, and moves focus to the first new post', async () => {
    const server = mockHttp()
      .get(`${FORUM_TOPICS_API}/getTopic/5`, { data: topic })
      .get(`${FORUM_REPLIES_API}/getReplies`, ({ query }) => {
        const meta = { limit: 2, total: 3, totalPages: 2, totalExact: true };
        return query.cursor === '2.51'
          ? { data: [post(52)], meta: { ...meta, page: 2, next_cursor: null } }
          : { data: [post(50), post(51)], meta: { ...meta, page: 1, next_cursor: '2.51' } };
      });
    renderWithProviders(null, {
      route: '/forum/5',
      routes: [{ path: '/forum/:id', element: <ForumTopicPage /> }],
      preloadedState: state,
    });
    expect(await screen.findByText('Post 51')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3 posts')).toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Load more replies' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Post 52')).toBeInTheDocument();
    expect(screen.getByText('Post 50')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3 posts')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more replies' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement?.id).toBe('post-52'));
    const cursors = server.callsTo('GET', `${FORUM_REPLIES_API}/getReplies`).map((call) => call.query.cursor);
    expect(cursors).toEqual([undefined, '2.51']);
  });

  it('answers a topic it may not read with the not-found state', async () => {
    mockHttp().get(`${FORUM_TOPICS_API}/getTopic/9`, httpError(404, 'Topic not found.'));
    renderWithProviders(null, {
      route: '/forum/9',
      routes: [{ path: '/forum/:id', element: <ForumTopicPage /> }],
      preloadedState: state,
    });
    expect(await screen.findByText('Topic not found.')).toBeInTheDocument();
  });
});
