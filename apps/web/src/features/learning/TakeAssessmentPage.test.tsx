import { type AnswersBody, ASSESSMENT_MESSAGES } from '@nexus/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import {
  learner,
  makeAssessment,
  makeQuestion,
  makeResponse,
  serverError,
  stubHttp,
} from './assessment-fixtures';
import TakeAssessmentPage from './pages/TakeAssessmentPage';

const questions = [
  makeQuestion(),
  makeQuestion({
    question_id: 42,
    question_type: 'multiple_choice',
    prompt: 'Which describe spread?',
    options: [
      { id: 'a', label: 'Variance' },
      { id: 'b', label: 'Range' },
      { id: 'c', label: 'Mode' },
    ],
    position: 1,
  }),
  makeQuestion({
    question_id: 43,
    question_type: 'short_text',
    prompt: 'Explain an outlier',
    options: [],
    position: 2,
  }),
  makeQuestion({
    question_id: 44,
    question_type: 'rating',
    prompt: 'How confident are you?',
    options: [],
    position: 3,
  }),
].map(
  ({ correct_options: _hidden, created_by, modified_by, created_at, modified_at, is_deleted, ...rest }) =>
    rest,
);

function render(route = '/assessment/4') {
  return renderWithProviders(null, {
    routes: [{ path: '/assessment/:assessment_id', element: <TakeAssessmentPage /> }],
    route,
    preloadedState: learner,
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('taking an assessment', () => {
  it('autosaves every answer so far a moment after typing, and says so', async () => {
    const calls = stubHttp({
      '/take/getAttempt/4': () => ({ data: { assessment: makeAssessment(), questions, response: null } }),
      '/take/saveAnswers/4': (config) => ({
        data: makeResponse({ answers: (config.data as AnswersBody).answers }),
      }),
    });
    const { store } = render();
    await userEvent.click(await screen.findByRole('radio', { name: 'Median' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Explain an outlier' }), 'Far away');
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'), { timeout: 3000 });
    const saves = calls.filter((call) => call.url?.includes('/saveAnswers/'));
    expect(saves.at(-1)).toMatchObject({
      method: 'PUT',
      data: { answers: { '41': 'b', '43': 'Far away' }, institute_name: 'Nexus Academy' },
    });
    // Debounced: one save per burst of typing, not one per key.
    expect(saves.length).toBeLessThan(4);
    expect(store.getState().assessment).toEqual({
      response_for_type: 'self',
      institute_name: 'Nexus Academy',
      assessment_id: 4,
      is_completed: false,
    });
  });

  it('resumes with the answers saved last time', async () => {
    stubHttp({
      '/take/getAttempt/4': () => ({
        data: {
          assessment: makeAssessment(),
          questions,
          response: makeResponse({ answers: { '41': 'a', '42': ['a', 'b'], '43': 'Stands out', '44': 4 } }),
        },
      }),
    });
    render();
    expect(await screen.findByRole('radio', { name: 'Mean' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Variance' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Range' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mode' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Explain an outlier' })).toHaveValue('Stands out');
    expect(screen.getByRole('radio', { name: '4' })).toBeChecked();
  });

  it('opens a response an author reopened for editing again, with its answers kept', async () => {
    stubHttp({
      '/take/getAttempt/4': () => ({
        data: {
          assessment: makeAssessment(),
          questions,
          response: makeResponse({
            answers: { '41': 'a', '43': 'Stands out' },
            reopened_at: '2026-11-04T09:00:00Z',
            reopened_by: 3,
          }),
        },
      }),
    });
    render();
    const mean = await screen.findByRole('radio', { name: 'Mean' });
    expect(mean).toBeChecked();
    expect(mean).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Explain an outlier' })).toHaveValue('Stands out');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('shows the server message for a missing required answer, then submits once and shows the result', async () => {
    let submitted = false;
    const answered = { '41': 'b', '42': ['a'], '43': 'x', '44': 3 };
    const calls = stubHttp({
      '/take/getAttempt/4': () => ({
        data: {
          assessment: makeAssessment(),
          questions,
          response: submitted
            ? makeResponse({
                answers: answered,
                is_completed: true,
                score: 1,
                max_score: 2,
                percent: 50,
                passed: true,
                submitted_at: '2026-11-03T10:00:00Z',
              })
            : makeResponse({ answers: { '42': ['a'], '43': 'x', '44': 3 } }),
        },
      }),
      '/take/saveAnswers/4': () => ({ data: makeResponse() }),
      '/take/submit/4': (config) => {
        if (!(config.data as { answers: Record<string, unknown> }).answers['41']) {
          return serverError(400, ASSESSMENT_MESSAGES.unanswered);
        }
        submitted = true;
        return { data: makeResponse({ is_completed: true }) };
      },
    });
    const { store } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText(ASSESSMENT_MESSAGES.unanswered)).toBeInTheDocument();
    expect(screen.getByText('This question is required.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Median' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('You passed')).toBeInTheDocument();
    expect(screen.getByText('Score 1 / 2')).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('Median')).toBeInTheDocument();
    expect(calls.filter((call) => call.url?.includes('/submit/')).at(-1)?.data).toMatchObject({
      answers: answered,
    });
    expect(store.getState().assessment.is_completed).toBe(true);
    // The pending autosave was dropped: the submission carried the answers itself.
    await act(() => new Promise((resolve) => setTimeout(resolve, 900)));
    expect(calls.filter((call) => call.url?.includes('/saveAnswers/'))).toHaveLength(0);
  });

  it('shows a submitted response read-only under its result', async () => {
    stubHttp({
      '/take/getAttempt/4': () => ({
        data: {
          assessment: makeAssessment({ kind: 'survey', pass_mark: null }),
          questions,
          response: makeResponse({
            answers: { '41': 'a', '43': 'Done' },
            is_completed: true,
            submitted_at: '2026-11-03T10:00:00Z',
          }),
        },
      }),
    });
    render();
    expect(await screen.findByText('Thank you for your response')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Question 1 of 4Which is the middle value?Your answer: Mean',
      'Question 2 of 4Which describe spread?Your answer: Not answered',
      'Question 3 of 4Explain an outlierYour answer: Done',
      'Question 4 of 4How confident are you?Your answer: Not answered',
    ]);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('answers for the program when opened from a program unit, and links back to that unit', async () => {
    const calls = stubHttp({
      '/take/getAttempt/4': () => ({ data: { assessment: makeAssessment(), questions, response: null } }),
      '/take/saveAnswers/4': () => ({ data: makeResponse({ response_for_type: 'program' }) }),
    });
    const { store } = render('/assessment/4?unit=100&program=5');
    expect(await screen.findByRole('link', { name: 'Back to the program' })).toHaveAttribute(
      'href',
      '/program-content/5?unit=100',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Mean' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'), { timeout: 3000 });
    expect(calls.find((call) => call.url?.includes('/saveAnswers/'))?.data).toMatchObject({
      answers: { '41': 'a' },
      response_for_type: 'program',
    });
    expect(store.getState().assessment.response_for_type).toBe('program');
  });
});
