import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import ExploreProgramsPage from '../pages/ExploreProgramsPage';
import ManageProgramsPage from '../pages/ManageProgramsPage';
import { mockAuthoringServer, serverError, teacher } from './test-server';

// Unmount first: a refetch that a finished test's last change set off must not reach the real network.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const routes = [
  { path: '/manage-programs', element: <ManageProgramsPage /> },
  { path: '/program/manage/:programId', element: <p>Builder open</p> },
];
const emptyCatalogue = {
  '/searchPrograms': () => ({ data: [], meta: { page: 1, limit: 12, total: 0, totalPages: 1 } }),
};

describe('manage programs', () => {
  it('lists the programs the caller may edit, with their status and why', async () => {
    const { calls } = mockAuthoringServer();
    renderWithProviders(null, { routes, route: '/manage-programs', preloadedState: teacher });
    const link = await screen.findByRole('link', { name: 'Data Science Foundations' });
    expect(link).toHaveAttribute('href', '/program/manage/5');
    const row = within(link.closest('li') as HTMLElement);
    expect(row.getByText('Draft')).toBeInTheDocument();
    expect(row.getByText('Owner')).toBeInTheDocument();
    expect(screen.getByText('the whole platform')).toBeInTheDocument();
    // The server decides what is editable (owner, co-author, admin); the page asks for nothing else.
    const list = calls.find((call) => call.url?.endsWith('/authors/getEditablePrograms'));
    expect(list?.params).toEqual({ page: 1, limit: 10 });
  });

  it('creates a draft program and opens its builder', async () => {
    const { calls } = mockAuthoringServer();
    renderWithProviders(null, { routes, route: '/manage-programs', preloadedState: teacher });
    await userEvent.click(await screen.findByRole('button', { name: 'New program' }));
    const dialog = await screen.findByRole('dialog', { name: 'New program' });
    expect(within(dialog).getByText('the whole platform')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    expect(within(dialog).getByText('Give the program a name.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Program name/), 'Design Basics');
    await userEvent.type(within(dialog).getByLabelText('Category'), 'design');
    await userEvent.type(within(dialog).getByLabelText('Start date'), '2027-01-04');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Builder open')).toBeInTheDocument();
    const created = calls.find((call) => call.url?.endsWith('/createProgram'));
    expect(created?.data).toMatchObject({
      program_name: 'Design Basics',
      program_category: 'design',
      status: 'draft',
      end_date: null,
    });
    expect((created?.data as { start_date?: string } | undefined)?.start_date).toMatch(/^2027-01-0[34]T/);
  });

  it('shows the server message when the program cannot be created', async () => {
    mockAuthoringServer({
      '/createProgram': () => {
        throw serverError(400, 'program_category: Too big');
      },
    });
    renderWithProviders(null, { routes, route: '/manage-programs', preloadedState: teacher });
    await userEvent.click(await screen.findByRole('button', { name: 'New program' }));
    const dialog = await screen.findByRole('dialog', { name: 'New program' });
    await userEvent.type(within(dialog).getByLabelText(/Program name/), 'Design Basics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('program_category: Too big');
  });

  it('explains a refusal instead of listing', async () => {
    mockAuthoringServer({
      '/authors/getEditablePrograms': () => {
        throw serverError(403, 'Not allowed');
      },
    });
    renderWithProviders(null, { routes, route: '/manage-programs', preloadedState: teacher });
    expect(await screen.findByText('You cannot build programs here')).toBeInTheDocument();
  });

  it('offers Manage programs on the catalogue to authors only', async () => {
    mockAuthoringServer(emptyCatalogue);
    const { unmount } = renderWithProviders(<ExploreProgramsPage />, {
      route: '/lxp',
      preloadedState: teacher,
    });
    expect(await screen.findByRole('link', { name: 'Manage programs' })).toHaveAttribute(
      'href',
      '/manage-programs',
    );
    unmount();
    const student = {
      auth: {
        ...teacher.auth,
        user: {
          ...teacher.auth.user,
          roles: [{ role_id: 15, role_name: 'student', display_name: 'Student' }],
        },
      },
    };
    renderWithProviders(<ExploreProgramsPage />, { route: '/lxp', preloadedState: student });
    await screen.findByText('No programs yet');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Manage programs' })).toBeNull());
  });
});
