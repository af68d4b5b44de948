import {
  COMMUNITIES_API,
  COMPETITIONS_API,
  CONNECTIONS_API,
  EVENTS_API,
  FEED_API,
  FORUM_TOPICS_API,
  POSTS_API,
} from '@nexus/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The hubs that hold these blocks load the server cache (app/api.ts registers its middleware).
import '../../app/api';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { initialAuthState } from '../session/auth-slice';
import { CommunitiesBlock } from './CommunitiesBlock';
import { CompetitionsBlock } from './CompetitionsBlock';
import { EventsBlock } from './EventsBlock';
import { PeopleBlock } from './PeopleBlock';
import { PostsBlock } from './PostsBlock';
import { TopicsBlock } from './TopicsBlock';

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

const page = (rows: object[]) => ({
  data: rows,
  meta: { page: 1, limit: 5, total: rows.length, totalPages: 1, totalExact: true },
});
const cursor = (rows: object[]) => ({ data: rows, meta: { limit: 5, next_cursor: null } });
const render = (ui: React.ReactElement) =>
  renderWithProviders(ui, { route: '/event-hub', preloadedState: memberState });

describe('EventsBlock', () => {
  it('lists upcoming events with their time in the event zone, and links to all events', async () => {
    const server = mockHttp().get(`${EVENTS_API}/getEvents`, () =>
      page([
        {
          event_id: 4,
          title: 'Pitch night',
          mode: 'in_person',
          venue: 'Hall A',
          starts_at: '2099-12-01T17:00:00.000Z',
          time_zone: 'Europe/Paris',
          my_status: 'confirmed',
        },
      ]),
    );
    render(<EventsBlock />);
    const link = await screen.findByRole('link', { name: 'Pitch night' });
    expect(link).toHaveAttribute('href', '/events/overview/4');
    expect(screen.getByText(/1 Dec 2099, 18:00 · Hall A/)).toBeInTheDocument();
    expect(screen.getByText('Registered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all: Upcoming events' })).toHaveAttribute(
      'href',
      '/event-block',
    );
    expect(server.calls[0]?.query).toEqual({ page: 1, limit: 5, when: 'upcoming' });
  });

  it('asks for the events of the caller communities and says when there are none', async () => {
    const server = mockHttp().get(`${EVENTS_API}/getEvents`, () => page([]));
    render(
      <EventsBlock
        title="Events of your communities"
        community="mine"
        emptyText="Nothing in your communities"
      />,
    );
    expect(await screen.findByText('Nothing in your communities')).toBeInTheDocument();
    expect(server.calls[0]?.query).toMatchObject({ community_id: 'mine' });
  });

  it('shows the error and fetches again on "Try again"', async () => {
    let fail = true;
    mockHttp().get(`${EVENTS_API}/getEvents`, () => {
      if (fail) throw httpError(500, 'Database down');
      return page([
        {
          event_id: 5,
          title: 'Back again',
          mode: 'online',
          starts_at: '2099-12-01T17:00:00.000Z',
          time_zone: 'UTC',
        },
      ]);
    });
    render(<EventsBlock />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Database down')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });
});

describe('CompetitionsBlock', () => {
  it('lists competitions with their deadline and entries', async () => {
    mockHttp().get(`${COMPETITIONS_API}/getCompetitions`, () =>
      page([
        {
          competition_id: 9,
          title: 'Blockchain challenge',
          ends_at: '2099-06-01T12:00:00.000Z',
          entries: 3,
          has_entered: true,
        },
      ]),
    );
    render(<CompetitionsBlock />);
    expect(await screen.findByRole('link', { name: 'Blockchain challenge' })).toHaveAttribute(
      'href',
      '/competition/overview/9',
    );
    expect(screen.getByText(/3 entries · You take part/)).toBeInTheDocument();
  });

  it('is empty with its own words', async () => {
    mockHttp().get(`${COMPETITIONS_API}/getCompetitions`, () => page([]));
    render(<CompetitionsBlock />);
    expect(await screen.findByText('No open competitions right now')).toBeInTheDocument();
  });
});

describe('CommunitiesBlock', () => {
  it('links a public community to its forum and a private one a non-member cannot read to /community', async () => {
    const server = mockHttp().get(`${COMMUNITIES_API}/getCommunities`, () =>
      page([
        {
          community_id: 1,
          name: 'Founders Circle',
          visibility: 'public',
          member_count: 6,
          my_status: 'active',
        },
        { community_id: 2, name: 'Makers Lab', visibility: 'private', member_count: null, my_status: null },
      ]),
    );
    render(<CommunitiesBlock view="mine" />);
    expect(await screen.findByRole('link', { name: 'Founders Circle' })).toHaveAttribute(
      'href',
      '/community/1/discussion-forum',
    );
    expect(screen.getByRole('link', { name: 'Makers Lab' })).toHaveAttribute('href', '/community');
    expect(screen.getByText('Public · 6 members · Member')).toBeInTheDocument();
    expect(server.calls[0]?.query).toEqual({ page: 1, limit: 5, view: 'mine' });
  });
});

describe('TopicsBlock', () => {
  it('lists topics and sends "see all" to their forum', async () => {
    mockHttp().get(`${FORUM_TOPICS_API}/getTopics`, () =>
      page([
        {
          topic_id: 11,
          community_id: 3,
          title: 'Finding a co-founder',
          pinned: true,
          reply_count: 1,
          author: { user_id: 2, username: 'ann', display_name: 'Ann Lee' },
          last_activity_at: new Date().toISOString(),
        },
      ]),
    );
    render(<TopicsBlock />);
    expect(await screen.findByRole('link', { name: '📌 Finding a co-founder' })).toHaveAttribute(
      'href',
      '/forum/11',
    );
    expect(screen.getByText(/Ann Lee · 1 reply/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all: Latest discussions' })).toHaveAttribute(
      'href',
      '/community/3/discussion-forum',
    );
  });
});

describe('PostsBlock and PeopleBlock', () => {
  it('reads the feed by default and the newest posts for "latest"', async () => {
    const posts = () =>
      cursor([
        {
          post_id: 21,
          title: null,
          excerpt: 'We raised our seed round',
          author: { name: 'Omar Ode' },
          published_at: null,
        },
      ]);
    const server = mockHttp().get(`${FEED_API}/getFeed`, posts).get(`${POSTS_API}/searchPosts`, posts);
    render(<PostsBlock />);
    expect(await screen.findByRole('link', { name: 'We raised our seed round' })).toHaveAttribute(
      'href',
      '/show-post/21',
    );
    expect(server.calls[0]?.path).toMatch(/\/getFeed$/);
    render(<PostsBlock title="Latest posts" source="latest" />);
    await screen.findByRole('heading', { name: 'Latest posts' });
    await vi.waitFor(() =>
      expect(server.calls.some((call) => call.path.endsWith('/searchPosts'))).toBe(true),
    );
  });

  it('suggests people with the reason, linking to their profile', async () => {
    mockHttp().get(`${CONNECTIONS_API}/getSuggestions`, () =>
      cursor([
        {
          user_id: 3,
          name: 'Omar Ode',
          headline: 'Founder',
          reason: '2 mutual connections',
          connection: 'none',
        },
      ]),
    );
    render(<PeopleBlock />);
    expect(await screen.findByRole('link', { name: 'Omar Ode' })).toHaveAttribute('href', '/profile/3');
    expect(screen.getByText('Founder · 2 mutual connections')).toBeInTheDocument();
  });
});
