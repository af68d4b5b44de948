import { ActionIcon, Alert, Button, Center, Group, Loader, Menu, Stack, Text, Title } from '@mantine/core';
import type { MessageItem, MessagePreview } from '@nexus/contracts';
import { IconArrowLeft, IconDots, IconUsers } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../../app/store';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { QueryState } from '../../../shared/ui/QueryState';
import {
  useBlockPersonMutation,
  useDeleteMessageMutation,
  useGetConversationQuery,
  useGetMessagesInfiniteQuery,
  useLeaveConversationMutation,
  useMarkReadMutation,
  useMuteConversationMutation,
  useUnblockPersonMutation,
  useUpdateMessageMutation,
} from '../api';
import { conversationName } from '../open-conversation';
import { Composer } from './Composer';
import { MembersDialog } from './MembersDialog';
import { MessageBubble } from './MessageBubble';
import classes from './Messaging.module.css';
import { RenameDialog } from './RenameDialog';

interface ConversationViewProps {
  conversationId: number;
  /** Shown on a phone, where the list and the conversation take turns. */
  onBack?: () => void;
  onLeft: () => void;
}

type Confirming =
  | { kind: 'delete'; message: MessageItem }
  | { kind: 'leave' }
  | { kind: 'block'; userId: number; name: string };

const preview = (message: MessageItem): MessagePreview => ({
  message_id: message.message_id,
  sender_id: message.sender.user_id,
  sender_name: message.sender.name,
  body: message.body,
  deleted: message.deleted,
  created_at: message.created_at,
});

/** The open conversation: history that loads upward as one scrolls, the composer and its actions. */
export function ConversationView({ conversationId, onBack, onLeft }: ConversationViewProps) {
  const me = useAppSelector((state) => state.auth.user?.user_id ?? null);
  const conversation = useGetConversationQuery(conversationId);
  const history = useGetMessagesInfiniteQuery(conversationId);
  const [markRead] = useMarkReadMutation();
  const [mute] = useMuteConversationMutation();
  const [leave] = useLeaveConversationMutation();
  const [block] = useBlockPersonMutation();
  const [unblock] = useUnblockPersonMutation();
  const [updateMessage] = useUpdateMessageMutation();
  const [deleteMessage] = useDeleteMessageMutation();
  const [replyTo, setReplyTo] = useState<MessagePreview | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [showMembers, setShowMembers] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);

  // Pages arrive newest first; the history reads oldest to newest.
  const messages = useMemo(
    () => (history.data?.pages.flatMap((page) => page.data) ?? []).slice().reverse(),
    [history.data],
  );
  const newestId = messages.at(-1)?.message_id ?? 0;
  const item = conversation.data;

  // Reading the conversation marks it read, and again whenever a newer message comes in.
  useEffect(() => {
    if (item && item.unread_count > 0 && newestId > 0) void markRead(conversationId);
  }, [conversationId, item, newestId, markRead]);

  // Keep the view at the bottom for new messages, and in place when older ones are put above.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the history shown
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (anchor.current) {
      element.scrollTop = element.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages]);

  const loadEarlier = () => {
    const element = scroller.current;
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    if (element) anchor.current = { height: element.scrollHeight, top: element.scrollTop };
    void history.fetchNextPage();
  };

  if (conversation.error || (conversation.isLoading && !item)) {
    return (
      <QueryState
        label="this conversation"
        isLoading={conversation.isLoading}
        error={conversation.error}
        isEmpty={false}
        emptyText=""
        onRetry={() => void conversation.refetch()}
      >
        {null}
      </QueryState>
    );
  }
  if (!item) return null;
  const name = conversationName(item);
  const other = item.type === 'direct' ? item.members[0] : undefined;

  const runConfirmed = async () => {
    if (!confirming) return;
    if (confirming.kind === 'delete') {
      await deleteMessage({ id: confirming.message.message_id, conversationId }).unwrap();
    } else if (confirming.kind === 'leave') {
      await leave(conversationId).unwrap();
      onLeft();
    } else {
      await block(confirming.userId).unwrap();
    }
  };

  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {onBack && (
            <ActionIcon variant="subtle" onClick={onBack} aria-label="Back to conversations">
              <IconArrowLeft size={18} aria-hidden="true" />
            </ActionIcon>
          )}
          <Title order={2} size="h4" style={{ minWidth: 0 }} lineClamp={1}>
            {name}
          </Title>
        </Group>
        <Group gap={4} wrap="nowrap">
          {item.type === 'group' && (
            <ActionIcon
              variant="subtle"
              aria-label={`Group members (${item.members.length + 1})`}
              onClick={() => setShowMembers(true)}
            >
              <IconUsers size={18} aria-hidden="true" />
            </ActionIcon>
          )}
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label="Conversation options">
                <IconDots size={18} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void mute({ id: conversationId, muted: !item.muted })}>
                {item.muted ? 'Unmute conversation' : 'Mute conversation'}
              </Menu.Item>
              {item.type === 'group' && <Menu.Item onClick={() => setRenaming(true)}>Rename group</Menu.Item>}
              {item.type === 'group' && (
                <Menu.Item color="red" onClick={() => setConfirming({ kind: 'leave' })}>
                  Leave group
                </Menu.Item>
              )}
              {other && !item.blocked && (
                <Menu.Item
                  color="red"
                  onClick={() => setConfirming({ kind: 'block', userId: other.user_id, name: other.name })}
                >
                  Block {other.name}
                </Menu.Item>
              )}
              {other && item.blocked && (
                <Menu.Item onClick={() => void unblock(other.user_id)}>Unblock {other.name}</Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <div
        ref={scroller}
        className={classes.scroll}
        onScroll={(event) => {
          if (event.currentTarget.scrollTop < 40) loadEarlier();
        }}
      >
        {history.hasNextPage && (
          <Center>
            <Button variant="subtle" size="xs" onClick={loadEarlier} loading={history.isFetchingNextPage}>
              Load earlier messages
            </Button>
          </Center>
        )}
        {history.isLoading ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading messages" />
          </Center>
        ) : history.error ? (
          <Alert color="red" role="alert" title="We could not load the messages">
            <Button size="xs" variant="light" onClick={() => void history.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : messages.length === 0 ? (
          <Center py="xl">
            <Text c="dimmed">No messages yet. Say hello!</Text>
          </Center>
        ) : (
          <Stack gap="xs" role="log" aria-live="polite" aria-label={`Messages with ${name}`} p="xs">
            {messages.map((message) => (
              <MessageBubble
                key={message.message_id}
                message={message}
                own={message.sender.user_id === me}
                onReply={() => setReplyTo(preview(message))}
                onEdit={(body) => updateMessage({ id: message.message_id, body, conversationId }).unwrap()}
                onDelete={() => setConfirming({ kind: 'delete', message })}
              />
            ))}
          </Stack>
        )}
      </div>

      {item.blocked ? (
        <Alert color="gray" role="status">
          Messages cannot be sent in this conversation because one of you has blocked the other.
        </Alert>
      ) : (
        <Composer
          conversationId={conversationId}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onSent={() => {
            anchor.current = null;
          }}
        />
      )}

      <ConfirmDialog
        opened={confirming !== null}
        title={
          confirming?.kind === 'delete'
            ? 'Delete this message?'
            : confirming?.kind === 'leave'
              ? 'Leave this group?'
              : `Block ${confirming?.kind === 'block' ? confirming.name : ''}?`
        }
        message={
          confirming?.kind === 'delete'
            ? 'Everyone in the conversation will see "This message was deleted" instead.'
            : confirming?.kind === 'leave'
              ? item.my_role === 'owner' && item.members.length > 0
                ? 'You will no longer see this conversation or receive its messages. The member who has been in the group longest becomes its owner.'
                : 'You will no longer see this conversation or receive its messages.'
              : 'Neither of you will be able to send messages in your direct conversation until you unblock them.'
        }
        confirmLabel={
          confirming?.kind === 'delete' ? 'Delete' : confirming?.kind === 'leave' ? 'Leave' : 'Block'
        }
        onCancel={() => setConfirming(null)}
        onConfirm={runConfirmed}
      />
      {item.type === 'group' && (
        <MembersDialog opened={showMembers} conversation={item} onClose={() => setShowMembers(false)} />
      )}
      <RenameDialog
        opened={renaming}
        conversationId={conversationId}
        title={item.title ?? ''}
        onClose={() => setRenaming(false)}
      />
    </Stack>
  );
}
