import { FAQS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import FaqsPage from './pages/FaqsPage';
import { faq, platformAdminState, signedOutState } from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const faqs = `${FAQS_API}/getFaqs`;
const renderPage = (state: object = signedOutState) =>
  renderWithProviders(<FaqsPage />, { route: '/faqs', preloadedState: state });

describe('/faqs', () => {
  it('groups questions by category for a signed-out reader, without edit controls, and searches', async () => {
    const server = mockHttp().get(faqs, {
      data: [
        faq(1, { category: 'Accounts', question: 'How do I sign in?' }),
        faq(2, { category: 'Programs' }),
      ],
    });
    renderPage();
    const accounts = await screen.findByRole('region', { name: 'Accounts' });
    await userEvent.click(within(accounts).getByRole('button', { name: 'How do I sign in?' }));
    expect(await screen.findByText('Answer 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New FAQ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the FAQs' }), 'password');
    await waitFor(() => expect(server.calls.some((call) => call.query.search === 'password')).toBe(true));
  });

  it('shows the empty and the error states', async () => {
    mockHttp().get(faqs, { data: [] });
    const { unmount } = renderPage();
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();
    mockHttp().get(faqs, httpError(500, 'Something went wrong on our side.'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it('lets a platform admin add, reorder and delete (after confirming) platform FAQs', async () => {
    const server = mockHttp()
      .get(faqs, { data: [faq(1, { question: 'First?' }), faq(2, { question: 'Second?' })] })
      .post(`${FAQS_API}/createFaq`, { data: faq(9) })
      .post(`${FAQS_API}/reorderFaqs`, { data: [] })
      .delete(`${FAQS_API}/deleteFaq/:id/:userId`, { data: faq(1) });
    renderPage(platformAdminState);
    await userEvent.click(await screen.findByRole('button', { name: 'First?' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Move down: First?' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${FAQS_API}/reorderFaqs`)[0]?.body).toEqual({ faq_ids: [2, 1] }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete First?' }));
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(server.calls.find((call) => call.method === 'DELETE')?.path).toMatch(/\/deleteFaq\/1\/1$/),
    );
    await userEvent.click(screen.getByRole('button', { name: 'New FAQ' }));
    const dialog = await screen.findByRole('dialog', { name: 'New FAQ' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save FAQ' }));
    expect(await within(dialog).findByText('Write the question.')).toBeInTheDocument();
  });
});
