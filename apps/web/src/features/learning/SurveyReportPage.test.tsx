import type { AssessmentReport } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makeAssessment, serverError, stubHttp, teacher } from './assessment-fixtures';
import SurveyReportPage from './pages/SurveyReportPage';

const report: AssessmentReport = {
  assessment: makeAssessment(),
  responses: 3,
  submitted: 2,
  average_percent: 75,
  pass_rate: 50,
  questions: [
    {
      question_id: 41,
      prompt: 'Which is the middle value?',
      question_type: 'single_choice',
      answered: 2,
      options: [
        { id: 'a', label: 'Mean', count: 1, correct: false },
        { id: 'b', label: 'Median', count: 1, correct: true },
      ],
      ratings: [],
      mean: null,
      median: null,
      texts: [],
      correct_rate: 50,
    },
    {
      question_id: 44,
      prompt: 'How confident are you?',
      question_type: 'rating',
      answered: 2,
      options: [],
      ratings: [1, 2, 3].map((value) => ({ value, count: value === 3 ? 2 : 0 })),
      mean: 3,
      median: 3,
      texts: [],
      correct_rate: null,
    },
    {
      question_id: 43,
      prompt: 'Explain an outlier',
      question_type: 'short_text',
      answered: 2,
      options: [],
      ratings: [],
      mean: null,
      median: null,
      texts: ['Older answer', 'Newest answer'],
      correct_rate: null,
    },
  ],
};

const toastError = vi.hoisted(() => vi.fn());
vi.mock('../../shared/ui/notify', () => ({ notify: { error: toastError, success: vi.fn(), info: vi.fn() } }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('assessment report', () => {
  it('shows totals, a table per question with the chart numbers, and recent answers', async () => {
    stubHttp({
      '/reports/getReport/4': () => ({ data: report }),
      '/reports/getResponses/4': () => ({ data: [], meta: { page: 1, limit: 10, total: 0, totalPages: 1 } }),
    });
    renderWithProviders(null, {
      routes: [{ path: '/survey-report/:assessmentId', element: <SurveyReportPage /> }],
      route: '/survey-report/4',
      preloadedState: teacher,
    });
    expect(await screen.findByRole('heading', { name: 'Report: Statistics check' })).toBeInTheDocument();
    expect(screen.getByText('Average percent').nextSibling).toHaveTextContent('75%');
    expect(screen.getByText('Pass rate').nextSibling).toHaveTextContent('50%');
    expect(screen.getByText('Responses', { selector: 'dt' }).nextSibling).toHaveTextContent('3');
    expect(screen.getByRole('region', { name: 'Responses' })).toBeInTheDocument();
    expect(await screen.findByText('No responses yet')).toBeInTheDocument();

    const choices = screen.getByRole('table', { name: 'Answers to question 1' });
    const median = within(choices).getByRole('row', { name: /Median/ });
    expect(
      within(median)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Median', '1', 'Yes']);
    expect(screen.getByText('50% correct')).toBeInTheDocument();

    const ratings = screen.getByRole('table', { name: 'Answers to question 2' });
    expect(within(ratings).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('Mean 3 · Median 3')).toBeInTheDocument();

    const texts = screen.getByRole('region', { name: 'Question 3: Explain an outlier' });
    expect(
      within(texts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Newest answer', 'Older answer']);
  });

  it('exports the CSV through the API client, so the tenant header goes along, and shows a failure', async () => {
    const user = userEvent.setup();
    let fail = false;
    const calls = stubHttp({
      '/reports/getReport/4': () => ({ data: report }),
      '/reports/getResponses/4': () => ({ data: [], meta: { page: 1, limit: 10, total: 0, totalPages: 1 } }),
      '/reports/exportCsv/4': () =>
        fail ? serverError(403, 'You may not do this here.') : new Blob(['response_id\r\n']),
    });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(null, {
      routes: [{ path: '/survey-report/:assessmentId', element: <SurveyReportPage /> }],
      route: '/survey-report/4',
      preloadedState: teacher,
    });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = calls.find((call) => call.url?.includes('exportCsv'));
    expect(exported).toMatchObject({ url: '/api/assessment/reports/exportCsv/4', responseType: 'blob' });
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('assessment-4.csv');

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('You may not do this here.'));
  });
});
