import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { isAssessmentAuthor } from './assessment-author';
import { learner, makeAssessment, makeResponse, stubHttp, teacher } from './assessment-fixtures';
import MyAssessmentsPage from './pages/MyAssessmentsPage';

const mine = [
  { ...makeResponse(), title: 'Statistics check', kind: 'quiz', pass_mark: 50 },
  {
    ...makeResponse({ response_id: 10, assessment_id: 5, is_completed: true, percent: 80, passed: true }),
    title: 'Python check',
    kind: 'quiz',
    pass_mark: 50,
  },
];

function render(preloadedState: typeof learner) {
  return renderWithProviders(null, {
    routes: [
      { path: '/assessments', element: <MyAssessmentsPage /> },
      { path: '/assessment/manage/:assessmentId', element: <p>Builder page</p> },
    ],
    route: '/assessments',
    preloadedState,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('my assessments', () => {
  it('lists my responses with a way to continue or view, and no authoring for a learner', async () => {
    stubHttp({ '/take/getMyResponses': () => ({ data: mine }) });
    render(learner);
    const table = await screen.findByRole('table', { name: 'My responses' });
    const open = within(table).getByRole('row', { name: /Statistics check/ });
    expect(within(open).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/assessment/4');
    const done = within(table).getByRole('row', { name: /Python check/ });
    expect(within(done).getByText('80% · Passed')).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/assessment/5');
    expect(screen.queryByRole('button', { name: 'New assessment' })).toBeNull();
  });

  it('lets an author create a draft and opens it in the builder', async () => {
    const calls = stubHttp({
      '/take/getMyResponses': () => ({ data: [] }),
      '/assessments/getAll': () => ({
        data: [makeAssessment({ status: 'draft' })],
        meta: { page: 1, limit: 10, total: 1, totalPages: 1, totalExact: true },
      }),
      '/assessments/createAssessment': () => ({
        data: makeAssessment({ assessment_id: 12, status: 'draft' }),
      }),
    });
    render(teacher);
    expect(await screen.findByText('You have not started an assessment yet')).toBeInTheDocument();
    const managed = await screen.findByRole('table', { name: 'Assessments I manage' });
    expect(within(managed).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/assessment/manage/4',
    );
    expect(within(managed).getByRole('link', { name: 'Report' })).toHaveAttribute('href', '/survey-report/4');
    await userEvent.click(screen.getByRole('button', { name: 'New assessment' }));
    expect(await screen.findByText('Builder page')).toBeInTheDocument();
    expect(calls.find((call) => call.url?.endsWith('/createAssessment'))?.data).toEqual({
      title: 'Untitled assessment',
      kind: 'quiz',
      pass_mark: 60,
    });
  });
});

describe('who may author', () => {
  it('is a platform admin, a teacher of the current context, or an admin of the current tenant', () => {
    expect(isAssessmentAuthor([{ role_id: 1, tenant_id: null }], 3)).toBe(true);
    expect(isAssessmentAuthor([{ role_id: 20, role_name: 'teacher', tenant_id: null }], null)).toBe(true);
    expect(isAssessmentAuthor([{ role_id: 20, role_name: 'teacher', tenant_id: 3 }], null)).toBe(false);
    expect(isAssessmentAuthor([{ role_id: 30, role_view: 'admin', tenant_id: 3 }], 3)).toBe(true);
    expect(isAssessmentAuthor([{ role_id: 15, role_name: 'student', tenant_id: null }], null)).toBe(false);
  });
});
