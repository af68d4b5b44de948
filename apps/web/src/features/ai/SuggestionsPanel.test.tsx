import { AI_API, type Suggestion } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import { SuggestionsPanel } from './components/SuggestionsPanel';

afterEach(() => {
  vi.restoreAllMocks();
});

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

const job = (id: number, reason = 'Matches your interests: rust.'): Suggestion => ({
  item_id: `jobs:${id}`,
  category: 'jobs',
  title: `Job ${id}`,
  reason,
  link: `/search-jobs/${id}`,
});

/** The server's sets: set 0 is jobs 1 and 2, set 1 is job 3; the notice says the provider failed. */
function serve(notice: string | null = null) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    const set = Number((config.params as { set: number }).set);
    const items = set === 0 ? [job(1, '<b>bold</b> fit'), job(2)] : [job(3)];
    return { data: { data: { category: 'jobs', set, items, source: 'builtin', notice } } } as AxiosResponse;
  });
  return calls;
}

describe('SuggestionsPanel', () => {
  it('loads the first set with the page, rendering reasons as text', async () => {
    const calls = serve();
    renderWithProviders(<SuggestionsPanel category="jobs" />, {
      route: '/job-internship-hub',
      preloadedState: memberState,
    });
    expect(await screen.findByRole('link', { name: 'Job 1' })).toHaveAttribute('href', '/search-jobs/1');
    expect(screen.getByText('<b>bold</b> fit')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: `${AI_API}/getSuggestions`, params: { category: 'jobs', set: 0 } });
    expect(screen.getByRole('heading', { name: 'Jobs to apply to' })).toBeInTheDocument();
  });

  it('asks for another set, shows it, and cycles back around to the first', async () => {
    const calls = serve();
    renderWithProviders(<SuggestionsPanel category="jobs" />, { route: '/', preloadedState: memberState });
    await screen.findByRole('link', { name: 'Job 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Suggest more' }));
    expect(await screen.findByRole('link', { name: 'Job 3' })).toBeInTheDocument();
    expect(calls.at(-1)?.params).toEqual({ category: 'jobs', set: 1 });
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next set of suggestions' }));
    expect(await screen.findByRole('link', { name: 'Job 1' })).toBeInTheDocument();
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous set of suggestions' }));
    expect(await screen.findByRole('link', { name: 'Job 3' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('adds an item to the picks and takes it back', async () => {
    serve();
    renderWithProviders(<SuggestionsPanel category="jobs" />, { route: '/', preloadedState: memberState });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Job 2 to my picks' }));
    expect(screen.getByRole('button', { name: 'Remove Job 2 from my picks' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByText('1 added')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Job 2 from my picks' }));
    await waitFor(() => expect(screen.queryByText('1 added')).not.toBeInTheDocument());
  });

  it('shows the quiet notice when the provider fell back', async () => {
    serve('The AI service did not answer in time.');
    renderWithProviders(<SuggestionsPanel category="jobs" />, { route: '/', preloadedState: memberState });
    expect(await screen.findByRole('status')).toHaveTextContent('The AI service did not answer in time.');
  });
});
