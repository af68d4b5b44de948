import { COMMUNITIES_API, FORUM_TOPICS_API, NETWORK_MESSAGES, POSTS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import DiscussionForumPage from './pages/DiscussionForumPage';

/** Issue 18: a community's moderators take others' posts out of its "Posts shared here". */

afterEach(() => {
  vi.restoreAllMocks();
});

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

const community = (overrides: object) => ({
  community_id: 1,
  tenant_id: null,
  community_type: 'platform',
  name: 'Makers',
  visibility: 'public',
  description: 'We make things',
  cover_file_id: null,
  owner_user_id: 1,
  activity_forum_id: 11,
  member_count: 3,
  my_role: 'member',
  my_status: 'active',
  created_at: '2026-11-20T10:00:00Z',
  can_moderate: false,
  ...overrides,
});

const sharedPost = (id: number, overrides: object = {}) => ({
  post_id: id,
  author: { user_id: 8, name: 'Sam Lee', username: 'sam', profile_image: null, headline: null },
  title: `Shared ${id}`,
  body: `<p>Body ${id}</p>`,
  excerpt: `Body ${id}`,
  visibility: 'public',
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
  ...overrides,
});

/** The forum page of community 1 over a stand-in server whose shared posts a removal really takes out. */
function forumOf(caller: object, posts: ReturnType<typeof sharedPost>[]) {
  let listed = posts;
  const server = mockHttp()
    .get(`${COMMUNITIES_API}/getCommunity/1`, { data: community(caller) })
    .get(`${FORUM_TOPICS_API}/getTopics`, {
      data: [],
      meta: { page: 1, limit: 20, total: 0, totalPages: 1, totalExact: true },
    })
    .get(`${POSTS_API}/getCommunityPosts`, () => ({ data: listed, meta: { limit: 10, next_cursor: null } }))
    .post(`${POSTS_API}/unsharePost/:id`, ({ params }) => {
      const removed = listed.find((post) => post.post_id === Number(params.id));
      listed = listed.filter((post) => post !== removed);
      return { data: { ...removed, communities: [] } };
    });
  renderWithProviders(null, {
    route: '/community/1/discussion-forum',
    routes: [{ path: '/community/:communityId/discussion-forum', element: <DiscussionForumPage /> }],
    preloadedState: state,
  });
  return server;
}

const postCard = (title: string) => screen.findByRole('article', { name: title });

describe('removing a post shared to a community', () => {
  it('lets a moderator take another member’s post out after confirming, and the list drops it', async () => {
    const user = userEvent.setup();
    const server = forumOf({ my_role: 'moderator', can_moderate: true }, [sharedPost(3), sharedPost(2)]);
    const card = await postCard('Shared 3');
    const action = within(card).getByRole('button', { name: 'Remove from community' });
    // A real button: the keyboard reaches and presses it.
    action.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Remove from community?' });
    expect(dialog).toHaveTextContent('“Shared 3” will no longer be listed in this community.');
    expect(server.callsTo('POST', `${POSTS_API}/unsharePost/:id`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Shared 3' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Shared 2' })).toBeInTheDocument();
    const sent = server.callsTo('POST', `${POSTS_API}/unsharePost/:id`);
    expect(sent.map((call) => [call.path, call.body])).toEqual([
      [`${POSTS_API}/unsharePost/3`, { community_id: 1 }],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.unmatched).toEqual([]);
  });

  it('offers a plain member the action on their own post only', async () => {
    forumOf({ my_role: 'member', can_moderate: false }, [sharedPost(3), sharedPost(2, { mine: true })]);
    const others = await postCard('Shared 3');
    expect(within(others).queryByRole('button', { name: 'Remove from community' })).toBeNull();
    const own = await postCard('Shared 2');
    expect(within(own).getByRole('button', { name: 'Remove from community' })).toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog and keeps the post', async () => {
    const user = userEvent.setup();
    const server = forumOf({ my_role: 'moderator', can_moderate: true }, [sharedPost(3)]);
    server.post(`${POSTS_API}/unsharePost/:id`, httpError(403, NETWORK_MESSAGES.notYourShare));
    await user.click(
      within(await postCard('Shared 3')).getByRole('button', { name: 'Remove from community' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove from community?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(NETWORK_MESSAGES.notYourShare);
    expect(screen.getByRole('article', { name: 'Shared 3' })).toBeInTheDocument();
    expect(server.callsTo('POST', `${POSTS_API}/unsharePost/:id`)).toHaveLength(1);
  });
});
