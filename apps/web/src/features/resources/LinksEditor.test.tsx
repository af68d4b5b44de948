import { ECOSYSTEM_API, RESOURCE_COLLECTIONS_API, RESOURCE_ITEMS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { type HttpAnswer, httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import ItemPage from './pages/ItemPage';
import UploadDocumentsPage from './pages/UploadDocumentsPage';

/** Issue 21: what an item is about, picked from the ecosystem's directory or typed as a web page. */

afterEach(() => {
  vi.restoreAllMocks();
});

// jsdom has no FontFaceSet; the upload form's autosize Textarea listens on it for web-font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

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

const owner = { user_id: 2, name: 'Ada', photo_file_id: null };
const startup = (id: number, name: string) => ({
  startup_id: id,
  name,
  tagline: `${name} makes things`,
  sector: 'energy',
  stage: 'seed',
  country: 'IN',
  owner,
});
const project = (id: number, title: string) => ({
  project_id: id,
  title,
  summary: `${title} summary`,
  sector: 'water',
  status: 'open',
  needs: [],
  owner,
  team_size: 3,
});
const page = (data: unknown[]) => ({ data, meta: { limit: 8, next_cursor: null } });

const item = (overrides: object = {}) => ({
  item_id: 5,
  tenant_id: null,
  collection_id: null,
  collection_name: null,
  kind: 'case_study',
  title: 'Solar roofs',
  summary: '',
  authors: [],
  tags: [],
  language: 'en',
  cover_file_id: null,
  visibility: 'public',
  status: 'published',
  published_at: '2026-01-02T00:00:00.000Z',
  created_at: '2026-01-02T00:00:00.000Z',
  headline: null,
  licence: '',
  body: '',
  role_id: null,
  chapters: [],
  links: [],
  duration_seconds: null,
  created_by: 7,
  modified_at: '2026-01-02T00:00:00.000Z',
  can_manage: true,
  can_approve: false,
  saved: false,
  position_seconds: 0,
  progress_percent: 0,
  files: [],
  ...overrides,
});

const emptyList = { data: [], meta: { page: 1, limit: 20, total: 0, totalPages: 0, facets: null } };

/** The upload page's server: the directory answers from `directory`, createItem echoes an item. */
function uploadServer(directory: HttpAnswer) {
  return mockHttp()
    .get(`${RESOURCE_ITEMS_API}/getItems`, emptyList)
    .get(`${RESOURCE_COLLECTIONS_API}/getCollections`, emptyList)
    .get(`${ECOSYSTEM_API}/:list`, directory)
    .post(`${RESOURCE_ITEMS_API}/createItem`, { data: item({ title: 'Solar roofs', status: 'draft' }) })
    .put(`${RESOURCE_ITEMS_API}/updateItem/5`, { data: item() });
}

describe('the links editor on /upload-documents', () => {
  it('links a startup found by name and a web page, and sends them with the item', async () => {
    const server = uploadServer(({ params }) =>
      params.list === 'getStartups' ? page([startup(3, 'SunGrid Homes'), startup(4, 'Sunbeam')]) : page([]),
    );
    renderWithProviders(<UploadDocumentsPage />, { route: '/upload-documents', preloadedState: memberState });
    await userEvent.type(screen.getByLabelText(/^Title/), 'Solar roofs');
    expect(screen.getByText('No links yet.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Find a startup'), 'sun');
    await userEvent.click(await screen.findByLabelText('Link SunGrid Homes'));
    const [search] = server.callsTo('GET', `${ECOSYSTEM_API}/getStartups`);
    expect(search?.query).toEqual({ search: 'sun', limit: 8 });
    const links = screen.getByRole('list', { name: 'Links' });
    expect(within(links).getByText('SunGrid Homes')).toBeInTheDocument();
    // Picked once: the result now says so and cannot be added twice.
    expect(screen.getByLabelText('SunGrid Homes is linked')).toBeDisabled();

    // Projects are searched through their own list; nothing found says so.
    await userEvent.click(screen.getByText('Projects'));
    await userEvent.clear(screen.getByLabelText('Find a project'));
    await userEvent.type(screen.getByLabelText('Find a project'), 'zzz');
    expect(await screen.findByText('No project matches “zzz”.')).toBeInTheDocument();
    expect(server.callsTo('GET', `${ECOSYSTEM_API}/getProjects`).some((c) => c.query.search === 'zzz')).toBe(
      true,
    );

    // A web page needs a name and an https address.
    await userEvent.type(screen.getByLabelText('Web page name'), 'Press release');
    await userEvent.type(screen.getByLabelText('Web page address'), 'http://example.org');
    await userEvent.click(screen.getByText('Add web page'));
    expect(screen.getByText('An address starting with https://')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Web page address'));
    await userEvent.type(screen.getByLabelText('Web page address'), 'https://example.org/news{Enter}');
    expect(within(links).getByText('Press release (https://example.org/news)')).toBeInTheDocument();

    await userEvent.click(screen.getByText('Publish'));
    const created = () => server.callsTo('POST', `${RESOURCE_ITEMS_API}/createItem`);
    await waitFor(() => expect(created()).not.toEqual([]));
    expect((created()[0]?.body as { links?: unknown } | undefined)?.links).toEqual([
      { type: 'startup', id: 3 },
      { type: 'link', name: 'Press release', url: 'https://example.org/news' },
    ]);
  }, 60_000);

  it('says when the directory cannot be searched, and searches again on request', async () => {
    let fail = true;
    const server = uploadServer(() => {
      if (fail) throw httpError(500, 'Something went wrong.');
      return page([startup(3, 'SunGrid Homes')]);
    });
    renderWithProviders(<UploadDocumentsPage />, { route: '/upload-documents', preloadedState: memberState });
    await userEvent.type(screen.getByLabelText('Find a startup'), 'sun');
    expect(await screen.findByText('The directory could not be searched')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByText('Try again'));
    expect(await screen.findByLabelText('Link SunGrid Homes')).toBeInTheDocument();
    expect(server.callsTo('GET', `${ECOSYSTEM_API}/getStartups`).length).toBeGreaterThan(1);
  }, 60_000);
});

describe('links on an item page', () => {
  const renderCase = () =>
    renderWithProviders(
      <Routes>
        <Route path="/case-study/:id" element={<ItemPage />} />
      </Routes>,
      { route: '/case-study/5', preloadedState: memberState },
    );
  const linked = [
    { type: 'startup', id: 3, name: 'SunGrid Homes', url: '/startup-project/overview/3' },
    { type: 'link', name: 'Press release', url: 'https://example.org/news' },
  ];

  it('lets whoever manages the item change its links', async () => {
    const server = mockHttp()
      .get(`${RESOURCE_ITEMS_API}/getItem/5`, { data: item({ links: linked }) })
      .get(`${ECOSYSTEM_API}/getProjects`, page([project(8, 'River clean-up')]))
      .put(`${RESOURCE_ITEMS_API}/updateItem/5`, { data: item({ links: linked.slice(1) }) });
    renderCase();
    expect(await screen.findByRole('link', { name: 'SunGrid Homes' })).toHaveAttribute(
      'href',
      '/startup-project/overview/3',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit links' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove SunGrid Homes' }));
    await userEvent.click(screen.getByText('Projects'));
    await userEvent.type(screen.getByLabelText('Find a project'), 'river');
    await userEvent.click(await screen.findByRole('button', { name: 'Link River clean-up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save links' }));
    const saved = () => server.calls.filter((c) => c.method === 'PUT');
    await waitFor(() => expect(saved()).not.toEqual([]));
    expect(saved()[0]?.body).toEqual({
      links: [
        { type: 'link', name: 'Press release', url: 'https://example.org/news' },
        { type: 'project', id: 8 },
      ],
    });
    expect(await screen.findByRole('button', { name: 'Edit links' })).toBeInTheDocument();
  });

  it('shows the links without an editor to a reader who may not change the item', async () => {
    mockHttp().get(`${RESOURCE_ITEMS_API}/getItem/5`, { data: item({ links: linked, can_manage: false }) });
    renderCase();
    expect(await screen.findByRole('link', { name: 'Press release' })).toHaveAttribute(
      'href',
      'https://example.org/news',
    );
    expect(screen.queryByRole('button', { name: 'Edit links' })).not.toBeInTheDocument();
  });
});
