import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import CenterOverviewPage from './pages/CenterOverviewPage';
import EcosystemMapPage from './pages/EcosystemMapPage';
import FindProjectPage from './pages/FindProjectPage';
import InnovationWorkspacePage from './pages/InnovationWorkspacePage';
import InvestorHubPage from './pages/InvestorHubPage';

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

afterEach(() => {
  vi.restoreAllMocks();
});

/** A test adds the endpoints it needs, by the name that ends their path; anything else is a 404. */
const serve = () => mockHttp().on('*', /./, httpError(404, 'Not found'));
const named = (name: string) => new RegExp(`/${name}$`);

const page = (rows: object[], next: string | null = null) => ({
  data: rows,
  meta: { limit: 12, next_cursor: next },
});
const owner = { user_id: 2, name: 'Sofia Startup' };
const startup = (id: number, name: string) => ({
  startup_id: id,
  name,
  tagline: 'Cold storage for farmers',
  sector: 'agriculture',
  stage: 'mvp',
  country: 'KE',
  owner,
});

describe('/find-project', () => {
  it('lists startups with its defaults, searches them, and validates the new-startup form', async () => {
    const server = serve().on('*', named('getStartups'), ({ query }) =>
      query.search ? page([]) : page([startup(1, 'GreenHarvest'), startup(2, 'PayBridge')]),
    );
    renderWithProviders(<FindProjectPage />, { route: '/find-project', preloadedState: memberState });
    expect(await screen.findByRole('link', { name: 'GreenHarvest' })).toHaveAttribute(
      'href',
      '/startup-project/overview/1',
    );
    expect(server.calls[0]?.query).toEqual({ limit: 12 });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search startups by name' }), 'zzz');
    expect(
      await screen.findByText('No startup matches. Try another word or clear a filter.'),
    ).toBeInTheDocument();
    expect(server.calls.at(-1)?.query).toEqual({ search: 'zzz', limit: 12 });

    await userEvent.click(screen.getByRole('button', { name: 'Add your startup' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add startup' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a sector from the list.')).toBeInTheDocument();
    expect(server.calls.some((call) => call.path.endsWith('/createStartup'))).toBe(false);
  });

  it('shows the error state with a retry', async () => {
    mockHttp().on('*', /./, httpError(500, 'The server is down.'));
    renderWithProviders(<FindProjectPage />, { route: '/find-project', preloadedState: memberState });
    expect(await screen.findByText('We could not load startups')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

const CENTER = {
  center_id: 5,
  name: 'Northstar Incubator',
  kind: 'incubator',
  country: 'KE',
  sectors: ['agriculture'],
  open_cohorts: 1,
  description: 'Six months of mentoring.',
  criteria: ['Team', 'Market'],
  owner,
  cohorts: [
    {
      cohort_id: 9,
      center_id: 5,
      name: 'Spring 2027 cohort',
      programme: '',
      opens_at: '2026-11-01T00:00:00.000Z',
      closes_at: '2027-01-30T00:00:00.000Z',
      capacity: 12,
      is_open: true,
    },
  ],
  can_manage: false,
  can_review: true,
};
const APPLICATION = {
  application_id: 31,
  status: 'submitted',
  pitch: 'Kiosks for villages.',
  created_at: '2026-11-20T00:00:00.000Z',
  decided_at: null,
  startup: { startup_id: 3, name: 'MediPath', sector: 'health' },
  cohort: { cohort_id: 9, name: 'Spring 2027 cohort', closes_at: '2027-01-30T00:00:00.000Z' },
  center: { center_id: 5, name: 'Northstar Incubator' },
  applicant: { user_id: 4, name: 'Ethan Founder' },
  reviews: [],
  averages: {},
  next: ['shortlisted', 'declined'],
};

describe('/innovation-center/overview/{centerId}', () => {
  it('lets a reviewer rate on every criterion and shortlist after confirming', async () => {
    const server = serve()
      .on('*', named('getCenters/5'), { data: CENTER })
      .on('*', named('getCohortApplications/9'), page([APPLICATION]))
      .on('*', named('(reviewApplication|decideApplication)/31'), { data: APPLICATION });
    renderWithProviders(
      <Routes>
        <Route path="/innovation-center/overview/:centerId" element={<CenterOverviewPage />} />
      </Routes>,
      { route: '/innovation-center/overview/5', preloadedState: memberState },
    );
    const card = await screen.findByRole('article', { name: 'Application of MediPath' });
    await userEvent.type(within(card).getByRole('textbox', { name: 'Team (1 to 5)' }), '4');
    await userEvent.click(within(card).getByRole('button', { name: 'Save rating' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('missing: Market');
    await userEvent.type(within(card).getByRole('textbox', { name: 'Market (1 to 5)' }), '5');
    await userEvent.click(within(card).getByRole('button', { name: 'Save rating' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path.endsWith('/reviewApplication/31'))?.body).toEqual({
        ratings: { Team: 4, Market: 5 },
        notes: '',
      }),
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Shortlist' }));
    const confirm = await screen.findByRole('dialog', { name: 'Shortlist MediPath?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Shortlist' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path.endsWith('/decideApplication/31'))?.body).toEqual({
        status: 'shortlisted',
      }),
    );
    expect(screen.getByRole('button', { name: 'Apply to Spring 2027 cohort' })).toBeInTheDocument();
  });

  it('answers a 404 with the not-found page', async () => {
    mockHttp().on('*', /./, httpError(404, 'Innovation center not found.'));
    renderWithProviders(
      <Routes>
        <Route path="/innovation-center/overview/:centerId" element={<CenterOverviewPage />} />
      </Routes>,
      { route: '/innovation-center/overview/77', preloadedState: memberState },
    );
    expect(await screen.findByText('The requested URL was not found on this server.')).toBeInTheDocument();
  });
});

const CALL = {
  call_id: 3,
  title: 'Health access pre-seed',
  thesis: 'Essential services.',
  sector: 'health',
  stage: 'pre_seed',
  ticket_min: 50000,
  ticket_max: 200000,
  currency: 'USD',
  closes_at: '2027-01-01T00:00:00.000Z',
  is_open: true,
  investor: { investor_id: 1, name: 'Ivy Capital Partners', kind: 'vc' },
  is_mine: false,
  applications: null,
};

describe('/investor-hub', () => {
  it('shows open calls and investors signed out, with a way to sign in to apply', async () => {
    serve()
      .on('*', named('getCalls'), page([CALL]))
      .on(
        '*',
        named('getInvestors'),
        page([
          {
            investor_id: 1,
            name: 'Ivy Capital Partners',
            kind: 'vc',
            thesis: 'Seed rounds.',
            country: 'US',
            sectors: ['health'],
            stages: ['seed'],
            open_calls: 1,
            is_mine: false,
          },
        ]),
      );
    renderWithProviders(<InvestorHubPage />, { route: '/investor-hub' });
    expect(await screen.findByText('Health access pre-seed')).toBeInTheDocument();
    expect(await screen.findByText('United States · 1 open call')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign in to apply' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Apply to this call' })).toBeNull();
  });
});

describe('/ecosystem-map', () => {
  it('lists counts per country beside the map and filters by sector', async () => {
    const server = serve().on('*', named('getMap'), ({ query }) =>
      query.sector === 'health'
        ? { data: [{ country: 'NG', organisations: 0, startups: 1, centers: 0, total: 1 }] }
        : {
            data: [
              { country: 'KE', organisations: 1, startups: 2, centers: 1, total: 4 },
              { country: 'NG', organisations: 0, startups: 2, centers: 0, total: 2 },
            ],
          },
    );
    renderWithProviders(<EcosystemMapPage />, { route: '/ecosystem-map', preloadedState: memberState });
    const table = await screen.findByRole('table', { name: 'Counts by country' });
    expect(within(table).getByRole('button', { name: 'Kenya' })).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /World map of the ecosystem/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Sector' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Health and life sciences' }));
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Kenya' })).toBeNull());
    expect(within(table).getByRole('button', { name: 'Nigeria' })).toBeInTheDocument();
    expect(server.calls.at(-1)?.query).toEqual({ sector: 'health' });
  });

  it('lets an organisation’s administrator place it on the map, and nobody else sees the form', async () => {
    const tenant = { tenant_id: 5, tenant_name: 'Riverside Institute', tenant_type: 'institute' };
    const adminRole = { role_id: 14, role_name: 'tenant_admin', role_view: 'admin' as const, tenant_id: 5 };
    const adminState = {
      auth: {
        ...memberState.auth,
        user: { ...memberState.auth.user, roles: [adminRole] },
        roleContext: 'tenant' as const,
        currentTenant: tenant,
        currentRole: adminRole,
        availableTenants: [tenant],
      },
    };
    let placed = false;
    const server = serve()
      .on('*', named('updateOrganisationLocation'), ({ body }) => {
        placed = true;
        return { data: { tenant_id: 5, ...(body as object) } };
      })
      .on('*', named('getMap'), () => ({
        data: placed ? [{ country: 'GH', organisations: 1, startups: 0, centers: 0, total: 1 }] : [],
      }));
    const view = renderWithProviders(<EcosystemMapPage />, {
      route: '/ecosystem-map',
      preloadedState: adminState as never,
    });
    const card = await screen.findByRole('region', { name: 'Riverside Institute on the map' });
    await userEvent.click(within(card).getByRole('button', { name: 'Place on the map' }));
    expect(await within(card).findByText('Choose a country from the list.')).toBeInTheDocument();
    expect(server.calls.some((call) => call.path.endsWith('/updateOrganisationLocation'))).toBe(false);

    await userEvent.click(within(card).getByRole('combobox', { name: 'Country' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ghana' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Place on the map' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.path.endsWith('/updateOrganisationLocation'))).toMatchObject({
        method: 'PUT',
        body: { country: 'GH', sector: null },
      }),
    );
    const table = await screen.findByRole('table', { name: 'Counts by country' });
    expect(await within(table).findByRole('button', { name: 'Ghana' })).toBeInTheDocument();
    view.unmount();

    mockHttp().on('*', /./, { data: [] });
    renderWithProviders(<EcosystemMapPage />, { route: '/ecosystem-map', preloadedState: memberState });
    expect(await screen.findByText(/Nothing matches these filters yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place on the map' })).toBeNull();
  });
});

describe('/innovation-workspace', () => {
  const emptyWorkspace = {
    startups: [],
    projects: [],
    invitations: [],
    applications: [],
    reviewing: [],
    next_steps: [{ text: 'Apply to an open call', link: '/funding-hub' }],
  };

  it('charts the person’s statistics beside the workspace, and links the readiness journey', async () => {
    const server = serve()
      .on('*', named('getWorkspace'), { data: emptyWorkspace })
      .on('*', named('getStats'), {
        data: [
          {
            module_id: 4,
            module_name: 'Venture building',
            phase_id: 2,
            user_id: 7,
            stats: [
              {
                stat_id: 1,
                stat_name: 'Customer interviews',
                module_id: 4,
                parent_stat_id: null,
                category: 'Overall Achievements',
                scores: [
                  { table_id: 1, stat_id: 1, time_period: '2026-Q3', score_value: 12, score_unit: 'count' },
                ],
              },
              {
                stat_id: 2,
                stat_name: 'Pricing',
                module_id: 4,
                parent_stat_id: null,
                category: 'Need Expert Support',
                scores: [
                  { table_id: 2, stat_id: 2, time_period: '2026-Q3', score_value: 3, score_unit: 'level' },
                ],
              },
            ],
          },
        ],
      });
    renderWithProviders(<InnovationWorkspacePage />, {
      route: '/innovation-workspace',
      preloadedState: memberState,
    });
    const statistics = await screen.findByRole('region', { name: 'Statistics' });
    expect(await within(statistics).findByText('Venture building · phase 2 of 5')).toBeInTheDocument();
    expect(within(statistics).getByText(/Pricing/)).toBeInTheDocument();
    expect(within(statistics).getByRole('link', { name: 'Readiness journey' })).toHaveAttribute(
      'href',
      '/readiness-journey',
    );
    expect(server.calls.map((call) => call.path.split('/').pop())).toEqual(
      expect.arrayContaining(['getWorkspace', 'getStats']),
    );
  });

  it('says when there are no statistics yet, and offers a retry when they fail', async () => {
    let statsAnswered = 0;
    serve()
      .on('*', named('getWorkspace'), { data: emptyWorkspace })
      .on('*', named('getStats'), () => {
        statsAnswered += 1;
        if (statsAnswered === 1) throw httpError(500, 'Statistics are down');
        return { data: [] };
      });
    renderWithProviders(<InnovationWorkspacePage />, {
      route: '/innovation-workspace',
      preloadedState: memberState,
    });
    const statistics = await screen.findByRole('region', { name: 'Statistics' });
    await userEvent.click(await within(statistics).findByRole('button', { name: /retry|try again/i }));
    expect(
      await within(statistics).findByText(
        'No statistics yet: they appear once you complete a self-assessment.',
      ),
    ).toBeInTheDocument();
  });
});
