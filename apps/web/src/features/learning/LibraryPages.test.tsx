import { CERTIFICATES_API, PROGRAM_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import LearningJourneyPage from './pages/LearningJourneyPage';
import MyLibraryPage from './pages/MyLibraryPage';

const signedIn = {
  auth: { ...initialAuthState, isLoggedIn: true, user: { user_id: 7, username: 'ada', roles: [] } },
};
const enrolment = {
  enrollment_id: 1,
  program_id: 5,
  user_id: 7,
  status: 'completed',
  selected_unit_id: null,
  completed_at: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-01T10:00:00.000Z',
};
const certificate = {
  certificate_id: 3,
  program_id: 5,
  public_key: 'z3abc',
  path: '/certification/7/z3abc',
  issued_at: '2026-11-20T10:00:01.000Z',
  revoked_at: null,
  holder: 'Ada Lovelace',
  program: 'Data Science Foundations',
  issuer: 'Riverside',
};

function serve(empty = false) {
  return mockHttp()
    .get(`${PROGRAM_API}/programs-enrolled/getAll`, { data: empty ? [] : [enrolment] })
    .get(`${CERTIFICATES_API}/getMyCertificates`, { data: empty ? [] : [certificate] })
    .get(`${PROGRAM_API}/programs/getCompleteProgram/5`, {
      data: { program_id: 5, program_name: 'Data Science Foundations', program_course: [] },
    })
    .get(`${PROGRAM_API}/progress/getProgress/5`, { data: { program: { done: 3, total: 3, percent: 100 } } });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('my library and learning journey', () => {
  it('lists my programs with their progress and my certificates', async () => {
    serve();
    renderWithProviders(<MyLibraryPage />, { route: '/my-library', preloadedState: signedIn });
    const card = await screen.findByRole('article', { name: 'Data Science Foundations' });
    expect(
      within(card).getByRole('progressbar', { name: 'Data Science Foundations: 100% done' }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Data Science Foundations' })).toHaveAttribute(
      'href',
      '/program-content/5',
    );
    expect(screen.getAllByRole('link', { name: 'Data Science Foundations' }).at(-1)).toHaveAttribute(
      'href',
      '/certification/7/z3abc',
    );
  });

  it('leaves a program only after confirming, and the library then lists it no more', async () => {
    let left = false;
    const http = mockHttp()
      .get(`${PROGRAM_API}/programs-enrolled/getAll`, () => ({ data: left ? [] : [enrolment] }))
      .get(`${CERTIFICATES_API}/getMyCertificates`, { data: [] })
      .get(`${PROGRAM_API}/programs/getCompleteProgram/5`, {
        data: { program_id: 5, program_name: 'Data Science Foundations', program_course: [] },
      })
      .get(`${PROGRAM_API}/progress/getProgress/5`, { data: { program: { done: 1, total: 3, percent: 33 } } })
      .delete(`${PROGRAM_API}/programs-enrolled/delete/:id/:userId`, () => {
        left = true;
        return { message: 'Deleted' };
      });
    const user = userEvent.setup();
    renderWithProviders(<MyLibraryPage />, { route: '/my-library', preloadedState: signedIn });
    const card = await screen.findByRole('article', { name: 'Data Science Foundations' });
    await user.click(within(card).getByRole('button', { name: 'Leave Data Science Foundations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Data Science Foundations?' });
    expect(http.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Leave program' }));
    await waitFor(() =>
      expect(http.calls.filter((call) => call.method === 'DELETE').map((call) => call.params)).toEqual([
        { id: '1', userId: '7' },
      ]),
    );
    expect(await screen.findByText('You have not enrolled in a program yet')).toBeInTheDocument();
  });

  it('keeps the program and shows the server message when leaving fails', async () => {
    serve().delete(`${PROGRAM_API}/programs-enrolled/delete/:id/:userId`, httpError(403, 'Not yours'));
    const user = userEvent.setup();
    renderWithProviders(<MyLibraryPage />, { route: '/my-library', preloadedState: signedIn });
    const card = await screen.findByRole('article', { name: 'Data Science Foundations' });
    await user.click(within(card).getByRole('button', { name: 'Leave Data Science Foundations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave Data Science Foundations?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave program' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not yours');
    expect(screen.getByRole('article', { name: 'Data Science Foundations' })).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    serve(true);
    renderWithProviders(<MyLibraryPage />, { route: '/my-library', preloadedState: signedIn });
    expect(await screen.findByText('You have not enrolled in a program yet')).toBeInTheDocument();
    expect(screen.getByText('Complete a program to earn its certificate')).toBeInTheDocument();
    // The empty library leads to the catalogue (issue 23 point 1).
    expect(screen.getByRole('link', { name: 'Browse programs' })).toHaveAttribute('href', '/lxp');
  });

  it('gives an empty learning journey its next step: the catalogue', async () => {
    serve(true);
    renderWithProviders(<LearningJourneyPage />, { route: '/learning-journey', preloadedState: signedIn });
    expect(await screen.findByText('Your journey starts when you enrol in a program')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse programs' })).toHaveAttribute('href', '/lxp');
  });

  it('tells the journey newest first: certificate, completion, enrolment', async () => {
    serve();
    renderWithProviders(<LearningJourneyPage />, { route: '/learning-journey', preloadedState: signedIn });
    await screen.findByText(/Certificate:/);
    const text = document.body.textContent ?? '';
    expect(text.indexOf('Certificate:')).toBeLessThan(text.indexOf('Completed'));
    expect(text.indexOf('Completed')).toBeLessThan(text.indexOf('Enrolled in'));
    expect(await screen.findAllByText('Data Science Foundations')).not.toHaveLength(0);
  });
});
