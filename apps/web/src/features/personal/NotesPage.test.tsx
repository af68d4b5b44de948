import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import NotesPage from './pages/NotesPage';
import { failure, memberState, mockServer, note, page } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const renderPage = () => renderWithProviders(<NotesPage />, { route: '/notes', preloadedState: memberState });

describe('/notes', () => {
  it('lists my notes with their tags and filters by tag', async () => {
    const calls = mockServer((config) => {
      if (config.url?.endsWith('/getNoteTags')) return { data: [{ tag: 'ideas', count: 1 }] };
      if (config.url?.endsWith('/getNotes')) {
        return config.params?.tag === 'ideas'
          ? page([note(1, { title: 'Pitch', tags: ['ideas'] })])
          : page([note(1, { title: 'Pitch', tags: ['ideas'] }), note(2, { title: 'Groceries' })]);
      }
      throw failure(404, 'Not found');
    });
    renderPage();
    expect(await screen.findByRole('listitem', { name: 'Pitch' })).toBeInTheDocument();
    expect(screen.getByText('2 notes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'ideas (1)' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Groceries' })).not.toBeInTheDocument(),
    );
    expect(calls.some((call) => call.params?.tag === 'ideas')).toBe(true);
  });

  it('shows the empty state with a way to write the first note', async () => {
    mockServer((config) => (config.url?.endsWith('/getNoteTags') ? { data: [] } : page([])));
    renderPage();
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write your first note' })).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    mockServer(() => {
      throw failure(500, 'Something went wrong on our side.');
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('creates a note, refusing an empty title first', async () => {
    const calls = mockServer((config) => {
      if (config.method === 'POST') return { data: note(3, { title: 'New idea' }) };
      if (config.url?.endsWith('/getNoteTags')) return { data: [] };
      return page([]);
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New note' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(await within(dialog).findByText('Give the note a title.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'New idea');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toMatch(/\/createNote$/);
    expect(post?.data).toMatchObject({ title: 'New idea', tags: [] });
  });

  it('deletes a note only after confirming', async () => {
    const calls = mockServer((config) => {
      if (config.method === 'DELETE') return { data: note(1) };
      if (config.url?.endsWith('/getNoteTags')) return { data: [] };
      return page([note(1, { title: 'Old' })]);
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Old' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.url).toMatch(/\/deleteNote\/1\/7$/),
    );
  });
});
