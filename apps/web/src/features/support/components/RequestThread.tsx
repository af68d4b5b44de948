import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_MESSAGES,
  type SupportStatus,
  supportReplyCreate,
} from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useReplySupportRequestMutation, useSetSupportStatusMutation, useSupportRequestQuery } from '../api';
import { StatusBadge } from './StatusBadge';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
];

/** One request and its thread; administrators change the status, the asker closes or reopens. */
export function RequestThread({ id, administers }: { id: number; administers: boolean }) {
  const query = useSupportRequestQuery(id);
  const [reply, replying] = useReplySupportRequestMutation();
  const [setStatus] = useSetSupportStatusMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = query.data;

  const send = async () => {
    const parsed = supportReplyCreate.safeParse({ body: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SUPPORT_MESSAGES.replyEmpty);
      return;
    }
    setError(null);
    try {
      await reply({ id, reply: parsed.data }).unwrap();
      setText('');
      notify.success(SUPPORT_MESSAGES.replied);
    } catch (failure) {
      setError((failure as HttpQueryError).message ?? 'Request failed');
    }
  };

  const changeStatus = async (status: SupportStatus) => {
    try {
      await setStatus({ id, status }).unwrap();
      notify.success(SUPPORT_MESSAGES.statusChanged);
    } catch (failure) {
      notify.error((failure as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <QueryState
      label="the request"
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={!request}
      emptyText="Request not found"
      onRetry={() => query.refetch()}
    >
      {request ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Title order={2} size="h3">
                {request.subject}
              </Title>
              <Text size="sm" c="dimmed">
                {SUPPORT_CATEGORY_LABELS[request.category]} · asked by {request.requester_name} on{' '}
                {new Date(request.created_at).toLocaleString()}
              </Text>
            </div>
            <StatusBadge status={request.status} />
          </Group>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{request.body}</Text>
          <Stack
            gap="xs"
            component="ol"
            aria-label="Replies"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {(request.replies ?? []).map((entry) => (
              <Card
                key={entry.reply_id}
                withBorder
                component="li"
                bg={entry.from_staff ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {entry.author_name}
                  </Text>
                  {entry.from_staff ? (
                    <Badge size="xs" color="blue.9">
                      Administrator
                    </Badge>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {new Date(entry.created_at).toLocaleString()}
                  </Text>
                </Group>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {entry.body}
                </Text>
              </Card>
            ))}
          </Stack>
          {request.status === 'closed' ? (
            <Alert color="gray">{SUPPORT_MESSAGES.closed}</Alert>
          ) : (
            <Stack gap="xs">
              <Textarea
                label="Your reply"
                autosize
                minRows={3}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                error={error}
              />
              <Group justify="flex-end">
                <Button onClick={send} loading={replying.isLoading}>
                  Send reply
                </Button>
              </Group>
            </Stack>
          )}
          {administers ? (
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              value={request.status}
              allowDeselect={false}
              onChange={(value) => value && changeStatus(value as SupportStatus)}
              comboboxProps={{ withinPortal: false }}
              maw={240}
            />
          ) : (
            <Group>
              <Button
                variant="default"
                onClick={() => changeStatus(request.status === 'closed' ? 'open' : 'closed')}
              >
                {request.status === 'closed' ? 'Reopen request' : 'Close request'}
              </Button>
            </Group>
          )}
        </Stack>
      ) : null}
    </QueryState>
  );
}
