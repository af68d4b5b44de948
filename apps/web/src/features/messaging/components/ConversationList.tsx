import { Badge, Button, Group, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ConversationItem, MessageItem } from '@nexus/contracts';
import { IconBellOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryState } from '../../../shared/ui/QueryState';
import { RelativeDate } from '../../../shared/ui/RelativeDate';
import { SearchField } from '../../../shared/ui/SearchField';
import { useGetConversationsInfiniteQuery, useSearchMessagesQuery } from '../api';
import { conversationName } from '../open-conversation';
import classes from './Messaging.module.css';

interface ConversationListProps {
  openId: number | null;
  onOpen: (conversationId: number) => void;
  onNew: () => void;
}

function ConversationRow({
  item,
  active,
  onOpen,
}: {
  item: ConversationItem;
  active: boolean;
  onOpen: () => void;
}) {
  const name = conversationName(item);
  const preview = item.last_message
    ? `${item.last_message.sender_name}: ${item.last_message.body}`
    : 'No messages yet';
  return (
    <UnstyledButton
      className={classes.row}
      data-active={active || undefined}
      onClick={onOpen}
      aria-current={active ? 'true' : undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={item.unread_count > 0 ? 700 : 500} truncate="end">
          {name}
        </Text>
        <Group gap={4} wrap="nowrap">
          {item.muted && <IconBellOff size={14} aria-label="Muted" />}
          {item.unread_count > 0 && (
            <Badge size="sm" color="red">
              {item.unread_count}
              <VisuallyHidden> unread</VisuallyHidden>
            </Badge>
          )}
        </Group>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" truncate="end">
          {preview}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          <RelativeDate date={item.last_message_at} />
        </Text>
      </Group>
    </UnstyledButton>
  );
}

function SearchResults({ q, onOpen }: { q: string; onOpen: (id: number) => void }) {
  const { data, isLoading, error, refetch } = useSearchMessagesQuery(q);
  return (
    <QueryState
      label="search results"
      isLoading={isLoading}
      error={error}
      isEmpty={(data ?? []).length === 0}
      emptyText="No messages match your search"
      onRetry={() => void refetch()}
    >
      <Stack gap={4} component="ul" className={classes.plainList} aria-label="Search results">
        {(data ?? []).map((message: MessageItem) => (
          <li key={message.message_id}>
            <UnstyledButton className={classes.row} onClick={() => onOpen(message.conversation_id)}>
              <Text size="sm" fw={600}>
                {message.sender.name}
              </Text>
              <Text size="sm" lineClamp={2}>
                {message.body}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </QueryState>
  );
}

/** The left pane: conversations, newest activity first, with unread badges and a search of messages. */
export function ConversationList({ openId, onOpen, onNew }: ConversationListProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const { data, isLoading, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useGetConversationsInfiniteQuery();
  const items = data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Messages
        </Title>
        <Button size="xs" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onNew}>
          New message
        </Button>
      </Group>
      <SearchField label="Search messages" value={search} onChange={setSearch} hideLabel />
      <div className={classes.scroll}>
        {q ? (
          <SearchResults q={q} onOpen={onOpen} />
        ) : (
          <QueryState
            label="conversations"
            isLoading={isLoading}
            error={error}
            isEmpty={items.length === 0}
            emptyText="No conversations yet"
            emptyAction={
              <Button variant="light" size="xs" onClick={onNew}>
                Write your first message
              </Button>
            }
            onRetry={() => void refetch()}
          >
            <Stack gap={4} component="ul" className={classes.plainList} aria-label="Conversations">
              {items.map((item) => (
                <li key={item.conversation_id}>
                  <ConversationRow
                    item={item}
                    active={item.conversation_id === openId}
                    onOpen={() => onOpen(item.conversation_id)}
                  />
                </li>
              ))}
            </Stack>
            {hasNextPage && (
              <Button
                variant="subtle"
                fullWidth
                mt="xs"
                loading={isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                Load more conversations
              </Button>
            )}
          </QueryState>
        )}
      </div>
    </Stack>
  );
}
