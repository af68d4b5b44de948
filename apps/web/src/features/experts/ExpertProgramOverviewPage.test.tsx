import { EXPERT_MESSAGES, EXPERT_PROGRAMS_API, EXPERT_SESSIONS_API, EXPERTS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { dayLabel, timeLabel } from './format';
import ExpertProgramOverviewPage from './pages/ExpertProgramOverviewPage';
import { callsTo, memberState, program, seriousViolations, session } from './test-server';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../shared/ui/notify', () => ({ notify }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const renderPage = (id: string | number = 3) =>
  renderWithProviders(null, {
    route: `/expert-program-overview/${id}`,
    routes: [
      { path: '/expert-program-overview/:expertProgramId', element: <ExpertProgramOverviewPage /> },
      { path: '/expert-program-interaction/:programId', element: <h1>Program room</h1> },
    ],
    preloadedState: memberState,
  });

const getProgram = `${EXPERT_PROGRAMS_API}/getProgram/3`;
/** Answers getProgram/3 with `item`; a test adds what else it needs, anything else is a 404. */
const serveProgram = (item: object) => mockHttp().get(getProgram, { data: item });

describe('/expert-program-overview/{expertProgramId}', () => {
  it('shows the program, its sessions and expert, and offers to book the first session', async () => {
    const server = serveProgram(
      program(3, { title: 'From idea to first customers', description: 'Four sessions\nto find them.' }),
    );
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'From idea to first customers' }),
    ).toBeInTheDocument();
    expect(screen.getByText('4 sessions')).toBeInTheDocument();
    expect(screen.getByText('With Milo Mentor')).toBeInTheDocument();
    expect(screen.getByText(/^Four sessions\s+to find them\.$/)).toBeInTheDocument();
    expect(screen.queryByText('Not published')).not.toBeInTheDocument();
    expect(screen.getByText('Book your first session to join the program.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book a session' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Open the program room' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find other experts' })).toHaveAttribute('href', '/find-expert');
    expect(callsTo(server.calls, '/getProgram/3')).toHaveLength(1);
    expect(await seriousViolations()).toEqual([]);
  });

  it('shows a joined program’s progress and room, and refuses a booking once all sessions are booked', async () => {
    serveProgram(program(3, { engagement_id: 30, sessions_booked: 4, session_count: 4 }));
    renderPage();
    expect(await screen.findByText('You have booked 4 of 4 sessions.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All sessions booked' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Open the program room' })).toHaveAttribute(
      'href',
      '/expert-program-interaction/3?engagement=30',
    );
  });

  it('tells the expert the program is theirs, with no booking button, and marks it unpublished', async () => {
    serveProgram(program(3, { expert_id: 7, expert_name: 'Mia', is_published: false, session_count: 1 }));
    renderPage();
    expect(
      await screen.findByText(
        'This is your program. Your mentees and their sessions are on My expert programs.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('1 session')).toBeInTheDocument();
    expect(screen.getByText('Not published')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book a session' })).not.toBeInTheDocument();
  });

  it('says the program is not found when the server answers 404', async () => {
    mockHttp().get(getProgram, httpError(404, EXPERT_MESSAGES.programNotFound));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load the expert program')).toBeInTheDocument();
    expect(within(alert).getByText(EXPERT_MESSAGES.programNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book a session' })).not.toBeInTheDocument();
  });

  it('answers an id that is not a number with the not-found page, without asking the server', async () => {
    const server = mockHttp().get(/./, { data: program(3) });
    renderPage('abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/find-expert');
    expect(server.calls).toHaveLength(0);
  });

  it('shows the error with a retry that loads the program', async () => {
    let fail = true;
    mockHttp().get(getProgram, () => {
      if (fail) throw httpError(500, 'Something went wrong on our side.');
      return { data: program(3, { title: 'Back again' }) };
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong on our side.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Back again' })).toBeInTheDocument();
  });

  it('books a session as part of the program, confirms it and opens the program room', async () => {
    const slot = '2099-12-02T14:00:00.000Z';
    const server = serveProgram(program(3))
      .get(`${EXPERTS_API}/getSlots/20`, {
        data: [{ starts_at: slot, ends_at: '2099-12-02T15:00:00.000Z' }],
        time_zone: 'Europe/Paris',
      })
      .post(`${EXPERT_SESSIONS_API}/createSession`, {
        data: session(40, { starts_at: slot, engagement_id: 30, expert_program_id: 3 }),
      });
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Book a session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a session with Milo Mentor' });
    await userEvent.click(
      await within(dialog).findByRole('checkbox', { name: `${dayLabel(slot)} ${timeLabel(slot)}` }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book this slot' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        `Booked: ${dayLabel(slot)} at ${timeLabel(slot)}. It is in your calendar.`,
      ),
    );
    expect(callsTo(server.calls, '/createSession')[0]?.body).toEqual({
      expert_id: 20,
      starts_at: slot,
      topic: '',
      expert_program_id: 3,
    });
    expect(await screen.findByRole('heading', { name: 'Program room' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/expert-program-interaction/3');
    expect(router.state.location.search).toBe('?engagement=30');
  });
});
