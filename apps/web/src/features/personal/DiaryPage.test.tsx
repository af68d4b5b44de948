import { DIARY_API } from '@nexus/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import DiaryPage from './pages/DiaryPage';
import { entry, memberState, page } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const entries = `${DIARY_API}/getDiaryEntries`;
const renderPage = () => renderWithProviders(<DiaryPage />, { route: '/dairy', preloadedState: memberState });

describe('/dairy', () => {
  it('groups my entries under their day, newest first, and narrows to a picked day', async () => {
    const server = mockHttp().get(entries, () =>
      page([entry(1, { entry_date: '2026-11-21', title: 'Later' }), entry(2, { entry_date: '2026-11-20' })]),
    );
    renderPage();
    const later = await screen.findByRole('region', { name: 'Saturday 21 November 2026' });
    expect(within(later).getByText('Later')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Friday 20 November 2026' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Show one day'), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(
        server.calls.some((call) => call.query.filterFields === JSON.stringify({ entry_date: '2026-11-20' })),
      ).toBe(true),
    );
  });

  it('shows the empty state', async () => {
    mockHttp().get(entries, page([]));
    renderPage();
    expect(await screen.findByText('No diary entries yet')).toBeInTheDocument();
  });

  it('shows the error state', async () => {
    mockHttp().get(entries, httpError(500, 'Something went wrong on our side.'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it('refuses an empty entry, and deletes one after confirming', async () => {
    const server = mockHttp()
      .get(entries, () => page([entry(1)]))
      .delete(`${DIARY_API}/deleteDiaryEntry/:id/:userId`, { data: entry(1) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New entry' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save entry' }));
    expect(await within(dialog).findByText('Write something first.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Entry 1 of 2026-11-20' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.method === 'DELETE')?.path).toMatch(
        /\/deleteDiaryEntry\/1\/7$/,
      ),
    );
  });
});
