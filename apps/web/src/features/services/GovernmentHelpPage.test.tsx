import { SCHEMES_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import GovernmentHelpPage from './pages/GovernmentHelpPage';

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
      username: 'gov',
      roles: [{ role_id: 9, role_name: 'government-body', role_view: 'user' as const }],
    },
  },
};
const scheme = (id: number, overrides: object = {}) => ({
  scheme_id: id,
  name: `Scheme ${id}`,
  agency: 'State Innovation Council',
  description: 'Grants for startups',
  eligibility: 'Startups under five years',
  how_to_apply: ['Register', 'Pitch'],
  link: 'https://example.gov',
  sectors: ['software'],
  deadline: '2099-01-31',
  can_edit: false,
  ...overrides,
});
const answer = (rows: object[], canPublish = false) => ({
  data: rows,
  meta: { page: 1, limit: 10, total: rows.length, totalPages: 1, totalExact: true },
  can_publish: canPublish,
});
const getSchemes = `${SCHEMES_API}/getSchemes`;
/** The schemes endpoints a test adds; anything outside them fails as a server error. */
const serve = () => mockHttp().on('*', new RegExp(`^(?!${SCHEMES_API}/)`), httpError(500, 'Not here'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/government-help', () => {
  it('lists schemes with their steps and link, with only the defaults', async () => {
    const server = serve().get(getSchemes, () => answer([scheme(1, { name: 'Seed grant' })]));
    renderWithProviders(<GovernmentHelpPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByRole('heading', { name: 'Seed grant' })).toBeInTheDocument();
    expect(screen.getByText('Pitch')).toBeInTheDocument();
    expect(screen.getByText(/Apply by 31 Jan 2099/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Official page of Seed grant' })).toHaveAttribute(
      'href',
      'https://example.gov',
    );
    expect(server.calls[0]?.query).toEqual({ page: 1, limit: 10 });
    expect(screen.queryByRole('button', { name: 'Publish a scheme' })).not.toBeInTheDocument();
  });

  it('searches and shows the empty states', async () => {
    const server = serve().get(getSchemes, () => answer([]));
    renderWithProviders(<GovernmentHelpPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('No government schemes yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search schemes' }), 'loan');
    await waitFor(() => expect(server.calls.at(-1)?.query).toEqual({ page: 1, limit: 10, search: 'loan' }));
    expect(await screen.findByText('No schemes match your search')).toBeInTheDocument();
  });

  it('lets a government body publish, showing what is missing first', async () => {
    const server = serve()
      .get(getSchemes, () => answer([], true))
      .post(`${SCHEMES_API}/createScheme`, { data: scheme(5) });
    renderWithProviders(<GovernmentHelpPage />, { route: '/', preloadedState: memberState });
    await userEvent.click(await screen.findByRole('button', { name: 'Publish a scheme' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(within(dialog).getByText('The name is required.')).toBeInTheDocument();
    expect(server.calls.some((call) => call.path.endsWith('/createScheme'))).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Export boost');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Body or agency' }), 'Trade office');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Help to export');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Eligibility' }), 'Exporters');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /How to apply/ }), 'Apply online');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Link' }), 'example.gov');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Sectors/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Retail and e-commerce' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${SCHEMES_API}/createScheme`)[0]?.body).toMatchObject({
        name: 'Export boost',
        how_to_apply: ['Apply online'],
        link: 'https://example.gov',
        sectors: ['retail'],
        deadline: null,
      }),
    );
  });

  it('shows the error with a retry', async () => {
    serve().get(getSchemes, httpError(500, 'Something went wrong on our side.'));
    renderWithProviders(<GovernmentHelpPage />, { route: '/', preloadedState: memberState });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
  });
});
