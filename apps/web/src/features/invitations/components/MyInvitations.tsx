import {
  Alert,
  Badge,
  Button,
  Center,
  CopyButton,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import type { InvitationItem, InvitationStatus } from '@nexus/contracts';
import { IconAlertCircle, IconCheck, IconCopy } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { useGetMyInvitationsQuery, useRevokeInvitationMutation } from '../api';

export const INVITATIONS_PAGE_SIZE = 5;

const STATUS: Record<InvitationStatus, { label: string; color: string }> = {
  valid: { label: 'Active', color: 'teal' },
  expired: { label: 'Expired', color: 'gray' },
  used: { label: 'Used up', color: 'blue' },
  revoked: { label: 'Revoked', color: 'red' },
  not_found: { label: 'Unknown', color: 'gray' },
};

function Row({ item, url }: { item: InvitationItem; url?: string }) {
  const [revoke, state] = useRevokeInvitationMutation();
  const status = STATUS[item.status];
  const what = `${item.role_display_name}${item.tenant_name ? ` in ${item.tenant_name}` : ''}`;
  return (
    <Paper withBorder radius="sm" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {what}
            </Text>
            <Badge color={status.color} variant="dot" size="sm">
              {status.label}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {item.email ? `For ${item.email} · ` : ''}
            Used {item.uses} of {item.max_uses} · {item.status === 'expired' ? 'Expired' : 'Expires'}{' '}
            {dayjs(item.expires_at).format('D MMM YYYY')}
          </Text>
        </Stack>
        <Group gap="xs">
          {url && item.status === 'valid' ? (
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  aria-label={`Copy the link for ${what}`}
                >
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
          ) : null}
          {item.status === 'valid' ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={state.isLoading}
              aria-label={`Revoke the invitation for ${what}`}
              onClick={async () => {
                try {
                  await revoke(item.invitation_id).unwrap();
                  void notify.success('Invitation revoked.');
                } catch (error) {
                  void notify.error((error as HttpQueryError).message);
                }
              }}
            >
              Revoke
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The caller's own invitations, newest first, with revoke. A link can be copied only in the visit
 * that created it (`links`): the server keeps just its fingerprint.
 */
export function MyInvitations({ links = {} }: { links?: Record<number, string> }) {
  const [page, setPage] = useState(1);
  const list = useGetMyInvitationsQuery({ page, limit: INVITATIONS_PAGE_SIZE });

  if (list.isLoading) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading your invitations" />
      </Center>
    );
  }
  if (list.isError || !list.data) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle aria-hidden="true" />}
        title="We could not load your invitations"
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{(list.error as HttpQueryError | undefined)?.message ?? 'Request failed'}</Text>
          <Button size="xs" variant="light" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (list.data.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        You have not invited anyone yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="ul" p={0} m={0} aria-label="My invitations">
        {list.data.data.map((item) => (
          <Row key={item.invitation_id} item={item} url={links[item.invitation_id]} />
        ))}
      </Stack>
      {list.data.meta.totalPages > 1 ? (
        <Center>
          <Pagination
            size="sm"
            total={list.data.meta.totalPages}
            value={page}
            onChange={setPage}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
            })}
          />
        </Center>
      ) : null}
    </Stack>
  );
}
