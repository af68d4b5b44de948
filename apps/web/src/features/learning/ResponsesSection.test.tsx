import type { ResponseSummary } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { serverError, stubHttp, teacher } from './assessment-fixtures';
import { ResponsesSection } from './components/assessment/ResponsesSection';

const toastSuccess = vi.hoisted(() => vi.fn());
vi.mock('../../shared/ui/notify', () => ({
  notify: { error: vi.fn(), success: toastSuccess, info: vi.fn() },
}));

afterEach(() => {
  vi.restoreAllMocks();
  toastSuccess.mockClear();
});

function summary(overrides: Partial<ResponseSummary> = {}): ResponseSummary {
  return {
    response_id: 9,
    user_id: 7,
    display_name: 'Ada Byron',
    email: 'ada@example.test',
    is_completed: true,
    submitted_at: '2026-11-03T10:00:00Z',
    percent: 40,
    passed: false,
    reopened_at: null,
    modified_at: '2026-11-03T10:00:00Z',
    ...overrides,
  };
}

const page = (data: ResponseSummary[], total = data.length, totalPages = 1) => ({
  data,
  meta: { page: 1, limit: 10, total, totalPages },
});

const render = () => renderWithProviders(<ResponsesSection assessmentId={4} />, { preloadedState: teacher });

describe('responses on the report', () => {
  it('lists learners with their status, score and result, and searches and pages on the server', async () => {
    const user = userEvent.setup();
    const calls = stubHttp({
      '/reports/getResponses/4': () =>
        page(
          [
            summary(),
            summary({
              response_id: 10,
              user_id: 8,
              display_name: 'Alan Kay',
              email: 'alan@example.test',
              is_completed: false,
              submitted_at: null,
              percent: null,
              passed: null,
            }),
          ],
          12,
          2,
        ),
    });
    render();
    const table = await screen.findByRole('table', { name: 'Responses' });
    const ada = within(table).getByRole('row', { name: /Ada Byron/ });
    expect(
      within(ada)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ada Byron', 'ada@example.test', 'Submitted', '40%', 'No', 'Reopen']);
    const alan = within(table).getByRole('row', { name: /Alan Kay/ });
    expect(within(alan).getByText('In progress')).toBeInTheDocument();
    expect(within(alan).queryByRole('button')).toBeNull();
    expect(screen.getByText('12 responses')).toBeInTheDocument();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ page: 2, limit: 10 }));
    await user.type(screen.getByRole('searchbox', { name: 'Search learners' }), 'ada');
    await waitFor(() => expect(calls.at(-1)?.params).toEqual({ page: 1, limit: 10, search: 'ada' }));
  });

  it('asks before reopening, calls the server, tells the author and refreshes the list', async () => {
    const user = userEvent.setup();
    let reopened = false;
    const calls = stubHttp({
      '/reports/getResponses/4': () =>
        page([reopened ? summary({ is_completed: false, percent: null, passed: null }) : summary()]),
      '/reports/reopenResponse/9': () => {
        reopened = true;
        return { data: {} };
      },
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Reopen the response of Ada Byron' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen response' });
    expect(
      within(dialog).getByText('Reopen this response? Ada Byron can change their answers and submit again.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.url?.includes('reopenResponse'))).toBe(false);

    // The keyboard alone gets there: focus the row's button, Enter, then Enter on the confirmation.
    screen.getByRole('button', { name: 'Reopen the response of Ada Byron' }).focus();
    await user.keyboard('{Enter}');
    within(await screen.findByRole('dialog'))
      .getByRole('button', { name: 'Reopen' })
      .focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith("Ada Byron's response is open again."));
    expect(calls.find((call) => call.url?.includes('reopenResponse'))).toMatchObject({
      url: '/api/assessment/reports/reopenResponse/9',
      method: 'POST',
    });
    expect(await screen.findByText('In progress')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reopen the response/ })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the server message when the reopen fails', async () => {
    const user = userEvent.setup();
    stubHttp({
      '/reports/getResponses/4': () => page([summary()]),
      '/reports/reopenResponse/9': () =>
        serverError(409, 'This response is not submitted, so there is nothing to reopen.'),
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Reopen the response of Ada Byron' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This response is not submitted, so there is nothing to reopen.',
    );
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('shows the empty state, and an error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubHttp({
      '/reports/getResponses/4': () => (fail ? serverError(500, 'Something broke.') : page([])),
    });
    render();
    expect(await screen.findByText('We could not load responses')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No responses yet')).toBeInTheDocument();
  });
});
