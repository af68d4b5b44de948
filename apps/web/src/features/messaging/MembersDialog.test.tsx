import { CONVERSATIONS_API, type ConversationItem, PEOPLE_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { MembersDialog } from './components/MembersDialog';

const grace = { user_id: 8, name: 'Grace Hopper', username: 'grace', profile_image: null };
const alan = { user_id: 9, name: 'Alan Turing', username: 'alan', profile_image: null };
const linus = { user_id: 10, name: 'Linus Torvalds', username: 'linus', profile_image: null };

function group(overrides: Partial<ConversationItem> = {}): ConversationItem {
  return {
    conversation_id: 5,
    type: 'group',
    title: 'Pioneers',
    created_by: 7,
    created_at: '2026-11-01T00:00:00Z',
    last_message_at: '2026-11-01T10:00:00Z',
    members: [grace, alan],
    my_role: 'owner',
    owner_id: 7,
    muted: false,
    unread_count: 0,
    last_message: null,
    blocked: false,
    ...overrides,
  };
}

function serve(refuseAdd?: string) {
  return mockHttp()
    .get(`${PEOPLE_API}/getPeople`, { data: [grace, alan, linus] })
    .post(
      `${CONVERSATIONS_API}/addMembers/:id`,
      refuseAdd
        ? httpError(403, refuseAdd, { code: 'forbidden' })
        : { data: group({ members: [grace, alan, linus] }) },
    )
    .post(`${CONVERSATIONS_API}/removeMember/:id`, { data: group({ members: [alan] }) })
    .post(`${CONVERSATIONS_API}/transferOwnership/:id`, { data: group({ my_role: 'member', owner_id: 8 }) });
}

afterEach(() => vi.restoreAllMocks());

describe('MembersDialog', () => {
  it('lets the owner add people who are not in the group yet', async () => {
    const server = serve();
    renderWithProviders(<MembersDialog opened conversation={group()} onClose={() => {}} />);
    const members = screen.getByRole('list', { name: 'Members' });
    expect(within(members).getAllByRole('listitem')).toHaveLength(3);
    expect(within(members).getByText('Owner')).toBeInTheDocument();
    // Only people outside the group are offered.
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Linus Torvalds (@linus)' }));
    expect(screen.queryByRole('checkbox', { name: /Grace/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add to group' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path.includes('/addMembers/5'))?.body).toEqual({ member_ids: [10] }),
    );
  });

  it("shows the server's refusal when someone cannot be added", async () => {
    serve('You can only add people you can message: some of those chosen share no organisation with you.');
    renderWithProviders(<MembersDialog opened conversation={group()} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Linus Torvalds (@linus)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to group' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('share no organisation with you');
  });

  it('asks before removing a member, and removes only once confirmed', async () => {
    const server = serve();
    renderWithProviders(<MembersDialog opened conversation={group()} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Grace Hopper from the group?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((c) => c.path.includes('/removeMember/'))).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }));
    const again = await screen.findByRole('dialog', { name: 'Remove Grace Hopper from the group?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path.includes('/removeMember/5'))?.body).toEqual({ user_id: 8 }),
    );
  });

  it('hands over ownership after confirmation', async () => {
    const server = serve();
    renderWithProviders(<MembersDialog opened conversation={group()} onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Make owner: Alan Turing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Alan Turing the owner?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make owner' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path.includes('/transferOwnership/5'))?.body).toEqual({ user_id: 9 }),
    );
  });

  it('shows a member who the owner is, without the owner’s controls', async () => {
    serve();
    renderWithProviders(
      <MembersDialog opened conversation={group({ my_role: 'member', owner_id: 8 })} onClose={() => {}} />,
    );
    expect(
      screen.getByText("Only the group's owner, Grace Hopper, can add or remove members."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Make owner/ })).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
