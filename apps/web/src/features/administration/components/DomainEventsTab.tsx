import { Badge, Button, Code, Select, Stack, Table, Text } from '@mantine/core';
import { DOMAIN_EVENT_STATUSES, type DomainEventItem, type DomainEventStatus } from '@nexus/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/http';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { relativeDateLabel } from '../../../shared/ui/relative-date';
import { useDomainEventsQuery, useRetryDomainEventMutation } from '../events-api';

export const EVENTS_PAGE_SIZE = 20;

const STATUS_LABELS: Record<DomainEventStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'blue' },
  done: { label: 'Done', color: 'teal' },
  failed: { label: 'Failed, will retry', color: 'orange' },
  dead: { label: 'Dead', color: 'red' },
};

function RetryButton({ event }: { event: DomainEventItem }) {
  const [retry, state] = useRetryDomainEventMutation();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        variant="light"
        loading={state.isLoading}
        aria-label={`Retry ${event.name} ${event.id}`}
        onClick={async () => {
          setProblem(null);
          try {
            await retry(event.id).unwrap();
          } catch (error) {
            setProblem(errorMessage(error, 'The event could not be retried.'));
          }
        }}
      >
        Retry
      </Button>
      {problem ? (
        <Text size="xs" c="red" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The platform administrator's view of the domain event outbox: each event with its status, attempts
 * and last error, newest first, paged on the server; a dead event can be retried (docs/events.md).
 */
export function DomainEventsTab() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DomainEventStatus | null>(null);
  const query = useDomainEventsQuery(
    { page, limit: EVENTS_PAGE_SIZE, status: status ?? undefined },
    { refetchOnMountOrArgChange: true },
  );
  const events = query.data?.data ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        What one area told the others (a completed program, a passed quiz, a granted role) and whether every
        handler has done its part. Failed events are retried with growing delays; after five attempts they are
        dead until you retry them.
      </Text>
      <Select
        aria-label="Status"
        placeholder="Every status"
        clearable
        data={DOMAIN_EVENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value].label }))}
        value={status}
        onChange={(value) => {
          setStatus(value as DomainEventStatus | null);
          setPage(1);
        }}
        maw={280}
      />
      <QueryState
        label="domain events"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={events.length === 0}
        emptyText={status ? `No ${STATUS_LABELS[status].label.toLowerCase()} events` : 'No events yet'}
        onRetry={() => query.refetch()}
      >
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label="Domain events">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Last error</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => {
                const label = STATUS_LABELS[event.status];
                return (
                  <Table.Tr key={event.id}>
                    <Table.Td>
                      <Text size="sm" title={new Date(event.occurred_at).toLocaleString()}>
                        {relativeDateLabel(event.occurred_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {event.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {event.delivered_to.length > 0
                          ? `Handled by ${event.delivered_to.join(', ')}`
                          : event.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={label.color}>
                        {label.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{event.attempts}</Table.Td>
                    <Table.Td maw={320}>
                      {event.last_error ? (
                        <Code block style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>
                          {event.last_error}
                        </Code>
                      ) : (
                        <Text size="sm" c="dimmed">
                          None
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{event.status === 'dead' ? <RetryButton event={event} /> : null}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination
          page={page}
          totalPages={query.data?.meta.totalPages ?? 1}
          onChange={setPage}
          summary={countLabel(query.data?.meta.total ?? 0, 'event', 'events')}
        />
      </QueryState>
    </Stack>
  );
}
