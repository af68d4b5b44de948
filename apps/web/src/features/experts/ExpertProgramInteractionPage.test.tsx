import { EXPERT_MESSAGES, EXPERT_PROGRAMS_API, FILES_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { whenLabel } from './format';
import ExpertProgramInteractionPage from './pages/ExpertProgramInteractionPage';
import {
  callsTo,
  engagement,
  FUTURE,
  memberState,
  PAST,
  room,
  seriousViolations,
  session,
} from './test-server';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../shared/ui/notify', () => ({ notify }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const ROOM_API = `${EXPERT_PROGRAMS_API}/getInteraction/3`;
const FILE_ID = '0b0e7c2a-6a43-4f5e-9a57-3c1d2f0e8b11';

const renderPage = (route = '/expert-program-interaction/3') =>
  renderWithProviders(null, {
    route,
    routes: [{ path: '/expert-program-interaction/:programId', element: <ExpertProgramInteractionPage /> }],
    preloadedState: memberState,
  });

const note = {
  note_id: 60,
  author_id: 20,
  author_name: 'Milo Mentor',
  body: 'Call five customers.',
  created_at: PAST,
};
const file = {
  file_id: FILE_ID,
  name: 'pitch-deck.pdf',
  added_by: 7,
  added_by_name: 'Mia',
  created_at: PAST,
};

describe('/expert-program-interaction/{programId}', () => {
  it('shows the room: progress, sessions, shared notes and files', async () => {
    const server = mockHttp().get(ROOM_API, {
      data: room({
        engagement: engagement(30, { next_session_at: FUTURE }),
        sessions: [session(41, { topic: 'Pricing', engagement_id: 30, expert_program_id: 3 })],
        notes: [note],
        files: [file],
      }),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'From idea to first customers' }),
    ).toBeInTheDocument();
    expect(screen.getByText('With Milo Mentor')).toBeInTheDocument();
    expect(screen.getByText(`1 of 4 sessions booked · next ${whenLabel(FUTURE)}`)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Mentee' })).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Sessions' })).toBeInTheDocument();
    const row = screen.getByRole('listitem', { name: 'Session with Milo Mentor' });
    expect(within(row).getByText(`${whenLabel(FUTURE)} · with Milo Mentor`)).toBeInTheDocument();
    expect(within(row).getByText('Pricing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book the next session' })).toHaveAttribute(
      'href',
      '/expert-program-overview/3',
    );

    expect(screen.getByRole('heading', { name: 'Shared notes' })).toBeInTheDocument();
    expect(screen.getByText(`Milo Mentor · ${whenLabel(PAST)}`)).toBeInTheDocument();
    expect(screen.getByText('Call five customers.')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Files' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'pitch-deck.pdf' })).toHaveAttribute(
      'href',
      `${FILES_API}/content/${FILE_ID}`,
    );
    expect(screen.getByText('shared by Mia')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share a file' })).toBeInTheDocument();

    expect(callsTo(server.calls, ROOM_API)).toHaveLength(1);
    expect(callsTo(server.calls, ROOM_API)[0]?.query).toEqual({});
    expect(await seriousViolations()).toEqual([]);
  });

  it('says when nothing is booked, noted or shared yet', async () => {
    mockHttp().get(ROOM_API, { data: room({ engagement: engagement(30, { sessions_booked: 0 }) }) });
    renderPage();
    expect(await screen.findByText('No sessions booked yet.')).toBeInTheDocument();
    expect(screen.getByText('0 of 4 sessions booked')).toBeInTheDocument();
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();
    expect(screen.getByText('No files shared yet.')).toBeInTheDocument();
  });

  it('sends someone with no engagement yet to the program to book', async () => {
    mockHttp().get(ROOM_API, { data: room({ engagements: [], engagement: null }) });
    renderPage();
    expect(await screen.findByText('You have no sessions in this program yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the program' })).toHaveAttribute(
      'href',
      '/expert-program-overview/3',
    );
    expect(screen.queryByRole('heading', { name: 'Shared notes' })).not.toBeInTheDocument();
  });

  it('shows the error with a retry that loads the room', async () => {
    let fail = true;
    mockHttp().get(ROOM_API, () => {
      if (fail) throw httpError(404, EXPERT_MESSAGES.engagementNotFound);
      return { data: room() };
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load the program room')).toBeInTheDocument();
    expect(within(alert).getByText(EXPERT_MESSAGES.engagementNotFound)).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'From idea to first customers' }),
    ).toBeInTheDocument();
  });

  it('answers a program id that is not a number with the not-found page', async () => {
    const server = mockHttp().get(/./, { data: room() });
    renderPage('/expert-program-interaction/0');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute(
      'href',
      '/my-expert-programs',
    );
    expect(server.calls).toHaveLength(0);
  });

  it('refuses an empty note, then adds one and shows it', async () => {
    let notes: (typeof note)[] = [];
    const server = mockHttp()
      .get(ROOM_API, () => ({ data: room({ notes }) }))
      .post(`${EXPERT_PROGRAMS_API}/createNote/30`, () => {
        notes = [{ ...note, note_id: 61, author_id: 7, author_name: 'Mia', body: 'Called three.' }];
        return { data: null };
      });
    renderPage();
    const field = await screen.findByRole('textbox', { name: 'Add a note both of you can read' });
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(EXPERT_MESSAGES.noteEmpty)).toBeInTheDocument();
    expect(callsTo(server.calls, '/createNote/30')).toHaveLength(0);

    await userEvent.type(field, '  Called three.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Called three.')).toBeInTheDocument();
    expect(callsTo(server.calls, '/createNote/30')[0]).toMatchObject({
      method: 'POST',
      body: { body: 'Called three.' },
    });
    expect(field).toHaveValue('');
    expect(screen.queryByText(EXPERT_MESSAGES.noteEmpty)).not.toBeInTheDocument();
    expect(screen.queryByText('No notes yet.')).not.toBeInTheDocument();
  });

  it('uploads a file as a document, shares it in the room, confirms and lists it', async () => {
    let files: (typeof file)[] = [];
    const server = mockHttp()
      .get(ROOM_API, () => ({ data: room({ files }) }))
      .post(`${FILES_API}/upload`, { data: { file_id: FILE_ID, name: 'plan.pdf' } })
      .post(`${EXPERT_PROGRAMS_API}/addFile/30`, () => {
        files = [{ ...file, name: 'plan.pdf' }];
        return { data: null };
      });
    renderPage();
    expect(await screen.findByText('No files shared yet.')).toBeInTheDocument();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('plan.pdf is shared.'));
    const form = callsTo(server.calls, '/upload')[0]?.body as FormData;
    expect(form.get('purpose')).toBe('document');
    expect((form.get('file') as File).name).toBe('plan.pdf');
    expect(callsTo(server.calls, '/addFile/30')[0]).toMatchObject({
      method: 'POST',
      body: { file_id: FILE_ID },
    });
    expect(await screen.findByRole('link', { name: 'plan.pdf' })).toHaveAttribute(
      'href',
      `${FILES_API}/content/${FILE_ID}`,
    );
  });

  it('tells the person when a file could not be shared', async () => {
    const server = mockHttp()
      .on('*', /./, httpError(403, EXPERT_MESSAGES.fileNotYours))
      .get(ROOM_API, { data: room() })
      .post(`${FILES_API}/upload`, { data: { file_id: FILE_ID, name: 'plan.pdf' } });
    renderPage();
    await screen.findByText('No files shared yet.');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(EXPERT_MESSAGES.fileNotYours));
    expect(callsTo(server.calls, '/addFile/30')).toHaveLength(1);
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByText('No files shared yet.')).toBeInTheDocument();
  });

  it('lets the expert open another mentee’s room', async () => {
    const expertSide = { expert_id: 7, expert_name: 'Mia', role: 'expert' as const };
    const ada = engagement(30, { ...expertSide, mentee_id: 8, mentee_name: 'Ada' });
    const sam = engagement(31, { ...expertSide, mentee_id: 9, mentee_name: 'Sam', sessions_booked: 3 });
    const server = mockHttp().get(ROOM_API, ({ query }) => ({
      data: room({ engagements: [ada, sam], engagement: query.engagement_id === 31 ? sam : ada }),
    }));
    const { router } = renderPage();
    expect(await screen.findByText('1 of 4 sessions booked')).toBeInTheDocument();
    const mentee = screen.getByRole('combobox', { name: 'Mentee' });
    expect(mentee).toHaveValue('Ada');
    // The expert does not book; the mentee does.
    expect(screen.queryByRole('link', { name: 'Book the next session' })).not.toBeInTheDocument();
    await userEvent.click(mentee);
    await userEvent.click(await screen.findByRole('option', { name: 'Sam' }));
    expect(await screen.findByText('3 of 4 sessions booked')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?engagement=31');
    expect(callsTo(server.calls, ROOM_API).at(-1)?.query).toEqual({ engagement_id: 31 });
    expect(screen.getByRole('combobox', { name: 'Mentee' })).toHaveValue('Sam');
  });
});
