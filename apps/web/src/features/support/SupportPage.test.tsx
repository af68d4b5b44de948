import { SUPPORT_REQUESTS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import SupportPage from './pages/SupportPage';
import { memberState, page, request, tenantAdminState } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const requests = `${SUPPORT_REQUESTS_API}/getRequests`;
const renderPage = (state: object = memberState, route = '/student/support') =>
  renderWithProviders(<SupportPage />, { route, preloadedState: state });

describe('/student/support', () => {
  it('lists my requests with their status', async () => {
    mockHttp().get(
      requests,
      page([request(1, { subject: 'Cannot log in', status: 'answered', reply_count: 1 })]),
    );
    renderPage();
    expect(await screen.findByRole('button', { name: 'Cannot log in' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Support requests' })).getByText('Answered'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Whose requests' })).not.toBeInTheDocument();
  });

  it('shows the empty and the error states', async () => {
    mockHttp().get(requests, page([]));
    const { unmount } = renderPage();
    expect(await screen.findByText('You have not asked for help yet')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();
    mockHttp().get(requests, httpError(500, 'Something went wrong on our side.'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it('sends a new request, refusing an empty one first', async () => {
    const server = mockHttp()
      .get(requests, page([]))
      .post(`${SUPPORT_REQUESTS_API}/createRequest`, { data: request(5) })
      .get(`${SUPPORT_REQUESTS_API}/getRequest/5`, { data: request(5, { replies: [] }) });
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
    await waitFor(() => expect(server.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      subject: 'Password reset',
      category: 'account',
      body: 'The mail never came.',
    });
  });

  it('lets a tenant admin see everyone’s requests, open one, reply and change its status', async () => {
    const server = mockHttp()
      .get(requests, page([request(3, { subject: 'Blank unit page' })]))
      .post(`${SUPPORT_REQUESTS_API}/replyRequest/3`, { data: request(3, { status: 'answered' }) })
      .put(`${SUPPORT_REQUESTS_API}/updateRequestStatus/3`, { data: request(3, { status: 'closed' }) })
      .get(`${SUPPORT_REQUESTS_API}/getRequest/3`, {
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
      });
    renderPage(tenantAdminState);
    // An administrator opens on the requests they answer, with their own a click away.
    expect(await screen.findByRole('radio', { name: 'All of Acme' })).toBeChecked();
    await waitFor(() => expect(server.calls[0]?.query.view).toBe('manage'));
    expect(server.calls.some((call) => call.query.view === 'mine')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Blank unit page' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Any news?')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Your reply' }), 'Fixed now.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${SUPPORT_REQUESTS_API}/replyRequest/3`)[0]?.body).toEqual({
        body: 'Fixed now.',
      }),
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await within(dialog).findByRole('option', { name: 'Closed' }));
    await waitFor(() =>
      expect(server.callsTo('PUT', `${SUPPORT_REQUESTS_API}/updateRequestStatus/3`)[0]?.body).toEqual({
        status: 'closed',
      }),
    );
  });
});
