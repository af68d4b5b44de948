import { Alert, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { EVENT_REGISTRATION_STATUSES, type EventItem, type EventRegistrationStatus } from '@nexus/contracts';
import { IconCertificate, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { downloadFile } from '../../../shared/api/download';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import {
  exportRegistrationsUrl,
  useDecideRegistrationMutation,
  useIssueCertificatesMutation,
  useRegistrationsQuery,
} from '../api';
import { STATUS_LABELS } from './EventCard';

export const REGISTRATIONS_PAGE_SIZE = 20;

/** The organisers' list of registrations: search, status, approve or decline, and the CSV export. */
export function RegistrationsTab({ event }: { event: EventItem }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<EventRegistrationStatus | null>(null);
  const [page, setPage] = useState(1);
  const [failure, setFailure] = useState<string | null>(null);
  const query = useRegistrationsQuery({
    eventId: event.event_id,
    page,
    limit: REGISTRATIONS_PAGE_SIZE,
    search: debounced || undefined,
    status: status ?? undefined,
  });
  const [decide, deciding] = useDecideRegistrationMutation();
  const [issueCertificates, issuing] = useIssueCertificatesMutation();
  const [confirmIssue, setConfirmIssue] = useState(false);
  // Attendance is certified only after the event (the server says so too).
  const ended = new Date(event.sessions?.at(-1)?.ends_at ?? event.ends_at).getTime() <= Date.now();
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;

  const act = async (registrationId: number, verb: 'approveRegistration' | 'declineRegistration') => {
    setFailure(null);
    try {
      await decide({ eventId: event.event_id, registrationId, verb }).unwrap();
      notify.success(verb === 'approveRegistration' ? 'Registration approved.' : 'Registration declined.');
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  const download = async () => {
    setFailure(null);
    try {
      await downloadFile(exportRegistrationsUrl(event.event_id), `event-${event.event_id}-attendees.csv`);
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'The download failed.');
    }
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <SearchField
          label="Search by name or email"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          style={{ flex: '1 1 14rem' }}
        />
        <Select
          label="Status"
          placeholder="Any"
          clearable
          value={status}
          onChange={(value) => {
            setStatus(value as EventRegistrationStatus | null);
            setPage(1);
          }}
          data={EVENT_REGISTRATION_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        />
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={download}
        >
          Download CSV
        </Button>
        {ended ? (
          <Button
            variant="light"
            leftSection={<IconCertificate size={16} aria-hidden="true" />}
            loading={issuing.isLoading}
            onClick={() => setConfirmIssue(true)}
          >
            Issue certificates
          </Button>
        ) : null}
      </Group>
      <ConfirmDialog
        opened={confirmIssue}
        title="Issue certificates of attendance?"
        message="Everyone checked in gets a signed certificate of attendance. People checked in later get theirs at once."
        confirmLabel="Issue certificates"
        confirmColor="blue"
        onCancel={() => setConfirmIssue(false)}
        onConfirm={async () => {
          setFailure(null);
          try {
            const answer = await issueCertificates(event.event_id).unwrap();
            notify.success(answer.message);
          } catch (error) {
            setFailure((error as HttpQueryError).message ?? 'Request failed');
          } finally {
            setConfirmIssue(false);
          }
        }}
      />
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <QueryState
        label="registrations"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={rows.length === 0}
        emptyText={debounced || status ? 'No registrations match' : 'Nobody has registered yet'}
        onRetry={() => query.refetch()}
      >
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                {event.questions.length > 0 ? <Table.Th>Answers</Table.Th> : null}
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.registration_id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.name}
                    </Text>
                    {row.email ? (
                      <Text size="xs" c="dimmed">
                        {row.email}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{STATUS_LABELS[row.status]}</Badge>
                    {row.checked_in_at ? (
                      <Badge ml={4} color="teal.9" variant="filled">
                        Checked in
                      </Badge>
                    ) : null}
                  </Table.Td>
                  {event.questions.length > 0 ? (
                    <Table.Td>
                      {event.questions
                        .filter((question) => row.answers[question.question_id])
                        .map((question) => (
                          <Text key={question.question_id} size="xs">
                            {question.label}: {row.answers[question.question_id]}
                          </Text>
                        ))}
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    {row.status === 'pending' ? (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          disabled={deciding.isLoading}
                          onClick={() => act(row.registration_id, 'approveRegistration')}
                          aria-label={`Approve ${row.name}`}
                        >
                          Approve
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          disabled={deciding.isLoading}
                          onClick={() => act(row.registration_id, 'declineRegistration')}
                          aria-label={`Decline ${row.name}`}
                        >
                          Decline
                        </Button>
                      </Group>
                    ) : null}
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
          summary={
            meta ? countLabel(meta.total, 'registration', 'registrations', meta.totalExact) : undefined
          }
        />
      </QueryState>
    </Stack>
  );
}
