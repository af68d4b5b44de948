import { RESOURCE_ITEMS_API, RESOURCE_LIBRARY_API, RESOURCE_PLAYLISTS_API } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import ItemPage from './pages/ItemPage';
import PlaylistPage from './pages/PlaylistPage';
import ResourceFilterPage from './pages/ResourceFilterPage';

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

const card = (id: number, overrides: object = {}) => ({
  item_id: id,
  tenant_id: null,
  collection_id: null,
  collection_name: null,
  kind: 'report',
  title: `Report ${id}`,
  summary: `Summary ${id}`,
  authors: ['Ada'],
  tags: ['solar'],
  language: 'en',
  cover_file_id: null,
  visibility: 'public',
  status: 'published',
  published_at: '2026-01-02T00:00:00.000Z',
  created_at: '2026-01-02T00:00:00.000Z',
  headline: null,
  ...overrides,
});

const file = (id: number, version: number, current: boolean, overrides: object = {}) => ({
  item_file_id: id,
  file_id: `f${id}`,
  slot: 'main',
  version,
  label: '',
  name: `v${version}.pdf`,
  content_type: 'application/pdf',
  size_bytes: 2048,
  download_count: 3,
  is_current: current,
  url: `/api/resources/files/content/${id}`,
  hls_url: null,
  created_at: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

const item = (overrides: object = {}) => ({
  ...card(5),
  licence: 'CC BY 4.0',
  body: '<p>Body text</p>',
  role_id: null,
  chapters: [],
  links: [],
  duration_seconds: null,
  created_by: 7,
  modified_at: '2026-01-02T00:00:00.000Z',
  can_manage: false,
  can_approve: false,
  saved: false,
  position_seconds: 0,
  progress_percent: 0,
  files: [],
  ...overrides,
});

const facets = {
  kind: [
    { value: 'report', label: 'Report', count: 2 },
    { value: 'video', label: 'Video', count: 1 },
  ],
  tag: [{ value: 'solar', label: 'solar', count: 3 }],
  language: [],
  collection: [],
  year: [],
};

describe('/resource-filter', () => {
  it('lists with only the defaults, shows facet counts, and filters by a facet', async () => {
    const server = mockHttp().get(`${RESOURCE_ITEMS_API}/getItems`, {
      data: [card(1, { headline: 'the <mark>solar</mark> output' }), card(2)],
      meta: { page: 1, limit: 12, total: 2, totalPages: 1, facets },
    });
    renderWithProviders(<ResourceFilterPage />, { route: '/resource-filter', preloadedState: memberState });
    expect(await screen.findByRole('link', { name: 'Report 1' })).toHaveAttribute('href', '/report/1');
    expect(server.calls[0]?.query).toEqual({ limit: 12, facets: 'true' });
    expect(screen.getByText('solar', { selector: 'mark' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Video (1)' }));
    await waitFor(() =>
      expect(server.calls.at(-1)?.query).toEqual({ limit: 12, kind: 'video', facets: 'true' }),
    );
  });
});

describe('resource pages', () => {
  const renderItem = (path: string) =>
    renderWithProviders(
      <Routes>
        <Route path="/report/:id" element={<ItemPage />} />
        <Route path="/video/:id" element={<ItemPage />} />
      </Routes>,
      { route: path, preloadedState: memberState },
    );

  it('previews a report’s PDF, offers its download and its version history, and saves it', async () => {
    const server = mockHttp()
      .get(`${RESOURCE_ITEMS_API}/getItem/5`, {
        data: item({ files: [file(9, 2, true), file(8, 1, false)] }),
      })
      .post(`${RESOURCE_LIBRARY_API}/saveEntry`, { data: { saved: true } });
    renderItem('/report/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Report 5' })).toBeInTheDocument();
    expect(screen.getByTestId('pdf-preview')).toHaveAttribute('data', '/api/resources/files/content/9');
    expect(screen.getByRole('link', { name: /Download v2.pdf/ })).toHaveAttribute(
      'href',
      '/api/resources/files/content/9?download=1',
    );
    expect(screen.getByRole('heading', { name: 'Version history' })).toBeInTheDocument();
    expect(screen.getByText('2 (current)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save to my library' }));
    await waitFor(() =>
      expect(server.calls.some((c) => c.method === 'POST' && (c.body as { saved: boolean }).saved)).toBe(
        true,
      ),
    );
  });

  it('says so when a video has no media yet, and plays one with captions when it has', async () => {
    mockHttp().get(`${RESOURCE_ITEMS_API}/getItem/5`, { data: item({ kind: 'video', title: 'Pitch talk' }) });
    const first = renderItem('/video/5');
    expect(await screen.findByText('No media uploaded yet')).toBeInTheDocument();
    first.unmount();
    vi.restoreAllMocks();
    mockHttp().get(`${RESOURCE_ITEMS_API}/getItem/5`, {
      data: item({
        kind: 'video',
        title: 'Pitch talk',
        position_seconds: 65,
        chapters: [{ start: 30, title: 'The ask' }],
        files: [
          file(3, 1, true, { content_type: 'video/webm', name: 't.webm' }),
          file(4, 1, true, { slot: 'caption', content_type: 'text/plain', name: 'c.vtt' }),
        ],
      }),
    });
    renderItem('/video/5');
    const player = await screen.findByTestId('media-player');
    expect(player).toHaveAttribute('src', '/api/resources/files/content/3');
    expect(player.querySelector('track')).toHaveAttribute('src', '/api/resources/files/content/4');
    expect(screen.getByText('Resumes at 1:05')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '0:30 · The ask' })).toBeInTheDocument();
  });

  describe('a video with an HLS ladder', () => {
    const hlsItem = () =>
      item({
        kind: 'video',
        title: 'Pitch talk',
        files: [
          file(3, 1, true, {
            content_type: 'video/mp4',
            name: 't.mp4',
            hls_url: '/api/resources/files/content/3/hls/index.m3u8',
          }),
        ],
      });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('plays the ladder natively where the browser plays HLS', async () => {
      // The browser's own answer is what decides; jsdom has no media stack of its own.
      vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
        type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
      );
      mockHttp().get(`${RESOURCE_ITEMS_API}/getItem/5`, () => ({ data: hlsItem() }));
      renderItem('/video/5');
      const player = await screen.findByTestId('media-player');
      expect(player).toHaveAttribute('data-playback', 'native');
      expect(player).toHaveAttribute('src', '/api/resources/files/content/3/hls/index.m3u8');
    });

    it('plays the original file where neither native HLS nor Media Source Extensions are there', async () => {
      vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
      vi.stubGlobal('MediaSource', undefined);
      mockHttp().get(`${RESOURCE_ITEMS_API}/getItem/5`, () => ({ data: hlsItem() }));
      renderItem('/video/5');
      const player = await screen.findByTestId('media-player');
      expect(player).toHaveAttribute('data-playback', 'file');
      expect(player).toHaveAttribute('src', '/api/resources/files/content/3');
    });

    it('hands the ladder to hls.js, and falls back to the original file when hls.js cannot play it', async () => {
      vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
      // A Media Source that supports no codec: hls.js is loaded, then declines.
      vi.stubGlobal(
        'MediaSource',
        Object.assign(() => undefined, { isTypeSupported: () => false }),
      );
      mockHttp().get(`${RESOURCE_ITEMS_API}/getItem/5`, () => ({ data: hlsItem() }));
      renderItem('/video/5');
      const player = await screen.findByTestId('media-player');
      await waitFor(() => expect(player).toHaveAttribute('data-playback', 'file'));
      expect(player).toHaveAttribute('src', '/api/resources/files/content/3');
    });
  });
});

describe('item pages signed out (public routes)', () => {
  const signedOutState = { auth: { ...initialAuthState } };
  /** The API as a visitor meets it: no session, item 5 public, anything else hidden (a 404). */
  const visitorServer = () =>
    mockHttp()
      .on('*', /./, httpError(401, 'Sign in.'))
      .on('*', /^\/api\/resources\//, httpError(404, 'Resource not found.'))
      .get(`${RESOURCE_ITEMS_API}/getItem/5`, { data: item({ kind: 'article', title: 'Open notes' }) })
      .get(`${RESOURCE_PLAYLISTS_API}/getPlaylist/3`, {
        data: {
          playlist_id: 3,
          owner_id: 9,
          title: 'Founder talks',
          description: '',
          visibility: 'public',
          items: [card(8, { kind: 'video', title: 'Pitch talk' })],
          can_manage: false,
          saved: false,
          created_at: '2026-01-02T00:00:00.000Z',
        },
      });
  const renderSignedOut = (path: string) =>
    renderWithProviders(
      <Routes>
        <Route path="/article/:id" element={<ItemPage />} />
        <Route path="/report/:id" element={<ItemPage />} />
        <Route path="/playlists/:id" element={<PlaylistPage />} />
      </Routes>,
      { route: path, preloadedState: signedOutState },
    );

  it('shows a public item to a visitor, without the signed-in actions', async () => {
    visitorServer();
    renderSignedOut('/article/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Open notes' })).toBeInTheDocument();
    expect(screen.getByText('Body text')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save to my library' })).not.toBeInTheDocument();
  });

  it('shows the not-found page, and nothing else, for an item the visitor may not see', async () => {
    visitorServer();
    renderSignedOut('/report/6');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('plays a public playlist signed out and shows not found for a private one', async () => {
    visitorServer();
    const first = renderSignedOut('/playlists/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Founder talks' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save playlist' })).not.toBeInTheDocument();
    first.unmount();
    renderSignedOut('/playlists/4');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
