import { Alert, Badge, Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import type { InvitationItem } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { QueryState } from '../../../shared/ui/QueryState';
import { useResendInvitationMutation, useTenantInvitationsQuery } from '../api';

const PAGE_SIZE = 5;
const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * The organisation's invitations nobody has accepted yet (neither used nor withdrawn). "Resend" mails a
 * new link to the invited address and restarts its 14 days; the old link stops working.
 */
export function PendingInvitations() {
  const [page, setPage] = useState(1);
  const query = useTenantInvitationsQuery(
    { page, limit: PAGE_SIZE, pending: 'true' },
    { refetchOnMountOrArgChange: true },
  );
  const [resend] = useResendInvitationMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const rows = query.data?.data ?? [];

  const send = async (row: InvitationItem) => {
    setBusy(row.invitation_id);
    setNotice(null);
    try {
      const answer = await resend(row.invitation_id).unwrap();
      setNotice({
        ok: true,
        text: answer.url ? `${answer.message} New link: ${answer.url}` : `${row.email}: ${answer.message}`,
      });
    } catch (failure) {
      setNotice({ ok: false, text: (failure as HttpQueryError).message ?? 'Request failed' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-invitations">
      <Title order={2} size="h4" id="pending-invitations">
        Pending invitations
      </Title>
      {notice ? (
        <Alert color={notice.ok ? 'teal' : 'red'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </Alert>
      ) : null}
      <QueryState
        label="invitations"
        isLoading={query.isFetching && !query.data}
        error={query.error}
        isEmpty={rows.length === 0}
        emptyText="No invitations are waiting for an answer"
        onRetry={() => query.refetch()}
      >
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label="Pending invitations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invited</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.invitation_id}>
                  <Table.Td>{row.email ?? 'Anyone with the link'}</Table.Td>
                  <Table.Td>{row.role_display_name}</Table.Td>
                  <Table.Td>
                    {row.status === 'expired' ? (
                      <Badge color="orange" variant="light">
                        Expired
                      </Badge>
                    ) : (
                      dateOf(row.expires_at)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      loading={busy === row.invitation_id}
                      onClick={() => send(row)}
                      aria-label={`Resend the invitation to ${row.email ?? 'anyone with the link'}`}
                    >
                      Resend
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {(query.data?.meta.totalPages ?? 1) > 1 ? (
          <Group justify="flex-end">
            <Pagination
              total={query.data?.meta.totalPages ?? 1}
              value={page}
              onChange={setPage}
              getItemProps={(item) => ({ 'aria-label': `Invitations page ${item}` })}
            />
          </Group>
        ) : null}
      </QueryState>
      <Text size="xs" c="dimmed">
        New invitations are made in the Invitations tab or on the seats page.
      </Text>
    </Stack>
  );
}
