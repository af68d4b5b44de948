import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import AdminCenterPage from './pages/AdminCenterPage';

const as = (roles: { role_id: number }[]) => ({
  auth: { ...initialAuthState, isLoggedIn: true, user: { user_id: 1, username: 'admin', roles } },
});

const queue = (name: string, counts: Partial<Record<string, number>> = {}) => ({
  name,
  dead_letter: `${name}.dead`,
  retry_limit: 5,
  created: 0,
  retry: 0,
  active: 0,
  completed: 0,
  cancelled: 0,
  failed: 0,
  dead: 0,
  ...counts,
});

const deadMail = {
  job_id: '11111111-1111-4111-8111-111111111111',
  queue: 'mail.send',
  dead_letter_queue: 'mail.send.dead',
  summary: 'Your Nexus code to a***@example.org',
  error: 'connect ECONNREFUSED 127.0.0.1:25',
  created_at: new Date().toISOString(),
};

/** The admin center opens on its users list; these tests only need it to be empty. */
const withUsers = () =>
  mockHttp().get(/\/users\//, { data: [], meta: { page: 1, limit: 10, total: 0, totalPages: 1 } });

function render(roles: { role_id: number; role_view?: 'admin' | 'user' }[] = [{ role_id: 1 }]) {
  return renderWithProviders(null, {
    routes: [{ path: '/admin-center', element: <AdminCenterPage /> }],
    route: '/admin-center?tab=jobs',
    preloadedState: as(roles),
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin center: background jobs', () => {
  it('shows the queues and the dead letters, and retries one after a confirmation', async () => {
    let dead = [deadMail];
    const server = withUsers()
      .get('/api/jobs/getQueues', () => ({
        data: [queue('mail.send', { completed: 12, failed: 1, dead: dead.length })],
      }))
      .get('/api/jobs/getDeadJobs', () => ({
        data: dead,
        meta: { page: 1, limit: 20, total: dead.length, totalPages: 1, totalExact: true },
      }))
      .post('/api/jobs/retryDeadJob/:id', () => {
        dead = [];
        return { data: { job_id: '22222222-2222-4222-8222-222222222222', queue: 'mail.send' } };
      });
    render();
    const queues = await screen.findByRole('table', { name: 'Job queues' });
    expect(within(queues).getAllByRole('row')[1]).toHaveTextContent('mail.send');
    const letters = await screen.findByRole('table', { name: 'Dead letters' });
    const row = within(letters).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('a***@example.org');
    expect(row).toHaveTextContent('ECONNREFUSED');

    await userEvent.click(within(row).getByRole('button', { name: /Retry/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry job' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('No dead letters: every job ran or is still being retried'),
    ).toBeInTheDocument();
    const retry = server.calls.find((call) => call.path.includes('/retryDeadJob/'));
    expect(retry).toMatchObject({ method: 'POST', path: `/api/jobs/retryDeadJob/${deadMail.job_id}` });
  });

  it('shows an error with a way to try again', async () => {
    withUsers()
      .get('/api/jobs/getQueues', { data: [] })
      .get('/api/jobs/getDeadJobs', httpError(404, 'Not found'));
    render();
    expect(await screen.findByText('We could not load dead letters')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });

  it('is not offered to someone who is not a platform administrator', async () => {
    withUsers();
    render([{ role_id: 5, role_view: 'admin' }]);
    await screen.findByRole('tab', { name: 'Users' });
    expect(screen.queryByRole('tab', { name: 'Background jobs' })).toBeNull();
  });
});
