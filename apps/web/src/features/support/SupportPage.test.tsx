import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import SupportPage from './pages/SupportPage';
import { failure, memberState, mockServer, page, request, tenantAdminState } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const renderPage = (state: object = memberState, route = '/student/support') =>
  renderWithProviders(<SupportPage />, { route, preloadedState: state });

describe('/student/support', () => {
  it('lists my requests with their status', async () => {
    mockServer(() => page([request(1, { subject: 'Cannot log in', status: 'answered', reply_count: 1 })]));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Cannot log in' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Support requests' })).getByText('Answered'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Whose requests' })).not.toBeInTheDocument();
  });

  it('shows the empty and the error states', async () => {
    mockServer(() => page([]));
    const { unmount } = renderPage();
    expect(await screen.findByText('You have not asked for help yet')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();
    mockServer(() => {
      throw failure(500, 'Something went wrong on our side.');
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it('sends a new request, refusing an empty one first', async () => {
    const calls = mockServer((config) => {
      if (config.method === 'POST') return { data: request(5) };
      if (config.url?.includes('/getRequest/5')) return { data: request(5, { replies: [] }) };
      return page([]);
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New request' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Say in a few words what you need.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Subject/ }), 'Password reset');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Category/ }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Account and sign-in' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /What do you need/ }),
      'The mail never came.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.data).toEqual({
      subject: 'Password reset',
      category: 'account',
      body: 'The mail never came.',
    });
  });

  it('lets a tenant admin see everyone’s requests, open one, reply and change its status', async () => {
    const calls = mockServer((config) => {
      if (config.url?.endsWith('/replyRequest/3')) return { data: request(3, { status: 'answered' }) };
      if (config.url?.endsWith('/updateRequestStatus/3')) return { data: request(3, { status: 'closed' }) };
      if (config.url?.endsWith('/getRequest/3')) {
        return {
          data: request(3, {
            replies: [
              {
                reply_id: 1,
                author_id: 7,
                author_name: 'Mia Member',
                body: 'Any news?',
                from_staff: false,
                created_at: '2026-11-20T10:00:00+00:00',
              },
            ],
          }),
        };
      }
      return page([request(3, { subject: 'Blank unit page' })]);
    });
    renderPage(tenantAdminState);
    await userEvent.click(await screen.findByRole('radio', { name: 'All of Acme' }));
    await waitFor(() => expect(calls.some((call) => call.params?.view === 'manage')).toBe(true));
    await userEvent.click(await screen.findByRole('button', { name: 'Blank unit page' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Any news?')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your reply' }), 'Fixed now.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url?.endsWith('/replyRequest/3'))?.data).toEqual({
        body: 'Fixed now.',
      }),
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Closed' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url?.endsWith('/updateRequestStatus/3'))?.data).toEqual({
        status: 'closed',
      }),
    );
  });
});
