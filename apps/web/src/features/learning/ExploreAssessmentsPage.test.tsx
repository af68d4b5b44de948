import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { learner, makeAssessment, stubHttp } from './assessment-fixtures';
import ExploreAssessmentsPage from './pages/ExploreAssessmentsPage';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('explore assessments', () => {
  it('lists published assessments and sends the search and kind to the server', async () => {
    const calls = stubHttp({
      '/assessments/getAll': () => ({
        data: [makeAssessment()],
        meta: { page: 1, limit: 12, total: 1, totalPages: 1, totalExact: true },
      }),
    });
    renderWithProviders(<ExploreAssessmentsPage />, {
      route: '/explore-assessments',
      preloadedState: learner,
    });
    expect(await screen.findByRole('link', { name: 'Statistics check' })).toHaveAttribute(
      'href',
      '/assessment-overview/4',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'median');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'survey');
    await waitFor(() =>
      expect(calls.at(-1)?.params).toEqual({
        page: 1,
        limit: 12,
        search: 'median',
        filterFields: JSON.stringify({ status: 'published', kind: 'survey' }),
      }),
    );
  });

  it('says so when nothing matches', async () => {
    stubHttp({
      '/assessments/getAll': () => ({
        data: [],
        meta: { page: 1, limit: 12, total: 0, totalPages: 0, totalExact: true },
      }),
    });
    renderWithProviders(<ExploreAssessmentsPage />, {
      route: '/explore-assessments',
      preloadedState: learner,
    });
    expect(await screen.findByText('No assessments yet')).toBeInTheDocument();
  });
});
