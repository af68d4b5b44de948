import { EXPERT_PROGRAMS_API, EXPERT_SESSIONS_API, EXPERTS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { whenLabel } from './format';
import MyExpertProgramsPage from './pages/MyExpertProgramsPage';
import {
  callsTo,
  engagement,
  FUTURE,
  memberState,
  PAST,
  page,
  seriousViolations,
  session,
} from './test-server';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../shared/ui/notify', () => ({ notify }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const myPrograms = `${EXPERT_PROGRAMS_API}/getMyPrograms`;
const mySessions = `${EXPERT_SESSIONS_API}/getMySessions`;
const myProfile = `${EXPERTS_API}/getMyProfile`;
const renderPage = (route = '/my-expert-programs') =>
  renderWithProviders(<MyExpertProgramsPage />, { route, preloadedState: memberState });

describe('/my-expert-programs', () => {
  it('lists programs on both sides by default, each linking to its room', async () => {
    const server = mockHttp().get(myPrograms, () =>
      page([
        engagement(30, { next_session_at: FUTURE }),
        engagement(31, {
          expert_program_id: 4,
          title: 'Get ready for your seed round',
          expert_id: 7,
          expert_name: 'Mia',
          mentee_id: 8,
          mentee_name: 'Sam Student',
          role: 'expert',
          session_count: 2,
          sessions_booked: 2,
        }),
      ]),
    );
    renderPage();
    const taking = await screen.findByRole('link', { name: 'From idea to first customers' });
    expect(taking).toHaveAttribute('href', '/expert-program-interaction/3?engagement=30');
    const takingCard = taking.closest('li') as HTMLElement;
    expect(within(takingCard).getByText('Expert: Milo Mentor · 1 of 4 sessions booked')).toBeInTheDocument();
    expect(within(takingCard).getByText(`Next: ${whenLabel(FUTURE)}`)).toBeInTheDocument();
    expect(within(takingCard).getByText('You take part')).toBeInTheDocument();

    const mentoring = screen.getByRole('link', { name: 'Get ready for your seed round' });
    expect(mentoring).toHaveAttribute('href', '/expert-program-interaction/4?engagement=31');
    const mentoringCard = mentoring.closest('li') as HTMLElement;
    expect(
      within(mentoringCard).getByText('Mentee: Sam Student · 2 of 2 sessions booked'),
    ).toBeInTheDocument();
    expect(within(mentoringCard).queryByText(/^Next:/)).not.toBeInTheDocument();
    expect(within(mentoringCard).getByText('You mentor')).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 1, name: 'My expert programs' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Programs' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sessions' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My expert profile and hours' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(screen.getByText('2 programs')).toBeInTheDocument();
    expect(callsTo(server.calls, `${EXPERT_PROGRAMS_API}/getMyPrograms`)[0]?.query).toEqual({
      role: 'all',
      page: 1,
    });
    expect(await seriousViolations()).toEqual([]);
  });

  it('says there is no program yet and points to Find an expert', async () => {
    mockHttp().get(myPrograms, () => page([]));
    renderPage();
    const empty = await screen.findByText('You take part in no expert program yet.');
    const action = within(empty.parentElement as HTMLElement).getByRole('link', { name: 'Find an expert' });
    expect(action).toHaveAttribute('href', '/find-expert');
  });

  it('shows the error with a retry that loads the programs', async () => {
    let fail = true;
    mockHttp().get(myPrograms, () => {
      if (fail) throw httpError(500, 'Something went wrong on our side.');
      return page([engagement(30)]);
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load your expert programs')).toBeInTheDocument();
    expect(within(alert).getByText('Something went wrong on our side.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'From idea to first customers' })).toBeInTheDocument();
  });

  it('filters to the programs one mentors', async () => {
    const server = mockHttp().get(myPrograms, ({ query }) =>
      query.role === 'expert'
        ? page([engagement(31, { title: 'Mentored program', role: 'expert', mentee_name: 'Sam' })])
        : page([engagement(30)]),
    );
    renderPage();
    await screen.findByRole('link', { name: 'From idea to first customers' });
    await userEvent.click(screen.getByRole('radio', { name: 'I mentor' }));
    expect(await screen.findByRole('link', { name: 'Mentored program' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'From idea to first customers' })).not.toBeInTheDocument();
    expect(callsTo(server.calls, '/getMyPrograms').at(-1)?.query).toEqual({ role: 'expert', page: 1 });
  });

  it('lists upcoming sessions with the .ics download, and cancels one after confirming', async () => {
    const server = mockHttp()
      .get(myPrograms, () => page([]))
      .get(mySessions, {
        data: [session(41, { topic: 'Pricing', program_title: 'From idea to first customers' })],
      })
      .post(`${EXPERT_SESSIONS_API}/cancelSession/41`, { data: session(41, { status: 'cancelled' }) });
    const { router } = renderPage();
    await screen.findByText('You take part in no expert program yet.');
    await userEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    expect(router.state.location.search).toBe('?tab=sessions');
    const row = await screen.findByRole('listitem', { name: 'Session with Milo Mentor' });
    expect(callsTo(server.calls, '/getMySessions')[0]?.query).toEqual({ when: 'upcoming' });
    expect(within(row).getByText(`${whenLabel(FUTURE)} · with Milo Mentor`)).toBeInTheDocument();
    expect(within(row).getByText('From idea to first customers')).toBeInTheDocument();
    expect(within(row).getByText('Pricing')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveAttribute(
      'href',
      `${EXPERT_SESSIONS_API}/downloadSession/41`,
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    expect(callsTo(server.calls, '/cancelSession/41')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Session cancelled.'));
    expect(callsTo(server.calls, '/cancelSession/41')[0]).toMatchObject({ method: 'POST' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel this session?' })).not.toBeInTheDocument(),
    );
  });

  it('says when no session is coming up and when there is no past session', async () => {
    const server = mockHttp().get(mySessions, { data: [] });
    renderPage('/my-expert-programs?tab=sessions');
    expect(await screen.findByText('No sessions coming up.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Past' }));
    expect(await screen.findByText('No past sessions.')).toBeInTheDocument();
    expect(callsTo(server.calls, '/getMySessions').map((call) => call.query)).toEqual([
      { when: 'upcoming' },
      { when: 'past' },
    ]);
  });

  it('rates a past session once it has ended', async () => {
    const past = [session(42, { starts_at: PAST, ends_at: '2020-03-02T10:00:00.000Z' })];
    const server = mockHttp()
      .get(mySessions, ({ query }) => ({ data: query.when === 'past' ? past : [] }))
      .post(`${EXPERT_SESSIONS_API}/rateSession/42`, { data: past[0] });
    renderPage('/my-expert-programs?tab=sessions');
    expect(await screen.findByText('No sessions coming up.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Past' }));
    const row = await screen.findByRole('listitem', { name: 'Session with Milo Mentor' });
    expect(within(row).queryByRole('button', { name: 'Cancel session' })).not.toBeInTheDocument();
    expect(within(row).getByText('Your rating')).toBeInTheDocument();
    // The star is the radio's label: clicking it gives the rating (the hidden radio only previews it).
    const fourStars = within(row).getByRole('radio', { name: '4' });
    await userEvent.click(row.querySelector(`label[for="${fourStars.id}"]`) as HTMLElement);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Thank you for your rating.'));
    expect(callsTo(server.calls, '/rateSession/42')[0]).toMatchObject({
      method: 'POST',
      body: { rating: 4, comment: '' },
    });
  });

  it('shows the error, not an empty profile to overwrite, when the profile cannot be loaded', async () => {
    let fail = true;
    const server = mockHttp().get(myProfile, () => {
      if (fail) throw httpError(500, 'Something went wrong on our side.');
      return { data: null };
    });
    renderPage('/my-expert-programs?tab=profile');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load your expert profile')).toBeInTheDocument();
    expect(within(alert).getByText('Something went wrong on our side.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save profile' })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Save profile' })).toBeInTheDocument();
    expect(callsTo(server.calls, '/getMyProfile')).toHaveLength(2);
  });

  it('asks for a headline and an expertise, then saves a new expert profile', async () => {
    const server = mockHttp()
      .get(myProfile, { data: null })
      .put(`${EXPERTS_API}/updateMyProfile`, { data: null });
    renderPage('/my-expert-programs?tab=profile');
    const headline = await screen.findByRole('textbox', { name: 'Headline' });
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Write a headline.')).toBeInTheDocument();
    expect(screen.getByText('Add at least one area of expertise.')).toBeInTheDocument();
    expect(callsTo(server.calls, '/updateMyProfile')).toHaveLength(0);

    // Pasted rather than typed: each keystroke re-renders the editor with its list of every time zone.
    await userEvent.click(headline);
    await userEvent.paste('Helps founders sell');
    await userEvent.type(screen.getByRole('combobox', { name: 'Expertise' }), 'sales{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Your expert profile is saved.'));
    expect(callsTo(server.calls, '/updateMyProfile')[0]).toMatchObject({
      method: 'PUT',
      body: {
        headline: 'Helps founders sell',
        bio: '',
        expertise: ['sales'],
        languages: ['en'],
        session_minutes: 60,
        buffer_minutes: 15,
        is_published: true,
      },
    });
  }, 30_000);
});
