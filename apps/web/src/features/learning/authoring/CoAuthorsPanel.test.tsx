import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CoAuthorsPanel } from './CoAuthorsPanel';
import { mockAuthoringServer, PEOPLE, serverError, teacher } from './test-server';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('co-authors of a program', () => {
  it('lets the owner find a colleague by username, add them, and remove them after confirming', async () => {
    const { calls } = mockAuthoringServer();
    renderWithProviders(<CoAuthorsPanel kind="program" id={5} userId={7} />, { preloadedState: teacher });
    expect(await screen.findByText('Tess Teacher (@tess)')).toBeInTheDocument();
    expect(screen.getByText('No co-authors yet.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Add a co-author' }), 'to');
    const found = await screen.findByRole('list', { name: 'People found' });
    await userEvent.click(within(found).getByRole('button', { name: 'Add tom' }));
    const coAuthors = await screen.findByRole('list', { name: 'Co-authors' });
    expect(within(coAuthors).getByText('Tom Tutor (@tom)')).toBeInTheDocument();
    const added = calls.find((call) => call.url === '/api/program/authors/addAuthor/5');
    expect(added?.data).toEqual({ user_id: 8 });
    const search = calls.find((call) => call.url === '/api/program/authors/searchPeople/5');
    expect(search?.params).toEqual({ search: 'to' });

    await userEvent.click(within(coAuthors).getByRole('button', { name: 'Remove tom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this co-author?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByText('No co-authors yet.')).toBeInTheDocument());
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/program/authors/removeAuthor/5/8');
  });

  it('shows a co-author the authors without the editor, and lets them leave', async () => {
    mockAuthoringServer({
      '/authors/getAuthors/': () => ({
        data: { owner: PEOPLE[0], co_authors: [PEOPLE[1], PEOPLE[2]], can_manage: false },
      }),
    });
    renderWithProviders(<CoAuthorsPanel kind="program" id={5} userId={8} />, { preloadedState: teacher });
    const coAuthors = await screen.findByRole('list', { name: 'Co-authors' });
    expect(screen.queryByRole('searchbox', { name: 'Add a co-author' })).toBeNull();
    expect(within(coAuthors).queryByRole('button', { name: 'Remove tina' })).toBeNull();
    expect(within(coAuthors).getByRole('button', { name: 'Leave as co-author' })).toBeInTheDocument();
  });

  it("shows the server's reason when adding fails", async () => {
    mockAuthoringServer({
      '/authors/addAuthor/': () => {
        throw serverError(409, 'This person is already an author.');
      },
    });
    renderWithProviders(<CoAuthorsPanel kind="assessment" id={5} userId={7} />, { preloadedState: teacher });
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Add a co-author' }), 'tina');
    await userEvent.click(await screen.findByRole('button', { name: 'Add tina' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This person is already an author.');
  });
});
