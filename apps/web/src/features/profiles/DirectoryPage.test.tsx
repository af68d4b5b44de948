import type { ProfileCard } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import DirectoryPage, { DIRECTORY_PAGE_SIZE } from './pages/DirectoryPage';

const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 1, username: 'me', roles: [{ role_id: 13 }] },
  },
};

function person(id: number, overrides: Partial<ProfileCard> = {}): ProfileCard {
  return {
    user_id: id,
    username: `member${id}`,
    firstName: 'Member',
    lastName: String(id),
    profile_image: null,
    headline: `Headline ${id}`,
    location: null,
    roles: ['Mentor'],
    ...overrides,
  };
}

type Params = { page?: number; limit?: number; search?: string; role_id?: number };

/** A directory of `total` members answering by page; records every query it was asked. */
function mockDirectory(total: number, match: (params: Params) => boolean = () => true) {
  const asked: Params[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    const params = (config.params ?? {}) as Params;
    asked.push(params);
    const all = match(params) ? Array.from({ length: total }, (_, i) => person(i + 1)) : [];
    const page = params.page ?? 1;
    const limit = params.limit ?? 12;
    const data = all.slice((page - 1) * limit, page * limit);
    return {
      data: {
        data,
        meta: { page, limit, total: all.length, totalPages: Math.ceil(all.length / limit), totalExact: true },
      },
    } as AxiosResponse;
  });
  return asked;
}

function renderDirectory(route = '/profiles') {
  return renderWithProviders(null, {
    routes: [{ path: '/profiles', element: <DirectoryPage /> }],
    route,
    preloadedState: signedIn,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/profiles', () => {
  it('lists members as cards linking to their profiles, with the total', async () => {
    const asked = mockDirectory(3);
    renderDirectory();
    const card = await screen.findByRole('link', { name: /^Member 1 @member1 Headline 1/ });
    expect(card).toHaveAttribute('href', '/profile/1');
    expect(screen.getByText('3 members')).toBeInTheDocument();
    expect(asked[0]).toEqual({ page: 1, limit: DIRECTORY_PAGE_SIZE });
  });

  it('searches once the typing pauses, not on every keystroke, and starts again at page 1', async () => {
    const asked = mockDirectory(30);
    const { router } = renderDirectory('/profiles?page=2');
    await screen.findByRole('link', { name: /^Member 13 @/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'ada');
    await waitFor(() => expect(asked.some((p) => p.search === 'ada')).toBe(true));
    expect(asked.filter((p) => p.search !== undefined).map((p) => p.search)).toEqual(['ada']);
    expect(asked.at(-1)).toEqual({ page: 1, limit: DIRECTORY_PAGE_SIZE, search: 'ada' });
    expect(router.state.location.search).toBe('?search=ada');
  });

  it('pages on the server', async () => {
    const asked = mockDirectory(30);
    const { router } = renderDirectory();
    await screen.findByRole('link', { name: /^Member 1 @/ });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: /^Member 25 @/ })).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ page: 3, limit: DIRECTORY_PAGE_SIZE });
    expect(router.state.location.search).toBe('?page=3');
  });

  it('filters by role', async () => {
    const asked = mockDirectory(2);
    renderDirectory();
    await screen.findByRole('link', { name: /^Member 1 @/ });
    await userEvent.click(screen.getByPlaceholderText('Any role'));
    await userEvent.click(await screen.findByRole('option', { name: 'Investor' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: 1, limit: DIRECTORY_PAGE_SIZE, role_id: 3 }));
  });

  it('shows an empty state with a way back to everyone', async () => {
    const asked = mockDirectory(4, (params) => !params.search);
    renderDirectory('/profiles?search=nobody');
    expect(await screen.findByText('No members match your search')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findByRole('link', { name: /^Member 1 @/ })).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ page: 1, limit: DIRECTORY_PAGE_SIZE });
  });

  it('shows the error with a retry', async () => {
    const response = { status: 500, data: { message: 'Something went wrong. Please try again.' } };
    vi.spyOn(http, 'request').mockRejectedValue(
      new AxiosError('x', 'ERR_BAD_RESPONSE', undefined, undefined, response as AxiosResponse),
    );
    renderDirectory();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
