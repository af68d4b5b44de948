import { FORUM_REPLIES_API, FORUM_TOPICS_API, POSTS_API } from '@nexus/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { communityApi } from './api';
import { SharedPosts } from './components/SharedPosts';
import ForumTopicPage from './pages/ForumTopicPage';

const leave = vi.fn();
const followRoom = vi.fn((_request: object) => leave);
vi.mock('../../app/realtime/connect', () => ({ followRoom: (request: object) => followRoom(request) }));

afterEach(() => {
  vi.restoreAllMocks();
  followRoom.mockClear();
  leave.mockClear();
});

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

const topic = {
  topic_id: 5,
  forum_id: 11,
  community_id: 1,
  group_id: null,
  title: 'Live topic',
  author: { user_id: 7, username: 'mia', display_name: 'Mia' },
  opening_post_id: 50,
  pinned: false,
  locked: false,
  accepted_post_id: null,
  reply_count: 0,
  last_activity_at: '2026-11-20T10:00:00Z',
  created_at: '2026-11-20T10:00:00Z',
  following: true,
  can_moderate: false,
};
const forumPost = (id: number) => ({
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
});
const offsetPage = (rows: object[]) => ({
  data: rows,
  meta: { page: 1, limit: 50, total: rows.length, totalPages: 1, totalExact: true },
});

describe('/forum/{id} live', () => {
  it('follows the topic room while shown, and a message from it brings a new reply without reload', async () => {
    let posts = [forumPost(50)];
    mockHttp()
      .get(`${FORUM_TOPICS_API}/getTopic/5`, { data: topic })
      .get(`${FORUM_REPLIES_API}/getReplies`, () => offsetPage(posts));
    const view = renderWithProviders(null, {
      route: '/forum/5',
      routes: [{ path: '/forum/:id', element: <ForumTopicPage /> }],
      preloadedState: state,
    });
    expect(await screen.findByText('Post 50')).toBeInTheDocument();
    await waitFor(() => expect(followRoom).toHaveBeenCalledWith({ kind: 'forum-topic', id: 5 }));
    // What the realtime hook does with a `forum.topic.changed` message: invalidate its tags.
    posts = [forumPost(50), forumPost(51)];
    act(() => {
      view.store.dispatch(communityApi.util.invalidateTags(['ForumPost', 'ForumTopic']));
    });
    expect(await screen.findByText('Post 51')).toBeInTheDocument();
    view.unmount();
    expect(leave).toHaveBeenCalled();
  });

  it('does not follow a topic it may not read', async () => {
    mockHttp().get(`${FORUM_TOPICS_API}/getTopic/9`, httpError(404, 'Topic not found.'));
    renderWithProviders(null, {
      route: '/forum/9',
      routes: [{ path: '/forum/:id', element: <ForumTopicPage /> }],
      preloadedState: state,
    });
    expect(await screen.findByText('Topic not found.')).toBeInTheDocument();
    expect(followRoom).not.toHaveBeenCalled();
  });
});

const sharedPost = (id: number) => ({
  post_id: id,
  author: { user_id: 8, name: 'Sam Lee', username: 'sam', profile_image: null, headline: null },
  title: `Shared ${id}`,
  body: `<p>Body ${id}</p>`,
  excerpt: `Body ${id}`,
  visibility: 'community',
  status: 'published',
  publish_at: null,
  published_at: '2026-11-20T10:00:00Z',
  images: [],
  communities: [{ community_id: 1, name: 'Makers' }],
  comment_count: 0,
  reaction_count: 0,
  reactions: {},
  my_reaction: null,
  created_at: '2026-11-20T10:00:00Z',
  modified_at: '2026-11-20T10:00:00Z',
  mine: false,
});

describe('posts shared to a community', () => {
  it('lists them newest first and pages with the cursor', async () => {
    const server = mockHttp().get(`${POSTS_API}/getCommunityPosts`, ({ query }) =>
      query.cursor === 'next'
        ? { data: [sharedPost(1)], meta: { limit: 10, next_cursor: null } }
        : { data: [sharedPost(3), sharedPost(2)], meta: { limit: 10, next_cursor: 'next' } },
    );
    renderWithProviders(<SharedPosts communityId={1} canModerate={false} />, { preloadedState: state });
    expect(await screen.findByRole('link', { name: 'Shared 3' })).toHaveAttribute('href', '/show-post/3');
    screen.getByRole('button', { name: 'Show more posts' }).click();
    expect(await screen.findByRole('link', { name: 'Shared 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more posts' })).toBeNull();
    expect(server.calls.map((call) => call.query.community_id)).toEqual([1, 1]);
  });

  it('shows the empty state, and the error state with a retry', async () => {
    mockHttp().get(`${POSTS_API}/getCommunityPosts`, { data: [], meta: { limit: 10, next_cursor: null } });
    const empty = renderWithProviders(<SharedPosts communityId={1} canModerate={false} />, {
      preloadedState: state,
    });
    expect(await screen.findByText(/No post shared here yet/)).toBeInTheDocument();
    empty.unmount();
    vi.restoreAllMocks();
    mockHttp().get(`${POSTS_API}/getCommunityPosts`, httpError(500, 'Something went wrong.'));
    renderWithProviders(<SharedPosts communityId={2} canModerate={false} />, { preloadedState: state });
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });
});
