import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The hubs that hold these blocks load the server cache (app/api.ts registers its middleware).
import '../../app/api';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { initialAuthState } from '../session/auth-slice';
import { AnnouncementsBlock } from './AnnouncementsBlock';
import { ExpertsBlock } from './ExpertsBlock';
import { FundingCallsBlock } from './FundingCallsBlock';
import { JobsBlock } from './JobsBlock';
import { ProgramsBlock } from './ProgramsBlock';
import { ReadinessBlock } from './ReadinessBlock';
import { ResourcesBlock } from './ResourcesBlock';

/** The blocks issue 22 added for the defined hubs: rows, parameters, empty and error states. */

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
const render = (ui: ReactElement, preloadedState: object = memberState) =>
  renderWithProviders(ui, { route: '/idea-hub', preloadedState });

/** Each new block: one row as the list answers it, the link and line it shows, and its endpoint. */
const CASES: {
  name: string;
  ui: ReactElement;
  url: RegExp;
  params: Record<string, unknown>;
  row: object;
  link: { name: string; href: string };
  meta: RegExp;
  emptyText: string;
  seeAll: string;
}[] = [
  {
    name: 'ProgramsBlock',
    ui: <ProgramsBlock title="Programs" category="onboarding" search="tour" />,
    url: /\/api\/program\/programs\/searchPrograms$/,
    params: { page: 1, limit: 5, search: 'tour', program_category: 'onboarding' },
    row: {
      program_id: 3,
      program_name: 'Getting started',
      program_category: 'onboarding',
      description: 'A tour',
    },
    link: { name: 'Getting started', href: '/programs/overview/3' },
    meta: /onboarding · A tour/,
    emptyText: 'No programs match yet',
    seeAll: '/lxp',
  },
  {
    name: 'ResourcesBlock',
    ui: <ResourcesBlock title="Resources" kinds={['article', 'video']} tags={['policy', 'energy']} />,
    url: /\/api\/resources\/items\/getItems$/,
    params: { page: 1, limit: 5, kind: 'article,video', tag: 'policy,energy' },
    row: { item_id: 8, kind: 'case_study', title: 'Solar spin-off', summary: 'From a lab' },
    link: { name: 'Solar spin-off', href: '/case-study/8' },
    meta: /Case study · From a lab/,
    emptyText: 'No resources match yet',
    seeAll: '/resources',
  },
  {
    name: 'ExpertsBlock',
    ui: <ExpertsBlock title="Experts" expertise="product" />,
    url: /\/api\/experts\/experts\/findExperts$/,
    params: { page: 1, limit: 5, expertise: 'product' },
    row: {
      user_id: 12,
      name: 'Maya Mentor',
      headline: 'Product discovery',
      expertise: ['product', 'pitching'],
      next_free_at: null,
    },
    link: { name: 'Maya Mentor', href: '/profile/12' },
    meta: /Product discovery · product, pitching/,
    emptyText: 'No experts match yet',
    seeAll: '/find-expert',
  },
  {
    name: 'JobsBlock',
    ui: <JobsBlock title="Jobs" jobType="internship" />,
    url: /\/api\/jobs\/postings\/getAll$/,
    params: { page: 1, limit: 5, job_type: 'internship' },
    row: {
      posting_id: 5,
      title: 'Data analyst intern',
      organisation: 'Acme',
      job_type: 'internship',
      remote: true,
      city: null,
      closes_at: '2099-01-10T00:00:00.000Z',
    },
    link: { name: 'Data analyst intern', href: '/search-jobs/5' },
    meta: /Acme · Internship · Remote · Closes 10 Jan 2099/,
    emptyText: 'No open postings match yet',
    seeAll: '/search-jobs',
  },
  {
    name: 'FundingCallsBlock',
    ui: <FundingCallsBlock title="Calls" sector="health" />,
    url: /\/api\/funding\/getCalls$/,
    params: { limit: 5, sector: 'health' },
    row: {
      call_id: 2,
      title: 'Health access pre-seed',
      sector: 'health',
      ticket_min: 50000,
      ticket_max: 150000,
      currency: 'USD',
      closes_at: '2099-03-01T00:00:00.000Z',
      investor: { investor_id: 1, name: 'Ivy Capital', kind: 'vc' },
    },
    link: { name: 'Health access pre-seed', href: '/funding-hub' },
    meta: /Ivy Capital · Health and life sciences · US\$50,000 to US\$150,000/,
    emptyText: 'No open calls match yet',
    seeAll: '/funding-hub',
  },
  {
    name: 'AnnouncementsBlock',
    ui: <AnnouncementsBlock title="News" />,
    url: /\/api\/announcements\/announcements\/getAnnouncements$/,
    params: { page: 1, limit: 5 },
    row: {
      announcement_id: 4,
      title: 'Lab closed on Friday',
      pinned: true,
      unread: true,
      published_at: new Date().toISOString(),
    },
    link: { name: 'Lab closed on Friday', href: '/announcements' },
    meta: /Pinned · Unread ·/,
    emptyText: 'No announcements for you right now',
    seeAll: '/announcements',
  },
];

describe.each(CASES)('$name', ({ ui, url, params, row, link, meta, emptyText, seeAll }) => {
  it('lists rows from its endpoint with only the filters given', async () => {
    const server = mockHttp().get(url, () => page([row]));
    render(ui);
    expect(await screen.findByRole('link', { name: link.name })).toHaveAttribute('href', link.href);
    expect(screen.getByText(meta)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^See all:/ })).toHaveAttribute('href', seeAll);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.path).toMatch(url);
    expect(server.calls[0]?.query).toEqual(params);
  });

  it('shows its empty text, not an error, when nothing matches', async () => {
    mockHttp().get(url, () => page([]));
    render(ui);
    expect(await screen.findByText(emptyText)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error and fetches again on "Try again"', async () => {
    let fail = true;
    mockHttp().get(url, () => {
      if (fail) throw httpError(500, 'Database down');
      return page([row]);
    });
    render(ui);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Database down')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: link.name })).toBeInTheDocument();
  });
});

describe('ReadinessBlock', () => {
  const journeys = /\/api\/readiness\/journeys\/getJourneys$/;
  const overview = {
    data: {
      journeys: [
        {
          journey: 'idea',
          latest: {
            result_id: 1,
            created_at: '2026-05-04T10:00:00.000Z',
            overall: 4,
            average: 4,
            levels: {},
          },
          history: [],
        },
        { journey: 'technology', latest: null, history: [] },
        { journey: 'entrepreneurial', latest: null, history: [] },
        { journey: 'investor', latest: null, history: [] },
      ],
    },
  };

  it('links the four journeys with the viewer’s latest level, and "see all" to the readiness journey', async () => {
    const server = mockHttp().get(journeys, overview);
    render(<ReadinessBlock />);
    expect(await screen.findByText(/Level 4 of 9 · assessed 4 May 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Idea readiness' })).toHaveAttribute('href', '/idea-readiness');
    expect(screen.getByRole('link', { name: 'Investor readiness' })).toHaveAttribute(
      'href',
      '/investor-readiness',
    );
    expect(screen.getAllByText('Not assessed yet: take the self-assessment')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'See all: Your readiness' })).toHaveAttribute(
      'href',
      '/readiness-journey',
    );
    expect(server.calls[0]?.path).toMatch(journeys);
    expect(server.calls[0]?.query).toEqual({});
  });

  it('with no results yet (its empty state), still offers every journey', async () => {
    mockHttp().get(journeys, { data: { journeys: [] } });
    render(<ReadinessBlock />);
    expect(await screen.findAllByText('Not assessed yet: take the self-assessment')).toHaveLength(4);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signed out, shows the journeys without asking for levels', async () => {
    const server = mockHttp().get(journeys, overview);
    render(<ReadinessBlock />, { auth: initialAuthState });
    expect(await screen.findByRole('link', { name: 'Technology readiness' })).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('shows the error and fetches again on "Try again"', async () => {
    let fail = true;
    mockHttp().get(journeys, () => {
      if (fail) throw httpError(503, 'Readiness is resting');
      return overview;
    });
    render(<ReadinessBlock />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Readiness is resting')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Level 4 of 9/)).toBeInTheDocument();
  });
});
