import { Badge, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { DeadJob } from '@nexus/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { relativeDateLabel } from '../../../shared/ui/relative-date';
import { useDeadJobsQuery, useJobQueuesQuery, useRetryDeadJobMutation } from '../jobs-api';

const QUEUE_REFRESH_MS = 5000;

export const DEAD_JOBS_PAGE_SIZE = 20;

const COUNTS = [
  { key: 'created', label: 'Waiting' },
  { key: 'active', label: 'Running' },
  { key: 'retry', label: 'Retrying' },
  { key: 'completed', label: 'Done' },
  { key: 'failed', label: 'Failed' },
  { key: 'dead', label: 'Dead letters' },
] as const;

/** The queues with their jobs counted by state. */
function QueueCounts() {
  // Counts move while the admin watches (a retried job runs seconds later): read them again every few
  // seconds while the tab is open and the window has focus.
  const query = useJobQueuesQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: QUEUE_REFRESH_MS,
    skipPollingIfUnfocused: true,
  });
  const queues = query.data ?? [];
  return (
    <QueryState
      label="job queues"
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={queues.length === 0}
      emptyText="No job queues"
      onRetry={() => query.refetch()}
    >
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label="Job queues">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Queue</Table.Th>
              {COUNTS.map((count) => (
                <Table.Th key={count.key} ta="right">
                  {count.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {queues.map((queue) => (
              <Table.Tr key={queue.name}>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {queue.name}
                  </Text>
                </Table.Td>
                {COUNTS.map((count) => (
                  <Table.Td key={count.key} ta="right">
                    {count.key === 'dead' && queue.dead > 0 ? (
                      <Badge color="red" variant="light">
                        {queue.dead}
                      </Badge>
                    ) : (
                      queue[count.key]
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </QueryState>
  );
}

/**
 * The platform's background jobs (issue 15 point 2): how many wait, run and failed per queue, and the
 * dead letters (jobs out of retries), each of which can be queued again after a confirmation.
 */
export function JobsTab() {
  const [page, setPage] = useState(1);
  const [retrying, setRetrying] = useState<DeadJob | null>(null);
  const [retry] = useRetryDeadJobMutation();
  const query = useDeadJobsQuery(
    { page, limit: DEAD_JOBS_PAGE_SIZE },
    { refetchOnMountOrArgChange: true, pollingInterval: QUEUE_REFRESH_MS, skipPollingIfUnfocused: true },
  );
  const jobs = query.data?.data ?? [];
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h3">
          Queues
        </Title>
        <QueueCounts />
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Dead letters
        </Title>
        <Text size="sm" c="dimmed">
          Jobs that failed every retry. Retrying one queues it again with fresh retries.
        </Text>
        <QueryState
          label="dead letters"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={jobs.length === 0}
          emptyText="No dead letters: every job ran or is still being retried"
          onRetry={() => query.refetch()}
        >
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label="Dead letters">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Queue</Table.Th>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Last error</Table.Th>
                  <Table.Th>Failed</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.map((job) => (
                  <Table.Tr key={job.job_id}>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {job.queue}
                      </Text>
                    </Table.Td>
                    <Table.Td>{job.summary}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c="red">
                        {job.error ?? 'unknown'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{relativeDateLabel(job.created_at)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setRetrying(job)}
                        aria-label={`Retry ${job.summary}`}
                      >
                        Retry
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPagination
            page={page}
            totalPages={query.data?.meta.totalPages ?? 1}
            onChange={setPage}
            summary={countLabel(query.data?.meta.total ?? 0, 'dead letter', 'dead letters')}
          />
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={retrying !== null}
        title="Retry job"
        message={`Queue “${retrying?.summary ?? ''}” again? It runs with fresh retries and leaves the dead letters.`}
        confirmLabel="Retry"
        confirmColor="blue"
        onCancel={() => setRetrying(null)}
        onConfirm={() => (retrying ? retry(retrying.job_id).unwrap() : Promise.resolve())}
      />
    </Stack>
  );
}
