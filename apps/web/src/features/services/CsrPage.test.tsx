import { CSR_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import CsrPage from './pages/CsrPage';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for web-font loads.
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
const project = (id: number, overrides: object = {}) => ({
  project_id: id,
  tenant_id: 3,
  organisation: 'Acme Corporate Labs',
  title: `Project ${id}`,
  description: 'Solar for schools',
  cause: 'environment',
  budget_min: 100000,
  budget_max: 500000,
  currency: 'INR',
  location: 'Karnataka',
  status: 'open',
  created_at: '2026-11-20T09:00:00.000Z',
  interested: false,
  can_manage: false,
  interests: 0,
  ...overrides,
});
const page = (rows: object[]) => ({
  data: rows,
  meta: { page: 1, limit: 12, total: rows.length, totalPages: 1, totalExact: true },
});
const getProjects = `${CSR_API}/getProjects`;
/** The CSR endpoints a test adds; anything outside them fails as a server error. */
const serve = () => mockHttp().on('*', new RegExp(`^(?!${CSR_API}/)`), httpError(500, 'Not here'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/services/csr', () => {
  it('lists projects with only the defaults and their budget range', async () => {
    const server = serve().get(getProjects, () => page([project(1, { title: 'Solar rooftops' })]));
    renderWithProviders(<CsrPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByRole('heading', { name: 'Solar rooftops' })).toBeInTheDocument();
    expect(screen.getByText(/Budget ₹1,00,000 – ₹5,00,000/)).toBeInTheDocument();
    expect(server.calls[0]?.query).toEqual({ page: 1, limit: 12 });
  });

  it('shows the empty state, and the filtered one', async () => {
    const server = serve().get(getProjects, () => page([]));
    renderWithProviders(<CsrPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('No CSR projects yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'water');
    await waitFor(() => expect(server.calls.at(-1)?.query).toEqual({ page: 1, limit: 12, search: 'water' }));
    expect(await screen.findByText('No projects match your search')).toBeInTheDocument();
  });

  it('sends an interest with a message, refusing an empty one', async () => {
    const server = serve()
      .get(getProjects, () => page([project(1)]))
      .post(`${CSR_API}/expressInterest`, {
        data: project(1, { interested: true }),
        message: 'Your interest is sent to the organisation.',
      });
    renderWithProviders(<CsrPage />, { route: '/', preloadedState: memberState });
    await userEvent.click(await screen.findByRole('button', { name: 'Express interest in Project 1' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Write a short message.')).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Message to the organisation/ }),
      'We can help',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${CSR_API}/expressInterest`)[0]?.body).toEqual({
        project_id: 1,
        message: 'We can help',
      }),
    );
  });

  it('shows the publisher the interests', async () => {
    serve()
      .get(getProjects, () => page([project(2, { can_manage: true, interests: 1 })]))
      .get(`${CSR_API}/getInterests/:id`, {
        data: [
          {
            interest_id: 1,
            user_id: 9,
            name: 'Ivan Industry',
            message: 'Count us in',
            created_at: '2026-11-21T09:00:00.000Z',
          },
        ],
      });
    renderWithProviders(<CsrPage />, { route: '/', preloadedState: memberState });
    await userEvent.click(await screen.findByRole('button', { name: 'Interests (1)' }));
    expect(await screen.findByText('Count us in')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    serve().get(getProjects, httpError(500, 'Something went wrong on our side.'));
    renderWithProviders(<CsrPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
  });
});
