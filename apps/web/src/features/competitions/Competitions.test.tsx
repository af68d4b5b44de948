import { COMMUNITIES_API, COMPETITIONS_API, type Competition } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { DetailsForm } from './components/DetailsForm';
import { JudgingPanel } from './components/JudgingPanel';
import BlockchainCompetitionPage from './pages/BlockchainCompetitionPage';
import CompetitionBlockPage from './pages/CompetitionBlockPage';

afterEach(() => {
  vi.restoreAllMocks();
});

const round = {
  round_id: 5,
  position: 1,
  name: 'Open round',
  submission_deadline: '2027-01-09T05:00:00+00:00',
  advanced_at: null,
  criteria: [
    { criterion_id: 11, name: 'Impact', description: '', weight: 2 },
    { criterion_id: 12, name: 'Execution', description: '', weight: 1 },
  ],
};
function competition(id: number, overrides: object = {}) {
  return {
    competition_id: id,
    tenant_id: null,
    tenant_name: null,
    slug: null,
    title: `Challenge ${id}`,
    summary: 'Build something good.',
    brief: '<p>The brief</p>',
    rules: '<p>The rules</p>',
    prizes: '<p>The prizes</p>',
    visibility: 'public',
    status: 'published',
    participation: 'both',
    max_team_size: 5,
    leaderboard_public: false,
    starts_at: null,
    ends_at: '2027-01-09T05:00:00+00:00',
    winners_announced_at: null,
    entries: 1,
    can_manage: false,
    is_judge: false,
    has_entered: false,
    rounds: [round],
    created_at: '2026-11-20T09:00:00+00:00',
    modified_at: '2026-11-20T09:00:00+00:00',
    ...overrides,
  };
}
const page = (rows: object[], total = rows.length) => ({
  data: rows,
  meta: { page: 1, limit: 12, total, totalPages: Math.max(1, Math.ceil(total / 12)), totalExact: true },
});
const signedIn = {
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

describe('/competition-block', () => {
  it('lists upcoming competitions by default, with their entries, and searches', async () => {
    const server = mockHttp().get(`${COMPETITIONS_API}/getCompetitions`, ({ query }) =>
      page(query.search ? [] : [competition(1), competition(2, { entries: 3 })]),
    );
    renderWithProviders(<CompetitionBlockPage />, { route: '/competition-block', preloadedState: signedIn });
    expect(await screen.findByRole('link', { name: 'Challenge 1' })).toHaveAttribute(
      'href',
      '/competition/overview/1',
    );
    expect(screen.getByText(/1 entry$/)).toBeInTheDocument();
    expect(screen.getByText(/3 entries$/)).toBeInTheDocument();
    expect(server.calls[0]?.query).toMatchObject({ page: 1, when: 'upcoming' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search competitions' }), 'zzz');
    expect(await screen.findByText('No competition matches your search.')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    mockHttp().get(`${COMPETITIONS_API}/getCompetitions`, httpError(500, 'The server is unwell.'));
    renderWithProviders(<CompetitionBlockPage />, { route: '/competition-block', preloadedState: signedIn });
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is unwell.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/competition/blockchain signed out', () => {
  it('shows the brief, rules, prizes and timeline, and asks to sign in to take part', async () => {
    const server = mockHttp().get(`${COMPETITIONS_API}/getCompetitionBySlug/:slug`, {
      data: competition(9, { slug: 'blockchain', title: 'Blockchain for Public Good' }),
    });
    renderWithProviders(<BlockchainCompetitionPage />, { route: '/competition/blockchain' });
    expect(
      await screen.findByRole('heading', { name: 'Blockchain for Public Good', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('The rules')).toBeInTheDocument();
    expect(screen.getByText('The prizes')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Open round' })).toBeInTheDocument();
    expect(screen.getByText(/to enter this competition/)).toBeInTheDocument();
    expect(server.calls[0]?.path).toMatch(/getCompetitionBySlug\/blockchain$/);
  });
});

describe('judging', () => {
  it('scores every criterion 1-5; a conflicted submission offers no scoring', async () => {
    const server = mockHttp()
      .get(`${COMPETITIONS_API}/getJudging/4`, {
        data: {
          competition_id: 4,
          round,
          submissions: [
            {
              submission_id: 31,
              round_id: 5,
              entry_id: 1,
              entry_name: 'Team A',
              title: 'Ledger',
              text: 'x',
              links: [],
              file_ids: [],
              advanced: false,
              modified_at: '2026-11-20T09:00:00+00:00',
              conflict: false,
              my_scores: [],
            },
            {
              submission_id: 32,
              round_id: 5,
              entry_id: 2,
              entry_name: 'Cousin',
              title: 'Other',
              text: 'y',
              links: [],
              file_ids: [],
              advanced: false,
              modified_at: '2026-11-20T09:00:00+00:00',
              conflict: true,
              my_scores: [],
            },
          ],
        },
      })
      .put(`${COMPETITIONS_API}/scoreSubmission/31`, { data: { submission_id: 31, my_scores: [] } });
    renderWithProviders(
      <Routes>
        <Route path="*" element={<JudgingPanel competitionId={4} />} />
      </Routes>,
      { route: '/competition/manage/4', preloadedState: signedIn },
    );
    expect(await screen.findByText('Ledger · Team A')).toBeInTheDocument();
    expect(screen.getByText(/You declared a conflict of interest/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Save scores' })).toHaveLength(1);
    const save = screen.getByRole('button', { name: 'Save scores' });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getAllByText('4')[0]!);
    await userEvent.click(screen.getAllByText('5')[1]!);
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    const scored = () => server.callsTo('PUT', `${COMPETITIONS_API}/scoreSubmission/31`);
    await waitFor(() => expect(scored()).not.toEqual([]));
    expect(scored()[0]!.body).toEqual({
      scores: [
        { criterion_id: 11, score: 4 },
        { criterion_id: 12, score: 5 },
      ],
    });
  });
});

describe('the competition details form', () => {
  it('links the competition to a community the organiser moderates', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockHttp()
      .get(`${COMMUNITIES_API}/getCommunities`, {
        data: [
          { community_id: 3, name: 'Founders Circle', my_role: 'owner', my_status: 'active' },
          { community_id: 5, name: 'Readers', my_role: 'member', my_status: 'active' },
        ],
        meta: { page: 1, limit: 100, total: 2, totalPages: 1, totalExact: true },
      })
      .put(`${COMPETITIONS_API}/updateCompetition/7`, (call) => {
        sent.push(call.body);
        return { data: competition(7, { community_id: 3 }) };
      });
    renderWithProviders(
      <DetailsForm
        competition={competition(7, { can_manage: true, community_id: null }) as unknown as Competition}
      />,
    );
    const picker = screen.getByRole('combobox', { name: /Community \(optional\)/ });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    expect(screen.queryByRole('option', { name: 'Readers' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Founders Circle' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ community_id: 3, title: 'Challenge 7' });
  });
});
