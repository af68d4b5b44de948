import { ATTENDANCE_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import AttendancePage from './pages/AttendancePage';

const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 7, username: 'ada', roles: [{ role_id: 13 }] },
  },
};
const ADDRESS = '/attendance/live_session/3/42/1';
const sheet = (over: object) => ({
  unit_id: 42,
  unit_name: 'Kick-off call',
  program_id: 5,
  program_name: 'Data Science Foundations',
  schedule_id: 3,
  batch_id: 1,
  starts_at: null,
  ends_at: null,
  window_open: true,
  instructor: false,
  my_status: null,
  code: null,
  roster: null,
  ...over,
});

const getSheet = `${ATTENDANCE_API}/getSheet${ADDRESS.slice('/attendance'.length)}`;

function render() {
  return renderWithProviders(<div />, {
    route: ADDRESS,
    preloadedState: signedIn,
    routes: [{ path: '/attendance/:type/:scheduleId/:contentId/:batchId', element: <AttendancePage /> }],
  });
}

afterEach(() => vi.restoreAllMocks());

describe('attendance page', () => {
  it('lets a learner check in with the code and then shows the attendance as recorded', async () => {
    let checkedIn = false;
    const server = mockHttp()
      .get(getSheet, () => ({ data: sheet({ my_status: checkedIn ? 'present' : null }) }))
      .post(/\/checkIn\//, () => {
        checkedIn = true;
        return { data: { status: 'present' } };
      });
    render();
    await userEvent.type(await screen.findByLabelText(/Check-in code/), 'abc234');
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('You are checked in')).toBeInTheDocument();
    const post = server.calls.find((c) => c.path.includes('/checkIn/'));
    expect(post?.path).toBe('/api/attendance/checkIn/live_session/3/42/1');
    expect(post?.body).toEqual({ code: 'ABC234' });
  });

  it('tells a learner when check-in is closed', async () => {
    mockHttp().get(getSheet, { data: sheet({ window_open: false }) });
    render();
    expect(await screen.findByText('Check-in is closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
  });

  it('shows instructors the code and saves only the marks they changed', async () => {
    const server = mockHttp()
      .get(getSheet, {
        data: sheet({
          instructor: true,
          code: 'K7P2QX',
          roster: [
            { user_id: 8, name: 'Ada Byron', status: 'present', method: 'code', marked_at: null },
            { user_id: 9, name: 'Alan Turing', status: null, method: null, marked_at: null },
          ],
        }),
      })
      .put(/\/markAttendance\//, { data: [] });
    render();
    expect(await screen.findByText('K7P2QX')).toBeInTheDocument();
    expect(screen.getByText('Batch 1: 1 of 2 present')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save attendance' });
    expect(save).toBeDisabled();
    const turing = screen.getByRole('radiogroup', { name: 'Attendance of Alan Turing' });
    await userEvent.click(within(turing).getByText('Excused'));
    await userEvent.click(save);
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/attendance/markAttendance/live_session/3/42/1');
    expect(put?.body).toEqual({ records: [{ user_id: 9, status: 'excused' }] });
  });
});
