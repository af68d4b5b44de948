import { Badge, Button, Stack, Table, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ResponseSummary } from '@nexus/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { countLabel } from '../../../../shared/ui/count-label';
import { ListPagination } from '../../../../shared/ui/ListPagination';
import { notify } from '../../../../shared/ui/notify';
import { QueryState } from '../../../../shared/ui/QueryState';
import { useReopenResponseMutation, useResponsesQuery } from '../../assessment-api';

export const RESPONSES_PAGE_SIZE = 10;

function passedLabel(passed: boolean | null): string {
  if (passed === null) return '—';
  return passed ? 'Yes' : 'No';
}

/**
 * The learners' responses on /survey-report: where each stands, and a way to reopen a submission so
 * its learner can correct their answers and submit again (docs/assessments.md).
 */
export function ResponsesSection({ assessmentId }: { assessmentId: number }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // The learner stays named while the dialog animates closed, hence the separate open flag.
  const [target, setTarget] = useState<ResponseSummary | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const query = useResponsesQuery({
    assessmentId,
    page,
    limit: RESPONSES_PAGE_SIZE,
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
  });
  const [reopen] = useReopenResponseMutation();
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;

  const confirmReopen = async () => {
    if (!target) return;
    await reopen({ assessmentId, responseId: target.response_id }).unwrap();
    notify.success(`${target.display_name}'s response is open again.`);
  };

  return (
    <Stack component="section" gap="sm" aria-labelledby="responses-heading">
      <Title order={2} size="h3" id="responses-heading">
        Responses
      </Title>
      <TextInput
        type="search"
        label="Search learners"
        placeholder="Name or email"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      <QueryState
        label="responses"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={rows.length === 0}
        emptyText={debouncedSearch ? 'No learner matches your search' : 'No responses yet'}
        onRetry={() => query.refetch()}
      >
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Responses" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Learner</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Score</Table.Th>
                <Table.Th>Passed</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.response_id}>
                  <Table.Td>{row.display_name}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={row.is_completed ? 'green' : 'gray'}>
                      {row.is_completed ? 'Submitted' : 'In progress'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.percent === null ? '—' : `${row.percent}%`}</Table.Td>
                  <Table.Td>{passedLabel(row.passed)}</Table.Td>
                  <Table.Td>
                    {row.is_completed ? (
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Reopen the response of ${row.display_name}`}
                        onClick={() => {
                          setTarget(row);
                          setConfirming(true);
                        }}
                      >
                        Reopen
                      </Button>
                    ) : null}
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
          summary={countLabel(total, 'response', 'responses')}
        />
      </QueryState>
      <ConfirmDialog
        opened={confirming}
        title="Reopen response"
        message={`Reopen this response? ${target?.display_name ?? ''} can change their answers and submit again.`}
        confirmLabel="Reopen"
        confirmColor="blue"
        onCancel={() => setConfirming(false)}
        onConfirm={confirmReopen}
      />
    </Stack>
  );
}
