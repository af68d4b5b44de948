import { NOTES_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import NotesPage from './pages/NotesPage';
import { memberState, note, page } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const notes = `${NOTES_API}/getNotes`;
const tags = `${NOTES_API}/getNoteTags`;
const renderPage = () => renderWithProviders(<NotesPage />, { route: '/notes', preloadedState: memberState });

describe('/notes', () => {
  it('lists my notes with their tags and filters by tag', async () => {
    const server = mockHttp()
      .get(tags, { data: [{ tag: 'ideas', count: 1 }] })
      .get(notes, ({ query }) =>
        query.tag === 'ideas'
          ? page([note(1, { title: 'Pitch', tags: ['ideas'] })])
          : page([note(1, { title: 'Pitch', tags: ['ideas'] }), note(2, { title: 'Groceries' })]),
      );
    renderPage();
    expect(await screen.findByRole('listitem', { name: 'Pitch' })).toBeInTheDocument();
    expect(screen.getByText('2 notes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'ideas (1)' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Groceries' })).not.toBeInTheDocument(),
    );
    expect(server.calls.some((call) => call.query.tag === 'ideas')).toBe(true);
  });

  it('shows the empty state with a way to write the first note', async () => {
    mockHttp().get(tags, { data: [] }).get(notes, page([]));
    renderPage();
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write your first note' })).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    const down = httpError(500, 'Something went wrong on our side.');
    mockHttp().get(tags, down).get(notes, down);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('creates a note, refusing an empty title first', async () => {
    const server = mockHttp()
      .get(tags, { data: [] })
      .get(notes, page([]))
      .post(`${NOTES_API}/createNote`, { data: note(3, { title: 'New idea' }) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New note' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(await within(dialog).findByText('Give the note a title.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'New idea');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'POST')).toBe(true));
    const post = server.calls.find((call) => call.method === 'POST');
    expect(post?.path).toMatch(/\/createNote$/);
    expect(post?.body).toMatchObject({ title: 'New idea', tags: [] });
  });

  it('deletes a note only after confirming', async () => {
    const server = mockHttp()
      .get(tags, { data: [] })
      .get(notes, () => page([note(1, { title: 'Old' })]))
      .delete(`${NOTES_API}/deleteNote/:id/:userId`, { data: note(1) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Old' }));
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.method === 'DELETE')?.path).toMatch(/\/deleteNote\/1\/7$/),
    );
  });
});
