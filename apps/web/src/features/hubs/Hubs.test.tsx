import {
  announcementListQuery,
  callSearchQuery,
  communityListQuery,
  competitionListQuery,
  eventListQuery,
  expertSearchQuery,
  feedQuery,
  findHubDefinition,
  HUB_DEFINITIONS,
  type HubBlockKind,
  hubByPathQuery,
  postingSearchQuery,
  postSearchQuery,
  resourceSearchQuery,
  searchProgramsQuery,
  suggestionsQuery,
  topicListQuery,
} from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import DefinedHubPage from './pages/DefinedHubPage';

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

/**
 * Each list a block may read, by the end of its path, with the query schema its server route
 * validates with. The schemas are strict: a parameter the list does not define fails the parse, as
 * it would fail the request with a 400.
 */
const ENDPOINTS: { path: RegExp; query: ZodType | null }[] = [
  { path: /\/api\/events\/events\/getEvents$/, query: eventListQuery },
  { path: /\/getCompetitions$/, query: competitionListQuery },
  { path: /\/getCommunities$/, query: communityListQuery },
  { path: /\/getTopics$/, query: topicListQuery },
  { path: /\/feed\/getFeed$/, query: feedQuery },
  { path: /\/posts\/searchPosts$/, query: postSearchQuery },
  { path: /\/connections\/getSuggestions$/, query: suggestionsQuery },
  { path: /\/api\/program\/programs\/searchPrograms$/, query: searchProgramsQuery },
  { path: /\/api\/resources\/items\/getItems$/, query: resourceSearchQuery },
  { path: /\/api\/experts\/experts\/findExperts$/, query: expertSearchQuery },
  { path: /\/api\/jobs\/postings\/getAll$/, query: postingSearchQuery },
  { path: /\/api\/funding\/getCalls$/, query: callSearchQuery },
  { path: /\/api\/announcements\/announcements\/getAnnouncements$/, query: announcementListQuery },
  // No query string at all.
  { path: /\/api\/readiness\/journeys\/getJourneys$/, query: null },
  { path: /\/api\/hubs\/children\/getChildren$/, query: null },
  { path: /\/api\/hubs\/pages\/byPath$/, query: hubByPathQuery },
];

/** The list each kind of block reads (topics, posts and people per their filters). */
const LIST_OF: Record<HubBlockKind, RegExp> = {
  events: /\/getEvents$/,
  competitions: /\/getCompetitions$/,
  communities: /\/getCommunities$/,
  topics: /\/getTopics$/,
  posts: /\/(getFeed|searchPosts)$/,
  people: /\/connections\/getSuggestions$/,
  programs: /\/searchPrograms$/,
  resources: /\/resources\/items\/getItems$/,
  experts: /\/findExperts$/,
  jobs: /\/postings\/getAll$/,
  fundingCalls: /\/funding\/getCalls$/,
  readiness: /\/getJourneys$/,
  announcements: /\/getAnnouncements$/,
  children: /\/hubs\/children\/getChildren$/,
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** The server's published hub: the default definition, as the seed writes it. */
function published(path: string, overrides: Record<string, unknown> = {}) {
  const { path: route, group, ...definition } = findHubDefinition(path)!;
  return {
    hub_id: 9,
    tenant_id: null,
    path: route,
    group,
    is_public: false,
    definition,
    published_at: null,
    editable: false,
    ...overrides,
  };
}

/** Every list answers empty (the readiness overview with no journeys taken); hubs answer their default. */
function emptyServer(hub: (path: string) => unknown = (path) => published(path)) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    if (config.url?.endsWith('/byPath')) {
      return { data: { data: hub(String((config.params as { path: string }).path)) } } as AxiosResponse;
    }
    const data = config.url?.endsWith('/getJourneys')
      ? { data: { journeys: [] } }
      : { data: [], meta: { page: 1, limit: 5, total: 0, totalPages: 0, totalExact: true } };
    return { data } as AxiosResponse;
  });
  return calls;
}

describe('the defined hub and home pages', () => {
  it.each(HUB_DEFINITIONS.map((hub) => [hub.path, hub] as const))(
    '%s renders its heading and every block, each asking its list with defined parameters only',
    async (path, hub) => {
      const calls = emptyServer();
      renderWithProviders(<DefinedHubPage />, { route: path, preloadedState: memberState });

      expect(screen.getByRole('heading', { level: 1, name: hub.title })).toBeInTheDocument();
      expect(screen.getByText(hub.intro)).toBeInTheDocument();
      for (const word of hub.theme) expect(screen.getByText(word)).toBeInTheDocument();
      for (const action of hub.actions ?? []) {
        expect(screen.getByRole('link', { name: action.label })).toHaveAttribute('href', action.href);
      }

      for (const block of hub.blocks) {
        const region = screen.getByRole('region', { name: block.title });
        expect(within(region).getByRole('heading', { level: 2, name: block.title })).toBeInTheDocument();
        expect(within(region).getByRole('link', { name: `See all: ${block.title}` })).toBeInTheDocument();
      }
      // Every block settles into its rows or its empty state: none stays busy, none fails.
      await waitFor(() => expect(document.querySelector('[aria-busy=true]')).toBeNull());
      expect(screen.queryByRole('alert')).toBeNull();

      for (const block of hub.blocks) {
        const list = LIST_OF[block.kind];
        expect(
          calls.some((call) => list.test(call.url ?? '')),
          `${path}: ${block.title}`,
        ).toBe(true);
      }
      for (const call of calls) {
        const endpoint = ENDPOINTS.find((candidate) => candidate.path.test(call.url ?? ''));
        expect(endpoint, `${path}: ${call.url}`).toBeDefined();
        expect(call.method ?? 'GET', call.url).toMatch(/^get$/i);
        const params = (call.params ?? {}) as Record<string, unknown>;
        for (const [key, value] of Object.entries(params)) {
          expect(value, `${path}: ${call.url} ${key}`).not.toBeUndefined();
          expect(value, `${path}: ${call.url} ${key}`).not.toBe('');
        }
        if (endpoint?.query === null) expect(call.params, call.url).toBeUndefined();
        else expect(endpoint?.query.safeParse(params).success, `${path}: ${call.url}`).toBe(true);
      }
    },
  );

  it('shows the published definition from the server, and an edit link to those who may edit it', async () => {
    const calls = emptyServer((path) =>
      published(path, {
        editable: true,
        hub_id: 42,
        definition: {
          title: 'Idea hub, as published',
          intro: 'What the platform admins published today.',
          audience: 'Founders',
          theme: ['ideas'],
          blocks: [{ kind: 'jobs', title: 'Roles for builders' }],
        },
      }),
    );
    renderWithProviders(<DefinedHubPage />, { route: '/idea-hub', preloadedState: memberState });
    // The built-in default shows at once, the server's version once it arrives.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Idea hub, as published' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Roles for builders' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your readiness' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit this hub' })).toHaveAttribute('href', '/manage-hubs/42');
    expect(calls.find((call) => call.url?.endsWith('/byPath'))?.params).toEqual({ path: '/idea-hub' });
  });

  it('keeps the built-in definition when the server has none', async () => {
    emptyServer(() => {
      throw Object.assign(new Error('Hub not found.'), { response: { status: 404 } });
    });
    renderWithProviders(<DefinedHubPage />, { route: '/idea-hub', preloadedState: memberState });
    await waitFor(() => expect(document.querySelector('[aria-busy=true]')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Idea hub' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit this hub' })).toBeNull();
  });

  it('opens a path in another case as the router does', () => {
    emptyServer();
    renderWithProviders(<DefinedHubPage />, { route: '/academic-ai-lab-hub', preloadedState: memberState });
    expect(screen.getByRole('heading', { level: 1, name: 'Academic AI lab hub' })).toBeInTheDocument();
  });

  it('sends an unknown path to the 404 page', () => {
    emptyServer();
    renderWithProviders(<DefinedHubPage />, { route: '/not-a-hub', preloadedState: memberState });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
