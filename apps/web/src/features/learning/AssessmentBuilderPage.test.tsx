import type { Question } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import {
  makeAssessment,
  makeQuestion,
  serverError,
  stubHttp as stubAll,
  teacher,
} from './assessment-fixtures';
import AssessmentBuilderPage from './pages/AssessmentBuilderPage';

function render(preloadedState: object = teacher) {
  return renderWithProviders(null, {
    routes: [{ path: '/assessment/manage/:assessmentId', element: <AssessmentBuilderPage /> }],
    route: '/assessment/manage/4',
    preloadedState,
  });
}

const OWNER = {
  owner: { user_id: 3, username: 'tess', first_name: 'Tess', last_name: 'Ter' },
  co_authors: [],
  can_manage: true,
};

/** The teacher owns the assessment unless a test answers getAuthors otherwise. */
function stubHttp(handlers: Parameters<typeof stubAll>[0]) {
  return stubAll({
    ...handlers,
    '/authors/getAuthors/4': handlers['/authors/getAuthors/4'] ?? (() => ({ data: OWNER })),
  });
}

/** None of the builder's editing controls: each would be refused by the server. */
function expectNoEditingControls() {
  for (const name of ['Publish', 'Move to draft', 'Add question', 'Save details', 'Edit', 'Delete']) {
    expect(screen.queryByRole('button', { name })).toBeNull();
  }
  expect(screen.queryByRole('region', { name: 'Authors' })).toBeNull();
  expect(screen.queryByRole('textbox')).toBeNull();
  expect(screen.getByRole('link', { name: 'Open the assessment' })).toHaveAttribute('href', '/assessment/4');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('assessment builder', () => {
  it('adds a single-choice question with its correct option, then publishes after asking', async () => {
    const state = { questions: [] as Question[], status: 'draft' as 'draft' | 'published' };
    const calls = stubHttp({
      '/assessments/getAssessment/4': () => ({ data: makeAssessment({ status: state.status }) }),
      '/questions/getAll': () => ({ data: state.questions }),
      '/questions/createQuestion': (config) => {
        const created = makeQuestion({ ...(config.data as Partial<Question>), question_id: 50 });
        state.questions = [created];
        return { data: created };
      },
      '/assessments/update/4': (config) => {
        state.status = (config.data as { status: 'published' }).status;
        return { data: makeAssessment({ status: state.status }) };
      },
    });
    render();
    expect(await screen.findByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add question' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(within(dialog).getByText('Enter the question.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'Capital of France?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'Lyon');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 2' }), 'Paris');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 3' }), 'Nice');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Option 2 is correct' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save question' }));

    const article = await screen.findByRole('article', { name: 'Question 1' });
    expect(within(article).getByText('Capital of France?')).toBeInTheDocument();
    expect(calls.find((call) => call.url?.endsWith('/createQuestion'))?.data).toEqual({
      assessment_id: 4,
      position: 0,
      question_type: 'single_choice',
      prompt: 'Capital of France?',
      options: [
        { id: 'a', label: 'Lyon' },
        { id: 'b', label: 'Paris' },
        { id: 'c', label: 'Nice' },
      ],
      correct_options: ['b'],
      rating_max: 5,
      points: 1,
      is_required: true,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, publish' }));
    expect(await screen.findByText('Published')).toBeInTheDocument();
    expect(calls.find((call) => call.url?.endsWith('/assessments/update/4'))?.data).toEqual({
      status: 'published',
    });
  });

  it('keeps what was typed while an added question was saving, and saves it to that question', async () => {
    const state = { questions: [] as Question[] };
    let answer = () => {};
    const calls = stubHttp({
      '/assessments/getAssessment/4': () => ({ data: makeAssessment() }),
      '/questions/getAll': () => ({ data: state.questions }),
      '/questions/createQuestion': (config) =>
        new Promise((resolve) => {
          answer = () => {
            const created = makeQuestion({ ...(config.data as Partial<Question>), question_id: 50 });
            state.questions = [created];
            resolve({ data: created });
          };
        }),
      '/questions/update/50': (config) => ({ data: makeQuestion({ question_id: 50, ...config.data }) }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add question' });
    const prompt = within(dialog).getByRole('textbox', { name: 'Question' });
    await userEvent.type(prompt, 'Capital of France?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'Lyon');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 2' }), 'Paris');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Option 2 is correct' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save question' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url?.endsWith('/createQuestion'))).toHaveLength(1),
    );
    await userEvent.type(prompt, ' (the city)');

    answer();
    expect(await screen.findByRole('article', { name: 'Question 1' })).toBeInTheDocument();
    const editing = screen.getByRole('dialog', { name: 'Edit question' });
    expect(within(editing).getByRole('textbox', { name: 'Question' })).toHaveValue(
      'Capital of France? (the city)',
    );
    expect(within(editing).getByRole('status')).toHaveTextContent('not saved yet');

    await userEvent.click(within(editing).getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.url?.endsWith('/createQuestion'))).toHaveLength(1);
    expect(calls.find((call) => call.url?.endsWith('/questions/update/50'))?.data).toMatchObject({
      prompt: 'Capital of France? (the city)',
    });
  });

  it('keeps the new question open with the server message when the add is refused', async () => {
    stubHttp({
      '/assessments/getAssessment/4': () => ({ data: makeAssessment() }),
      '/questions/getAll': () => ({ data: [] }),
      '/questions/createQuestion': () => serverError(400, 'prompt: Already asked in this quiz'),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add question' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'Capital of France?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'Lyon');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Option 2' }), 'Paris');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Option 2 is correct' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save question' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('prompt: Already asked in this quiz');
    expect(within(dialog).getByRole('textbox', { name: 'Question' })).toHaveValue('Capital of France?');
    expect(within(dialog).getByRole('textbox', { name: 'Option 2' })).toHaveValue('Paris');
  });

  it('reorders with one bulk update and shows the server message when a save is refused', async () => {
    const questions = [
      makeQuestion({ question_id: 61, prompt: 'First', position: 0 }),
      makeQuestion({ question_id: 62, prompt: 'Second', position: 1 }),
    ];
    const calls = stubHttp({
      '/assessments/getAssessment/4': () => ({ data: makeAssessment() }),
      '/questions/getAll': () => ({ data: questions }),
      '/questions/updateMany': () => ({ data: [] }),
      '/questions/update/61': () =>
        serverError(400, 'options: A choice question needs at least two options.'),
    });
    render();
    const second = await screen.findByRole('article', { name: 'Question 2' });
    await userEvent.click(within(second).getByRole('button', { name: 'Move up' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url?.endsWith('/updateMany'))?.data).toEqual([
        { question_id: 62, position: 0 },
        { question_id: 61, position: 1 },
      ]),
    );

    const first = screen.getByRole('article', { name: 'Question 1' });
    await userEvent.click(within(first).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(
      await within(dialog).findByText('options: A choice question needs at least two options.'),
    ).toBeInTheDocument();
  });

  it('deletes a question only after asking, with the caller in the path', async () => {
    let questions = [makeQuestion({ question_id: 61, prompt: 'First' })];
    const calls = stubHttp({
      '/assessments/getAssessment/4': () => ({ data: makeAssessment() }),
      '/questions/getAll': () => ({ data: questions }),
      '/questions/delete/61/3': () => {
        questions = [];
        return { data: makeQuestion({ question_id: 61, is_deleted: true }) };
      },
    });
    render();
    const article = await screen.findByRole('article', { name: 'Question 1' });
    await userEvent.click(within(article).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this question?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(within(article).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this question?' })).getByRole('button', {
        name: 'Delete question',
      }),
    );
    expect(await screen.findByText('No questions yet: add the first one.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/assessment/questions/delete/61/3');
  });

  it('sets the retake policy of a quiz, refusing a wait longer than a week before sending anything', async () => {
    const calls = stubHttp({
      '/assessments/getAssessment/4': () => ({ data: makeAssessment() }),
      '/questions/getAll': () => ({ data: [] }),
      '/assessments/update/4': (config) => ({ data: makeAssessment(config.data as object) }),
    });
    render();
    const attempts = await screen.findByRole('textbox', { name: 'Attempts allowed' });
    // One attempt: nothing to wait for or choose between.
    expect(screen.queryByRole('textbox', { name: 'Wait between attempts' })).toBeNull();
    await userEvent.clear(attempts);
    await userEvent.type(attempts, '3');
    const wait = screen.getByRole('textbox', { name: 'Wait between attempts' });
    await userEvent.type(wait, '200');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Unit of the wait' }), 'hours');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Score that counts' }), 'last');
    await userEvent.click(
      screen.getByRole('checkbox', {
        name: 'Show the correct answers once the learner has passed or has no attempts left',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Wait at most one week between attempts.')).toBeInTheDocument();
    expect(calls.some((call) => call.url?.includes('/assessments/update/4'))).toBe(false);

    await userEvent.clear(wait);
    await userEvent.type(wait, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url?.includes('/assessments/update/4'))?.data).toMatchObject({
        max_attempts: 3,
        retake_wait_minutes: 120,
        scoring: 'last',
        show_correct_answers: true,
      }),
    );
  });

  it("tells a teacher who is not one of the assessment's authors why, and offers no controls", async () => {
    const calls = stubHttp({
      '/assessments/getAssessment/4': () => ({ data: makeAssessment({ status: 'draft' }) }),
      '/questions/getAll': () => ({ data: [makeQuestion({ question_id: 61, prompt: 'First' })] }),
      '/authors/getAuthors/4': () =>
        serverError(
          403,
          "Only this assessment's owner, its co-authors and the administrators of its scope can change it. Ask its owner to add you as a co-author.",
        ),
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You cannot change this assessment');
    expect(alert).toHaveTextContent('Ask its owner to add you as a co-author.');
    expect(screen.getByRole('heading', { name: 'Statistics check', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expectNoEditingControls();
    expect(calls.every((call) => (call.method ?? 'GET').toUpperCase() === 'GET')).toBe(true);
  });

  it("keeps the platform's assessment read-only inside a tenant, without asking for its authors", async () => {
    const calls = stubHttp({
      '/assessments/getAssessment/4': () => ({ data: makeAssessment({ tenant_id: null }) }),
      '/questions/getAll': () => ({ data: [] }),
    });
    render({
      auth: {
        ...teacher.auth,
        roleContext: 'tenant',
        currentTenant: { tenant_id: 4, tenant_type: 'incubator', tenant_name: 'spark' },
        user: {
          ...teacher.auth.user,
          roles: [{ role_id: 20, role_name: 'teacher', tenant_id: 4 }],
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You cannot change this assessment here');
    expect(alert).toHaveTextContent('It belongs to the whole platform, where it is changed.');
    expectNoEditingControls();
    expect(calls.some((call) => call.url?.includes('/authors/'))).toBe(false);
  });

  it('keeps the builder when the authors cannot be read for another reason', async () => {
    stubHttp({
      '/assessments/getAssessment/4': () => ({ data: makeAssessment() }),
      '/questions/getAll': () => ({ data: [] }),
      '/authors/getAuthors/4': () => serverError(500, 'The server could not answer.'),
    });
    render();
    expect(await screen.findByRole('button', { name: 'Add question' })).toBeInTheDocument();
    expect(await screen.findByText('The server could not answer.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add question' })).toBeInTheDocument();
  });

  it('gives an author the editing controls once the server confirms them as one', async () => {
    stubHttp({
      '/assessments/getAssessment/4': () => ({ data: makeAssessment() }),
      '/questions/getAll': () => ({ data: [] }),
    });
    render();
    expect(await screen.findByRole('button', { name: 'Add question' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save details' })).toBeInTheDocument();
    expect(screen.getByText('Tess Ter (@tess)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the assessment' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
