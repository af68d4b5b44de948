import { HUB_MESSAGES, type HubPage } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import HubEditorPage from './pages/HubEditorPage';

const adminState = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: {
      user_id: 1,
      username: 'admin',
      roles: [{ role_id: 1, role_name: 'admin', role_view: 'admin' as const }],
    },
  },
};

const hub: HubPage = {
  hub_id: 5,
  tenant_id: null,
  path: '/idea-hub',
  group: 'hub',
  is_public: false,
  title: 'Idea hub',
  draft: {
    title: 'Idea hub',
    intro: 'Shape your idea with the journeys, challenges and people.',
    audience: 'Founders',
    theme: ['ideas'],
    blocks: [
      { kind: 'readiness', title: 'Your readiness' },
      { kind: 'events', title: 'Upcoming events', filter: { when: 'upcoming' } },
    ],
  },
  published: null,
  has_changes: true,
  published_at: null,
  published_by: null,
  updated_by: 1,
  updated_at: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** The hub API: getHub answers the hub, updateHub echoes the draft, publishHub publishes it; lists answer empty. */
function server() {
  const calls: AxiosRequestConfig[] = [];
  let current = hub;
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    const url = config.url ?? '';
    if (url.endsWith('/getHub/5')) return { data: { data: current } } as AxiosResponse;
    if (url.endsWith('/updateHub/5')) {
      const { draft } = config.data as { draft: HubPage['draft'] };
      current = { ...current, draft, title: draft.title };
      return { data: { data: current } } as AxiosResponse;
    }
    if (url.endsWith('/publishHub/5')) {
      current = {
        ...current,
        published: current.draft,
        has_changes: false,
        published_at: '2026-01-02T00:00:00Z',
      };
      return { data: { data: current } } as AxiosResponse;
    }
    if (url.endsWith('/getJourneys')) return { data: { data: { journeys: [] } } } as AxiosResponse;
    return {
      data: { data: [], meta: { page: 1, limit: 5, total: 0, totalPages: 0, totalExact: true } },
    } as AxiosResponse;
  });
  return calls;
}

const open = () =>
  renderWithProviders(<HubEditorPage />, {
    route: '/manage-hubs/5',
    routes: [{ path: '/manage-hubs/:hubId', element: <HubEditorPage /> }],
    preloadedState: adminState,
  });
const blockTitles = () =>
  within(screen.getAllByRole('list')[0] as HTMLElement)
    .getAllByRole('textbox', { name: /Block title/ })
    .map((input) => (input as HTMLInputElement).value);

describe('the hub editor', () => {
  it('adds a block, moves it up, removes one with undo, and publishes the draft in that order', async () => {
    const calls = server();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit hub: Idea hub' })).toBeInTheDocument();
    expect(blockTitles()).toEqual(['Your readiness', 'Upcoming events']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Kind of block' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Jobs and internships' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add block' }));
    expect(blockTitles()).toEqual(['Your readiness', 'Upcoming events', 'Jobs and internships']);

    await userEvent.click(screen.getByRole('button', { name: 'Move Jobs and internships up' }));
    expect(blockTitles()).toEqual(['Your readiness', 'Jobs and internships', 'Upcoming events']);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Your readiness' }));
    expect(blockTitles()).toEqual(['Jobs and internships', 'Upcoming events']);
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(blockTitles()).toEqual(['Your readiness', 'Jobs and internships', 'Upcoming events']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Your readiness' }));

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(calls.some((call) => call.url?.endsWith('/publishHub/5'))).toBe(true));
    const saved = calls.find((call) => call.url?.endsWith('/updateHub/5'))?.data as {
      draft: { blocks: { kind: string; title: string; filter?: unknown }[] };
    };
    expect(saved.draft.blocks).toEqual([
      { kind: 'jobs', title: 'Jobs and internships' },
      { kind: 'events', title: 'Upcoming events', filter: { when: 'upcoming' } },
    ]);
    expect(calls.findIndex((call) => call.url?.endsWith('/updateHub/5'))).toBeLessThan(
      calls.findIndex((call) => call.url?.endsWith('/publishHub/5')),
    );
  });

  it('shows the schema messages and saves nothing while the draft is invalid', async () => {
    const calls = server();
    open();
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    await userEvent.clear(title);
    await userEvent.clear(screen.getAllByRole('textbox', { name: /Block title/ })[1] as HTMLElement);
    await userEvent.type(
      screen.getAllByRole('textbox', { name: /Block title/ })[1] as HTMLElement,
      'your READINESS',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(HUB_MESSAGES.titleEmpty)).toBeInTheDocument();
    expect(screen.getByText(HUB_MESSAGES.blockTitleTaken)).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Not saved' })).toHaveTextContent('Fix the fields marked below');
    expect(calls.some((call) => call.url?.endsWith('/updateHub/5'))).toBe(false);
  });

  it('previews the draft with its live blocks', async () => {
    const calls = server();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Edit hub: Idea hub' });
    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Preview of the draft' });
    expect(within(preview).getByRole('heading', { level: 1, name: 'Idea hub' })).toBeInTheDocument();
    expect(within(preview).getByRole('region', { name: 'Upcoming events' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url?.endsWith('/getEvents'))).toBe(true));
  });
});
