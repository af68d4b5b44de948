import { CONVERSATIONS_API, PEOPLE_API } from '@nexus/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { NewMessageDialog } from './components/NewMessageDialog';

const people = [
  { user_id: 8, name: 'Grace Hopper', username: 'grace', profile_image: null },
  { user_id: 9, name: 'Alan Turing', username: 'alan', profile_image: null },
];

function serve(refuse?: string) {
  return mockHttp()
    .get(`${PEOPLE_API}/getPeople`, ({ query }) => {
      const search = String(query.search ?? '').toLowerCase();
      return { data: people.filter((p) => p.name.toLowerCase().includes(search)) };
    })
    .post(
      `${CONVERSATIONS_API}/createConversation`,
      refuse ? httpError(403, refuse, { code: 'forbidden' }) : { data: { conversation_id: 42 } },
    );
}

afterEach(() => vi.restoreAllMocks());

describe('NewMessageDialog', () => {
  it('lists reachable people with no search, filters by name, and starts a direct conversation', async () => {
    const server = serve();
    const onOpened = vi.fn();
    renderWithProviders(<NewMessageDialog opened onClose={() => {}} onOpened={onOpened} />);
    expect(await screen.findByRole('checkbox', { name: 'Grace Hopper (@grace)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Alan Turing (@alan)' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), 'grace');
    await waitFor(() => expect(server.calls.some((c) => c.query.search === 'grace')).toBe(true));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Grace Hopper (@grace)' }));
    expect(screen.queryByRole('checkbox', { name: /Alan/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start conversation' }));
    await waitFor(() => expect(onOpened).toHaveBeenCalledWith(42));
    expect(server.calls.find((c) => c.path.endsWith('/createConversation'))?.body).toEqual({
      member_ids: [8],
    });
  });

  it('makes a group of several people and shows a refusal from the server', async () => {
    const server = serve('You cannot send messages to this person: you share no organisation with them.');
    renderWithProviders(<NewMessageDialog opened onClose={() => {}} onOpened={() => {}} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Grace Hopper (@grace)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Alan Turing (@alan)' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Group name (optional)' }), 'Pioneers');
    await userEvent.click(screen.getByRole('button', { name: 'Start group' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('you share no organisation with them');
    expect(server.calls.find((c) => c.path.endsWith('/createConversation'))?.body).toEqual({
      member_ids: [8, 9],
      type: 'group',
      title: 'Pioneers',
    });
  });
});
