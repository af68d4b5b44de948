import { CONVERSATIONS_API, type ConversationItem, MESSAGES_API, type MessageItem } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { UnreadMessagesButton } from './components/UnreadMessagesButton';
import MessagesPage from './pages/MessagesPage';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../shared/ui/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/ui/notify')>()),
  notify,
}));

const ME = 7;
const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: ME, username: 'ada', roles: [{ role_id: 13 }] },
  },
};
const grace = { user_id: 8, name: 'Grace Hopper', username: 'grace', profile_image: null };

function conversation(overrides: Partial<ConversationItem> = {}): ConversationItem {
  return {
    conversation_id: 3,
    type: 'direct',
    title: null,
    created_by: 8,
    created_at: '2026-11-01T00:00:00Z',
    last_message_at: '2026-11-01T10:00:00Z',
    members: [grace],
    my_role: 'member',
    owner_id: null,
    muted: false,
    unread_count: 2,
    last_message: {
      message_id: 11,
      sender_id: 8,
      sender_name: 'Grace Hopper',
      body: 'Are you coming?',
      deleted: false,
      created_at: '2026-11-01T10:00:00Z',
    },
    blocked: false,
    ...overrides,
  };
}

function message(id: number, body: string, senderId = 8): MessageItem {
  return {
    message_id: id,
    conversation_id: 3,
    sender: senderId === ME ? { user_id: ME, name: 'Ada', username: 'ada', profile_image: null } : grace,
    body,
    reply_to: null,
    attachments: [],
    edited_at: null,
    deleted: false,
    created_at: '2026-11-01T10:00:00Z',
  };
}

/** A small in-memory server: what the page sends changes what it reads next. */
function serve(conversations: ConversationItem[], history: MessageItem[] = [], refuseSending = false) {
  const messages = [...history];
  const change = (id: string, edit: (m: MessageItem) => MessageItem) => {
    const index = messages.findIndex((m) => m.message_id === Number(id));
    messages[index] = edit(messages[index]!);
    return { data: messages[index] };
  };
  return mockHttp()
    .get(`${CONVERSATIONS_API}/getConversations`, {
      data: conversations,
      meta: { limit: 20, next_cursor: null },
    })
    .get(`${CONVERSATIONS_API}/getConversation/:id`, { data: conversations[0] })
    .get(`${MESSAGES_API}/getMessages`, ({ query }) => {
      // Pages of two, newest first, older than `before`: the server's cursor.
      const before = Number(query.before ?? Number.POSITIVE_INFINITY);
      const older = [...messages].reverse().filter((m) => m.message_id < before);
      const page = older.slice(0, 2);
      const more = older.length > 2;
      return { data: page, meta: { limit: 2, next_cursor: more ? String(page.at(-1)?.message_id) : null } };
    })
    .post(`${MESSAGES_API}/createMessage`, ({ body }) => {
      if (refuseSending)
        return httpError(403, 'You cannot send messages to this person.', { code: 'forbidden' });
      const created = message(100 + messages.length, (body as { body: string }).body, ME);
      messages.push(created);
      return { data: created };
    })
    .delete(`${MESSAGES_API}/deleteMessage/:id`, ({ params }) =>
      change(params.id!, (m) => ({ ...m, deleted: true, body: 'This message was deleted' })),
    )
    .put(`${MESSAGES_API}/updateMessage/:id`, ({ params, body }) =>
      change(params.id!, (m) => ({
        ...m,
        body: (body as { body: string }).body,
        edited_at: '2026-11-01T11:00:00Z',
      })),
    )
    .post(`${CONVERSATIONS_API}/markRead/:id`, { data: { ...conversations[0], unread_count: 0 } })
    .get(`${CONVERSATIONS_API}/getUnreadCount`, { data: { unread: 0, latest: null } });
}

afterEach(() => {
  vi.restoreAllMocks();
  notify.info.mockReset();
});

describe('MessagesPage', () => {
  it('lists conversations with the other person, the last message and an unread badge', async () => {
    serve([conversation()]);
    renderWithProviders(<MessagesPage />, { preloadedState: signedIn, route: '/messages' });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const row = within(list).getByRole('button', { name: /^Grace Hopper\s*2 unread/ });
    expect(row).toHaveTextContent('Grace Hopper: Are you coming?');
  });

  it('shows an empty state that offers to write a first message', async () => {
    serve([]);
    renderWithProviders(<MessagesPage />, { preloadedState: signedIn, route: '/messages' });
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Write your first message' }));
    expect(await screen.findByRole('dialog', { name: 'New message' })).toBeInTheDocument();
  });

  it('opens a conversation, marks it read and sends a message as text', async () => {
    const server = serve([conversation()], [message(10, 'Hello'), message(11, 'Are you coming?')]);
    renderWithProviders(<MessagesPage />, { preloadedState: signedIn, route: '/messages?c=3' });
    const log = await screen.findByRole('log', { name: 'Messages with Grace Hopper' });
    expect(within(log).getAllByTestId('message')).toHaveLength(2);
    await waitFor(() => expect(server.calls.some((c) => c.path.includes('/markRead/3'))).toBe(true));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '<b>On my way</b>{Enter}');
    expect(await within(log).findByText('<b>On my way</b>')).toBeInTheDocument();
    const sent = server.calls.find((c) => c.path.endsWith('/createMessage'));
    expect(sent?.body).toMatchObject({ conversation_id: 3, body: '<b>On my way</b>', attachment_ids: [] });
    // Shown as the characters typed, never as markup.
    expect(within(log).getByText('<b>On my way</b>')).toBeInTheDocument();
    expect(log.querySelector('b')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('loads earlier messages above the ones shown, oldest first', async () => {
    serve(
      [conversation()],
      [
        message(1, 'first'),
        message(2, 'second'),
        message(3, 'third'),
        message(4, 'fourth'),
        message(5, 'fifth'),
      ],
    );
    renderWithProviders(<MessagesPage />, { preloadedState: signedIn, route: '/messages?c=3' });
    const log = await screen.findByRole('log', { name: 'Messages with Grace Hopper' });
    const bodies = () =>
      within(log)
        .getAllByTestId('message')
        .map((node) => node.textContent ?? '');
    expect(bodies().map((text) => text.match(/first|second|third|fourth|fifth/)?.[0])).toEqual([
      'fourth',
      'fifth',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(bodies()).toHaveLength(4));
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(bodies()).toHaveLength(5));
    expect(bodies().map((text) => text.match(/first|second|third|fourth|fifth/)?.[0])).toEqual([
      'first',
      'second',
      'third',
      'fourth',
      'fifth',
    ]);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it("edits one's own message, and deletes it only after confirming, leaving a tombstone", async () => {
    const server = serve([conversation()], [message(10, 'Hello'), message(11, 'Typo hree', ME)]);
    renderWithProviders(<MessagesPage />, { preloadedState: signedIn, route: '/messages?c=3' });
    const log = await screen.findByRole('log', { name: 'Messages with Grace Hopper' });
    const [theirs, mine] = within(log).getAllByTestId('message');
    expect(within(theirs!).queryByRole('button', { name: 'Edit' })).toBeNull();
    await userEvent.click(within(mine!).getByRole('button', { name: 'Edit' }));
    const box = within(mine!).getByRole('textbox', { name: 'Edit message' });
    await userEvent.clear(box);
    await userEvent.type(box, 'Typo here');
    await userEvent.click(within(mine!).getByRole('button', { name: 'Save' }));
    expect(await within(log).findByText('Typo here')).toBeInTheDocument();
    expect(within(log).getByText(/edited/)).toBeInTheDocument();

    await userEvent.click(
      within(within(log).getAllByTestId('message')[1]!).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    expect(server.calls.some((c) => c.path.includes('/deleteMessage/'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(log).findByText('This message was deleted')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.endsWith('/deleteMessage/11'))).toHaveLength(1);
  });

  it('shows the server error when a message cannot be sent, keeping the text', async () => {
    serve([conversation()], [message(10, 'Hello')], true);
    renderWithProviders(<MessagesPage />, { preloadedState: signedIn, route: '/messages?c=3' });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'hi{Enter}');
    expect(await screen.findByText('You cannot send messages to this person.')).toBeInTheDocument();
    expect(box).toHaveValue('hi');
  });
});

describe('UnreadMessagesButton', () => {
  it('labels the unread count and toasts only news, not what was already unread', async () => {
    let summary = { unread: 1, latest: { ...conversation().last_message!, conversation_id: 3 } };
    mockHttp().get(`${CONVERSATIONS_API}/getUnreadCount`, () => ({ data: summary }));
    const { store } = renderWithProviders(<UnreadMessagesButton />, { preloadedState: signedIn });
    expect(await screen.findByRole('link', { name: 'Messages, 1 unread' })).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(notify.info).not.toHaveBeenCalled();
    summary = {
      unread: 2,
      latest: { ...summary.latest, message_id: 12, body: 'Hello again', conversation_id: 4 },
    };
    const { messagingApi } = await import('./api');
    store.dispatch(messagingApi.util.invalidateTags(['UnreadCount']));
    expect(await screen.findByRole('link', { name: 'Messages, 2 unread' })).toBeInTheDocument();
    expect(notify.info).toHaveBeenCalledWith('New message from Grace Hopper: Hello again');
  });
});
