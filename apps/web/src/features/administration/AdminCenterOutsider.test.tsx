import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { initialNavigationAccessState, type NavigationAccessState } from '../navigation';
import AdminCenterPage from './pages/AdminCenterPage';
import { serveFragments } from './test-server';

function list<T>(rows: T[]) {
  return { data: rows, meta: { page: 1, limit: 10, total: rows.length, totalPages: 1 } };
}

function user(id: number) {
  return {
    user_id: id,
    username: `user${id}`,
    email: `user${id}@example.org`,
    firstName: 'User',
    lastName: String(id),
    enabled: true,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin-center for someone who administers nothing', () => {
  const student = { role_id: 14, role_name: 'student', display_name: 'Student', role_view: 'user' as const };
  const settled = (
    privileges: { privilege_menu_id: number; menu_name: string; menu_parent_name: null }[],
  ): NavigationAccessState => ({
    ...initialNavigationAccessState,
    privilegesRoleId: student.role_id,
    privilegesStatus: 'succeeded',
    privileges,
    menusStatus: 'succeeded',
    menus: [
      { menu_id: 3, menu_name: 'Events', menu_parent_id: null, path: '/event-block' },
      { menu_id: 9, menu_name: 'Admin Center', menu_parent_id: null, path: '/admin-center' },
    ],
  });
  const open = (navigationAccess: NavigationAccessState) =>
    renderWithProviders(null, {
      routes: [{ path: '/admin-center', element: <AdminCenterPage /> }],
      route: '/admin-center',
      preloadedState: {
        auth: {
          ...initialAuthState,
          isLoggedIn: true,
          user: { user_id: 14, username: 'student', roles: [student], active_role: student },
        },
        navigationAccess,
      },
    });

  it('says the center is for administrators and shows the way home, asking nothing', async () => {
    const server = mockHttp().on('*', /./, () => list([]));
    open(settled([{ privilege_menu_id: 3, menu_name: 'Events', menu_parent_name: null }]));
    expect(screen.getByRole('heading', { level: 1, name: 'Admin center' })).toBeInTheDocument();
    expect(screen.getByText('For administrators')).toBeInTheDocument();
    expect(screen.getByText(/Your role here \(Student\) does not administer it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your home' })).toHaveAttribute('href', '/user/home');
    expect(screen.getByRole('link', { name: 'Choose another role' })).toHaveAttribute('href', '/select-role');
    expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('asks nothing until the privileges of the role are known', async () => {
    const server = mockHttp().on('*', /./, () => list([]));
    open({ ...settled([]), privilegesStatus: 'loading' });
    expect(screen.getByRole('status', { name: 'Loading the admin center' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('opens for a role granted the admin center menu', async () => {
    serveFragments({ '/searchUsers': () => list([user(1)]) });
    open(settled([{ privilege_menu_id: 9, menu_name: 'Admin Center', menu_parent_name: null }]));
    expect(await screen.findByRole('tab', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByText('For administrators')).not.toBeInTheDocument();
  });
});
