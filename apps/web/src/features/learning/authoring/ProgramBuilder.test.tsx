import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../shared/ui/notify';
import { renderWithProviders } from '../../../test/render';
import ProgramBuilderPage from '../pages/ProgramBuilderPage';
import { mockAuthoringServer, serverError, teacher } from './test-server';

// Unmount first: a refetch that a finished test's last change set off must not reach the real network.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function openBuilder() {
  return renderWithProviders(null, {
    routes: [
      { path: '/program/manage/:programId', element: <ProgramBuilderPage /> },
      { path: '/manage-programs', element: <p>Program list</p> },
    ],
    route: '/program/manage/5',
    preloadedState: teacher,
  });
}

const region = (name: string) => screen.getByRole('region', { name });
const callTo = (calls: { url?: string; data?: unknown }[], end: string) =>
  calls.filter((call) => call.url?.endsWith(end));

describe('program builder', () => {
  it('shows the outline and who the program belongs to', async () => {
    mockAuthoringServer();
    openBuilder();
    expect(
      await screen.findByRole('heading', { name: 'Data Science Foundations', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Belongs to the whole platform.')).toBeInTheDocument();
    expect(
      within(region('Course: Statistics')).getByRole('region', { name: 'Module: Basics' }),
    ).toBeInTheDocument();
    expect(within(region('Course: Python')).getByText('No modules yet.')).toBeInTheDocument();
  });

  it("tells someone who is not one of the program's authors that they cannot change it", async () => {
    mockAuthoringServer({
      '/authors/getAuthors/': () => {
        throw serverError(
          403,
          "Only this program's owner, its co-authors and the administrators can change it.",
        );
      },
    });
    openBuilder();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You cannot change this program');
    expect(alert).toHaveTextContent("Only this program's owner");
    expect(screen.queryByRole('region', { name: 'Authors' })).toBeNull();
    // No controls that the server would refuse: the program opens where learners read it.
    expect(screen.queryByRole('button', { name: 'Add course' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the program' })).toHaveAttribute(
      'href',
      '/programs/overview/5',
    );
  });

  it('shows the authors to the owner, with the co-author search', async () => {
    mockAuthoringServer();
    openBuilder();
    expect(await screen.findByText('Tess Teacher (@tess)')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Add a co-author' })).toBeInTheDocument();
  });

  it('adds a course, a module and a unit of a chosen kind at the end of their lists', async () => {
    const { calls } = mockAuthoringServer();
    openBuilder();
    await screen.findByRole('region', { name: 'Course: Statistics' });
    await userEvent.type(screen.getByLabelText('Course name'), 'SQL');
    await userEvent.click(screen.getByRole('button', { name: 'Add course' }));
    await waitFor(() =>
      expect(callTo(calls, '/courses/createCourse')[0]?.data).toEqual({
        program_id: 5,
        course_name: 'SQL',
        position: 2,
      }),
    );

    const python = region('Course: Python');
    await userEvent.type(within(python).getByLabelText('Module name'), 'Syntax');
    await userEvent.click(within(python).getByRole('button', { name: 'Add module' }));
    await waitFor(() =>
      expect(callTo(calls, '/modules/createModule')[0]?.data).toEqual({
        course_id: 2,
        module_name: 'Syntax',
        position: 0,
      }),
    );

    const basics = region('Module: Basics');
    await userEvent.type(within(basics).getByLabelText('Unit name'), 'Kick-off call');
    await userEvent.click(within(basics).getByRole('combobox', { name: 'Unit kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Live session' }));
    await userEvent.click(within(basics).getByRole('button', { name: 'Add unit' }));
    await waitFor(() =>
      expect(callTo(calls, '/units/createUnit')[0]?.data).toEqual({
        module_id: 10,
        unit_name: 'Kick-off call',
        unit_type: 'live_session',
        content: {},
        position: 2,
      }),
    );
  });

  it('clears only the name that was added, keeping what was typed while the add was in flight', async () => {
    let answer = () => {};
    const { calls } = mockAuthoringServer({
      '/courses/createCourse': (config) =>
        new Promise((resolve) => {
          answer = () => resolve(config.data);
        }),
    });
    openBuilder();
    await screen.findByRole('region', { name: 'Course: Statistics' });
    const field = screen.getByLabelText('Course name');
    await userEvent.type(field, 'SQL{Enter}');
    await waitFor(() => expect(callTo(calls, '/courses/createCourse')).toHaveLength(1));
    await userEvent.type(field, 'Spark{Enter}');
    expect(field).toHaveValue('SQLSpark');

    answer();
    await waitFor(() => expect(field).toHaveValue('Spark'));
    // Enter while the first add was in flight sent nothing more.
    expect(callTo(calls, '/courses/createCourse')).toHaveLength(1);
    expect(callTo(calls, '/courses/createCourse')[0]?.data).toMatchObject({ course_name: 'SQL' });
  });

  it('keeps the name and shows the server message when an add is refused', async () => {
    const toast = vi.spyOn(notify, 'error').mockResolvedValue();
    mockAuthoringServer({
      '/modules/createModule': () => {
        throw serverError(400, 'module_name: Already used in this course');
      },
    });
    openBuilder();
    const python = await screen.findByRole('region', { name: 'Course: Python' });
    await userEvent.type(within(python).getByLabelText('Module name'), 'Syntax');
    await userEvent.click(within(python).getByRole('button', { name: 'Add module' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('module_name: Already used in this course'));
    expect(within(python).getByLabelText('Module name')).toHaveValue('Syntax');
  });

  it('reorders with Move down in one updateMany call and shows the new order at once', async () => {
    const { calls } = mockAuthoringServer();
    openBuilder();
    await screen.findByRole('region', { name: 'Course: Statistics' });
    expect(screen.getByRole('button', { name: 'Move Statistics up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move Statistics down' }));
    await waitFor(() => expect(callTo(calls, '/courses/updateMany')).toHaveLength(1));
    expect(callTo(calls, '/courses/updateMany')[0]?.data).toEqual([
      { course_id: 2, position: 0 },
      { course_id: 1, position: 1 },
    ]);
    const courses = screen
      .getAllByRole('region', { name: /^Course: / })
      .map((item) => item.getAttribute('aria-label'));
    expect(courses).toEqual(['Course: Python', 'Course: Statistics']);
    // Now last, its Move down is disabled: the keyboard user is left on its Move up.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Statistics up' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Move Welcome down' }));
    await waitFor(() =>
      expect(callTo(calls, '/units/updateMany')[0]?.data).toEqual([
        { unit_id: 101, position: 0 },
        { unit_id: 100, position: 1 },
      ]),
    );
  });

  it('reorders units by drag and drop within their module, in one updateMany call', async () => {
    const { calls } = mockAuthoringServer();
    openBuilder();
    await screen.findByRole('region', { name: 'Module: Basics' });
    // jsdom has no DataTransfer: a minimal one per drag carries the dragged id from dragstart to drop.
    const newDataTransfer = () => {
      const store = new Map<string, string>();
      return {
        setData: (type: string, value: string) => store.set(type, value),
        getData: (type: string) => store.get(type) ?? '',
        get types() {
          return [...store.keys()];
        },
        effectAllowed: 'all',
        dropEffect: 'none',
      };
    };
    const row = (name: string) => screen.getByText(name).closest('[draggable="true"]') as HTMLElement;
    const unitDrag = newDataTransfer();
    fireEvent.dragStart(row('Practice'), { dataTransfer: unitDrag });
    fireEvent.dragOver(row('Welcome'), { dataTransfer: unitDrag });
    fireEvent.drop(row('Welcome'), { dataTransfer: unitDrag });
    await waitFor(() =>
      expect(callTo(calls, '/units/updateMany')[0]?.data).toEqual([
        { unit_id: 101, position: 0 },
        { unit_id: 100, position: 1 },
      ]),
    );
    // A course dragged onto a unit is not a drop there: the lists stay apart.
    const courseDrag = newDataTransfer();
    fireEvent.dragStart(row('Python'), { dataTransfer: courseDrag });
    fireEvent.dragOver(row('Welcome'), { dataTransfer: courseDrag });
    fireEvent.drop(row('Welcome'), { dataTransfer: courseDrag });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callTo(calls, '/updateMany')).toHaveLength(1);
  });

  it('publishes only after the confirmation', async () => {
    const { calls } = mockAuthoringServer();
    openBuilder();
    await screen.findByRole('heading', { name: 'Data Science Foundations', level: 1 });
    await userEvent.click(screen.getByRole('switch', { name: 'Published' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish this program?' });
    expect(callTo(calls, '/programs/update/5')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(callTo(calls, '/programs/update/5')[0]?.data).toEqual({ status: 'published' }),
    );
    // The switch is there from the start: wait for the reloaded program to tick it.
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Published' })).toBeChecked());
  });

  it('deletes a course after the confirmation, with the caller in the path', async () => {
    const { calls } = mockAuthoringServer({ '/courses/delete/': () => ({ data: {} }) });
    openBuilder();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete course Python' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this course?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/program/courses/delete/2/7')).toBe(true),
    );
  });

  it('shows the server message when a change is refused', async () => {
    mockAuthoringServer({
      '/programs/update/5': () => {
        throw serverError(400, 'image_url: Invalid URL');
      },
    });
    openBuilder();
    await userEvent.click(await screen.findByRole('button', { name: 'Save details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('image_url: Invalid URL');
  });
});
