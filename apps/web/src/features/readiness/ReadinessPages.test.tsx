import { READINESS_PATHS as P } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { StatsChart } from './components/LevelCharts';
import ReadinessJourneyPage from './pages/ReadinessJourneyPage';
import TechnologyReadinessPage from './pages/TechnologyReadinessPage';

const founderState = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: {
      user_id: 7,
      username: 'ethan',
      roles: [{ role_id: 4, role_name: 'entrepreneur', role_view: 'user' as const }],
    },
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

const options = Array.from({ length: 9 }, (_, i) => ({
  id: String(i + 1),
  label: `Level ${i + 1}: statement ${i + 1}`,
}));
const emptyJourney = {
  journey: 'technology',
  assessment_id: 4,
  questions: [
    {
      question_id: 40,
      dimension: 'technology',
      prompt: 'Which statement best describes your technology today?',
      options,
    },
  ],
  latest: null,
  history: [],
  next_steps: [],
};
const result = {
  result_id: 9,
  journey: 'technology',
  user_id: 7,
  created_at: '2026-11-20T10:00:00.000Z',
  overall: 4,
  average: 4,
  dimensions: [
    { dimension: 'technology', self_level: 4, level: 4, target: null, review: null, evidence: [] },
  ],
};
const takenJourney = {
  ...emptyJourney,
  latest: result,
  history: [
    { result_id: 9, created_at: result.created_at, overall: 4, average: 4, levels: { technology: 4 } },
  ],
  next_steps: [
    {
      dimension: 'technology',
      advice: 'Technology, level 5: Component and/or breadboard validation in a relevant environment.',
      links: [{ kind: 'program', label: 'Browse programs', href: '/lxp' }],
    },
  ],
};

describe('/technology-readiness', () => {
  it('asks for every dimension before submitting, then shows the scored level and next steps', async () => {
    let taken = false;
    const server = mockHttp()
      .get(`${P.journeys}/getJourney/technology`, () => ({ data: taken ? takenJourney : emptyJourney }))
      .post(`${P.results}/createResult`, () => {
        taken = true;
        return { data: result };
      });
    const { store } = renderWithProviders(<TechnologyReadinessPage />, { preloadedState: founderState });
    const submit = await screen.findByRole('button', { name: 'Submit my levels' });
    await userEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Answer every dimension before you submit.');
    expect(server.calls.some((c) => c.path.endsWith('/createResult'))).toBe(false);

    await userEvent.click(screen.getByRole('radio', { name: 'Level 4: statement 4' }));
    await userEvent.click(submit);
    await waitFor(() => expect(server.calls.some((c) => c.path.endsWith('/createResult'))).toBe(true));
    const sent = server.calls.find((c) => c.path.endsWith('/createResult'));
    expect(sent?.body).toEqual({ journey: 'technology', answers: { '40': '4' } });
    expect(await screen.findByRole('heading', { name: 'Technology: level 4' })).toBeInTheDocument();
    expect(screen.getByText(/level 5: Component and\/or breadboard/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse programs' })).toHaveAttribute('href', '/lxp');
    // The round just completed is the persisted plan's iteration (spec section 3).
    expect(store.getState().plan.iteration).toBe(1);
  });

  it('shows the error state with a retry when the journey cannot load', async () => {
    mockHttp().get(`${P.journeys}/getJourney/technology`, httpError(500, 'Server down'));
    renderWithProviders(<TechnologyReadinessPage />, { preloadedState: founderState });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/readiness-journey', () => {
  it('opens in its default view with nothing taken: four journeys to start, empty stats and queue', async () => {
    mockHttp()
      .get(`${P.journeys}/getJourneys`, {
        data: {
          journeys: ['idea', 'technology', 'entrepreneurial', 'investor'].map((journey) => ({
            journey,
            latest: null,
            history: [],
          })),
        },
      })
      .get(`${P.stats}/getStats`, { data: [] })
      .get(`${P.reviews}/getReviews`, {
        data: [],
        meta: { page: 1, limit: 10, total: 0, totalPages: 0, totalExact: true },
      });
    renderWithProviders(<ReadinessJourneyPage />, { preloadedState: founderState });
    expect(await screen.findByRole('link', { name: 'Start technology readiness' })).toHaveAttribute(
      'href',
      '/technology-readiness',
    );
    expect(screen.getByText('Take a self-assessment to see your levels here.')).toBeInTheDocument();
    expect(await screen.findByText(/Nobody is waiting for your review/)).toBeInTheDocument();
    expect(await screen.findByText(/No statistics yet/)).toBeInTheDocument();
  });
});

describe('StatsChart', () => {
  it('lists each stat with its category and latest score', () => {
    renderWithProviders(
      <StatsChart
        modules={[
          {
            module_id: 1,
            module_name: 'Readiness journeys',
            phase_id: 2,
            user_id: 7,
            stats: [
              {
                stat_id: 1,
                stat_name: 'Technology readiness',
                module_id: 1,
                parent_stat_id: null,
                category: 'Overall Achievements',
                scores: [
                  { table_id: 1, stat_id: 1, time_period: '2026-10', score_value: 3, score_unit: 'level' },
                  { table_id: 2, stat_id: 1, time_period: '2026-11', score_value: 4, score_unit: 'level' },
                ],
              },
              {
                stat_id: 2,
                stat_name: 'Technology readiness: dimensions needing expert support',
                module_id: 1,
                parent_stat_id: 1,
                category: 'Need Expert Support',
                scores: [
                  {
                    table_id: 3,
                    stat_id: 2,
                    time_period: '2026-11',
                    score_value: 0,
                    score_unit: 'dimensions',
                  },
                ],
              },
            ],
          },
        ]}
      />,
    );
    expect(screen.getByText('Readiness journeys · phase 2 of 5')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Readiness journeys statistics' });
    expect(table).toHaveTextContent('Technology readiness');
    expect(table).toHaveTextContent('4 level (2026-11)');
    expect(table).toHaveTextContent('Need Expert Support');
  });
});
