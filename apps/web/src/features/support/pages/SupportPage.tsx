import {
  Button,
  Container,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { SUPPORT_CATEGORY_LABELS, type SupportStatus } from '@nexus/contracts';
import { IconLifebuoy } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { Modal } from '../../../shared/ui/Modal';
import { QueryState } from '../../../shared/ui/QueryState';
import { helpScope } from '../access';
import { useSupportRequestsQuery } from '../api';
import { RequestForm } from '../components/RequestForm';
import { RequestThread } from '../components/RequestThread';
import { StatusBadge } from '../components/StatusBadge';

const FILTERS = [
  { value: '', label: 'Every status' },
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
];

/**
 * /student/support: ask your organisation's administrators for help and follow the answers. Its
 * administrators see every request of the organisation, filter by status, reply and change status.
 */
export default function SupportPage() {
  const auth = useAppSelector((state) => state.auth);
  const scope = helpScope(auth);
  const [params, setParams] = useSearchParams();
  // Administrators open on the requests they answer; anyone else on their own.
  const [view, setView] = useState<'mine' | 'manage'>(scope.administers ? 'manage' : 'mine');
  const [status, setStatus] = useState<SupportStatus | null>(null);
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState(false);
  const opened = Number(params.get('request')) || null;
  const query = useSupportRequestsQuery({ page, view, status });
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;
  const open = (id: number | null) => setParams(id ? { request: String(id) } : {});

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Support</Title>
            <Text c="dimmed">
              Ask the administrators of {scope.contextLabel} for help; their answers arrive here.
            </Text>
          </div>
          <Button leftSection={<IconLifebuoy size={18} aria-hidden="true" />} onClick={() => setAsking(true)}>
            New request
          </Button>
        </Group>
        <Group wrap="wrap" align="flex-end">
          {scope.administers ? (
            <SegmentedControl
              aria-label="Whose requests"
              value={view}
              onChange={(value) => {
                setView(value as 'mine' | 'manage');
                setPage(1);
              }}
              data={[
                { value: 'mine', label: 'My requests' },
                { value: 'manage', label: `All of ${scope.contextLabel}` },
              ]}
            />
          ) : null}
          <Select
            label="Status"
            data={FILTERS}
            value={status ?? ''}
            allowDeselect={false}
            onChange={(value) => {
              setStatus(value ? (value as SupportStatus) : null);
              setPage(1);
            }}
            maw={200}
          />
        </Group>
        <QueryState
          label="support requests"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={rows.length === 0}
          emptyText={view === 'manage' ? 'No requests here' : 'You have not asked for help yet'}
          onRetry={() => query.refetch()}
        >
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label="Support requests">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Subject</Table.Th>
                  {view === 'manage' ? <Table.Th>Asked by</Table.Th> : null}
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Last activity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.request_id}>
                    <Table.Td>
                      <UnstyledButton onClick={() => open(row.request_id)} td="underline" fw={500}>
                        {row.subject}
                      </UnstyledButton>
                      <Text size="xs" c="dimmed">
                        {SUPPORT_CATEGORY_LABELS[row.category]} ·{' '}
                        {countLabel(row.reply_count, 'reply', 'replies')}
                      </Text>
                    </Table.Td>
                    {view === 'manage' ? <Table.Td>{row.requester_name}</Table.Td> : null}
                    <Table.Td>
                      <StatusBadge status={row.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{new Date(row.last_activity_at).toLocaleString()}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination
            page={page}
            totalPages={meta?.totalPages ?? 1}
            onChange={setPage}
            summary={meta ? countLabel(meta.total, 'request', 'requests', meta.totalExact) : undefined}
          />
        </QueryState>
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title="New support request">
        {asking ? (
          <RequestForm
            onDone={(id) => {
              setAsking(false);
              open(id);
            }}
          />
        ) : null}
      </Modal>
      <Modal opened={opened !== null} onClose={() => open(null)} title="Support request">
        {opened !== null ? <RequestThread id={opened} administers={scope.administers} /> : null}
      </Modal>
    </Container>
  );
}
