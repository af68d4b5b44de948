import { type AnswersBody, ASSESSMENT_MESSAGES, type AttemptRecord } from '@nexus/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import {
  learner,
  makeAssessment,
  makeAttempt,
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
      '/take/getAttempt/4': () => ({
        data: makeAttempt({ assessment: makeAssessment(), questions, response: null }),
      }),
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
        data: makeAttempt({
          assessment: makeAssessment(),
          questions,
          response: makeResponse({ answers: { '41': 'a', '42': ['a', 'b'], '43': 'Stands out', '44': 4 } }),
        }),
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
        data: makeAttempt({
          assessment: makeAssessment(),
          questions,
          response: makeResponse({
            answers: { '41': 'a', '43': 'Stands out' },
            reopened_at: '2026-11-04T09:00:00Z',
            reopened_by: 3,
          }),
        }),
      }),
    });
    render();
    const mean = await screen.findByRole('radio', { name: 'Mean' });
    expect(mean).toBeChecked();
    expect(mean).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Explain an outlier' })).toHaveValue('Stands out');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('checks required answers before asking to confirm, then submits once and shows the result', async () => {
    let submitted = false;
    const answered = { '41': 'b', '42': ['a'], '43': 'x', '44': 3 };
    const calls = stubHttp({
      '/take/getAttempt/4': () => ({
        data: makeAttempt({
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
        }),
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
    // No confirmation for an incomplete attempt: the missing question is marked at once.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText(ASSESSMENT_MESSAGES.unanswered)).toBeInTheDocument();
    expect(screen.getByText('This question is required.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url?.includes('/submit/'))).toHaveLength(0);

    await userEvent.click(screen.getByRole('radio', { name: 'Median' }));
    expect(screen.queryByText(ASSESSMENT_MESSAGES.unanswered)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your answers?' });
    expect(dialog).toHaveTextContent('You can submit only once');
    const savedBefore = calls.filter((call) => call.url?.includes('/saveAnswers/')).length;
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
    // A pending autosave was dropped: the submission carried the answers itself.
    await act(() => new Promise((resolve) => setTimeout(resolve, 900)));
    expect(calls.filter((call) => call.url?.includes('/saveAnswers/'))).toHaveLength(savedBefore);
  });

  it('shows a submitted response read-only under its result', async () => {
    stubHttp({
      '/take/getAttempt/4': () => ({
        data: makeAttempt({
          assessment: makeAssessment({ kind: 'survey', pass_mark: null }),
          questions,
          response: makeResponse({
            answers: { '41': 'a', '43': 'Done' },
            is_completed: true,
            submitted_at: '2026-11-03T10:00:00Z',
          }),
        }),
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
      '/take/getAttempt/4': () => ({
        data: makeAttempt({ assessment: makeAssessment(), questions, response: null }),
      }),
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

describe('retaking a quiz', () => {
  const failed = (overrides = {}) =>
    makeResponse({
      answers: { '41': 'a', '42': ['a'], '43': 'x', '44': 3 },
      is_completed: true,
      score: 0,
      max_score: 2,
      percent: 0,
      passed: false,
      submitted_at: '2026-11-03T10:00:00Z',
      ...overrides,
    });
  const policy = makeAssessment({ max_attempts: 3, scoring: 'best' });
  const history: AttemptRecord[] = [
    { attempt: 1, score: 0, max_score: 2, percent: 0, passed: false, submitted_at: '2026-11-03T10:00:00Z' },
  ];

  it('offers the retake after a fail, starts an empty attempt and says how many remain before submitting', async () => {
    let retaken = false;
    const calls = stubHttp({
      '/take/getAttempt/4': () => ({
        data: retaken
          ? makeAttempt({
              assessment: policy,
              questions,
              response: makeResponse({ attempt: 2 }),
              attempts: history,
              retake: { allowed: 3, used: 1, can_retake: false, blocked: 'open', opens_at: null },
            })
          : makeAttempt({
              assessment: policy,
              questions,
              response: failed(),
              attempts: history,
              retake: { allowed: 3, used: 1, can_retake: true, blocked: null, opens_at: null },
            }),
      }),
      '/take/retake/4': () => {
        retaken = true;
        return { data: makeResponse({ attempt: 2 }) };
      },
    });
    render();
    expect(await screen.findByText('You did not pass')).toBeInTheDocument();
    expect(screen.getByText(/Attempt 1: 0% · your best attempt counts/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retake (attempt 2 of 3)' }));

    expect(await screen.findByText('Attempt 2 of 3')).toBeInTheDocument();
    expect(calls.filter((call) => call.url?.includes('/retake/4'))).toHaveLength(1);
    expect(screen.queryByText('You did not pass')).toBeNull();
    // A fresh attempt: nothing of the last one is filled in.
    expect(screen.getByRole('radio', { name: 'Mean' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Median' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Range' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Explain an outlier' }), 'Far');
    await userEvent.click(screen.getByRole('radio', { name: '4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Submit your answers?' })).toHaveTextContent(
      'This is attempt 2 of 3: after this your answers can no longer be changed. If you do not pass, you can retake the quiz once more.',
    );
  });

  it('says when the next attempt opens while the waiting time runs', async () => {
    stubHttp({
      '/take/getAttempt/4': () => ({
        data: makeAttempt({
          assessment: policy,
          questions,
          response: failed(),
          attempts: history,
          retake: {
            allowed: 3,
            used: 1,
            can_retake: false,
            blocked: 'waiting',
            opens_at: '2099-11-03T11:30:00Z',
          },
        }),
      }),
    });
    render();
    expect(await screen.findByText(/^Next attempt opens at 3 Nov 2099/)).toHaveTextContent(
      '(attempt 2 of 3)',
    );
    expect(screen.queryByRole('button', { name: /Retake/ })).toBeNull();
  });

  it('says no attempts are left, points to the teacher, and shows the correct answers when the author allows', async () => {
    stubHttp({
      '/take/getAttempt/4': () => ({
        data: makeAttempt({
          assessment: makeAssessment({ max_attempts: 2, show_correct_answers: true }),
          questions,
          response: failed({ attempt: 2 }),
          attempts: [...history, { ...(history[0] as AttemptRecord), attempt: 2 }],
          retake: { allowed: 2, used: 2, can_retake: false, blocked: 'no_attempts_left', opens_at: null },
          review: [
            { question_id: 41, correct: false, correct_options: ['b'] },
            { question_id: 42, correct: false, correct_options: ['a', 'b'] },
          ],
        }),
      }),
    });
    render();
    expect(await screen.findByText('No attempts left.')).toBeInTheDocument();
    expect(screen.getByText(/Contact your teacher/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retake/ })).toBeNull();
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent('Which is the middle value?WrongYour answer: MeanCorrect answer: Median');
    expect(second).toHaveTextContent('Correct answer: Variance, Range');
  });

  it('starts the next attempt at once when opened from the unit with a retake allowed', async () => {
    let retaken = false;
    const calls = stubHttp({
      '/take/getAttempt/4': () => ({
        data: makeAttempt({
          assessment: policy,
          questions,
          response: retaken ? makeResponse({ attempt: 2 }) : failed(),
          attempts: history,
          retake: retaken
            ? { allowed: 3, used: 1, can_retake: false, blocked: 'open', opens_at: null }
            : { allowed: 3, used: 1, can_retake: true, blocked: null, opens_at: null },
        }),
      }),
      '/take/retake/4': () => {
        retaken = true;
        return { data: makeResponse({ attempt: 2 }) };
      },
    });
    render('/assessment/4?unit=100&program=5&start=1');
    expect(await screen.findByText('Attempt 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(calls.filter((call) => call.url?.includes('/retake/4'))).toHaveLength(1);
  });

  it('opened from the unit before any attempt, shows the first result instead of starting the next', async () => {
    let submitted = false;
    const calls = stubHttp({
      '/take/getAttempt/4': () => ({
        data: submitted
          ? makeAttempt({
              assessment: policy,
              questions,
              response: failed(),
              attempts: history,
              retake: { allowed: 3, used: 1, can_retake: true, blocked: null, opens_at: null },
            })
          : makeAttempt({ assessment: policy, questions, response: null }),
      }),
      '/take/saveAnswers/4': () => ({ data: makeResponse() }),
      '/take/submit/4': () => {
        submitted = true;
        return { data: failed() };
      },
      '/take/retake/4': () => ({ data: makeResponse({ attempt: 2 }) }),
    });
    render('/assessment/4?unit=100&program=5&start=1');
    await userEvent.click(await screen.findByRole('radio', { name: 'Mean' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Mode' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Explain an outlier' }), 'x');
    await userEvent.click(screen.getByRole('radio', { name: '3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: 'Submit your answers?' })).toHaveTextContent(
      'This is attempt 1 of 3',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByRole('button', { name: 'Retake (attempt 2 of 3)' })).toBeInTheDocument();
    expect(screen.getByText('You did not pass')).toBeInTheDocument();
    expect(calls.filter((call) => call.url?.includes('/retake/4'))).toHaveLength(0);
  });
});
