import { Anchor, Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../../shared/ui/ListPagination';
import { QueryState } from '../../../../shared/ui/QueryState';
import { useMyResponsesQuery } from '../../assessment-api';

export const MY_RESPONSES_PAGE_SIZE = 10;

/** My responses, newest first: the server returns at most 200, paged here ten at a time. */
export function MyResponsesTable() {
  const query = useMyResponsesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [page, setPage] = useState(1);
  const rows = query.data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / MY_RESPONSES_PAGE_SIZE));
  const shown = rows.slice((page - 1) * MY_RESPONSES_PAGE_SIZE, page * MY_RESPONSES_PAGE_SIZE);
  return (
    <QueryState
      label="your responses"
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={rows.length === 0}
      emptyText="You have not started an assessment yet"
      onRetry={() => query.refetch()}
    >
      <Table.ScrollContainer minWidth={300}>
        <Table aria-label="My responses" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Assessment</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.response_id}>
                <Table.Td>
                  <Anchor component={Link} to={`/assessment-overview/${row.assessment_id}`}>
                    {row.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {row.kind === 'quiz' ? 'Quiz' : 'Survey'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={row.is_completed ? 'green' : 'blue'}>
                    {row.is_completed ? 'Submitted' : 'In progress'}
                  </Badge>
                  {row.is_completed && row.kind === 'quiz' ? (
                    <Text size="xs" c="dimmed" mt={4}>
                      {row.percent ?? 0}% · {row.passed ? 'Passed' : 'Failed'}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/assessment/${row.assessment_id}`}>
                    {row.is_completed ? 'View' : 'Continue'}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListPagination page={page} totalPages={pages} onChange={setPage} />
    </QueryState>
  );
}
