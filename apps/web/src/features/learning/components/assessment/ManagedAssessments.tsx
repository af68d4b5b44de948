import { Anchor, Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { HttpQueryError } from '../../../../shared/api/base-api';
import { ListPagination } from '../../../../shared/ui/ListPagination';
import { notify } from '../../../../shared/ui/notify';
import { QueryState } from '../../../../shared/ui/QueryState';
import { useAssessmentsQuery, useCreateAssessmentMutation } from '../../assessment-api';

export const MANAGED_PAGE_SIZE = 10;
/** A new assessment starts as a draft quiz; the builder is where it gets its real title. */
const NEW_ASSESSMENT = { title: 'Untitled assessment', kind: 'quiz', pass_mark: 60 } as const;

/** The authors' half of /assessments: every assessment in scope, drafts included, with the way to build one. */
export function ManagedAssessments() {
  const [page, setPage] = useState(1);
  const query = useAssessmentsQuery({ page, limit: MANAGED_PAGE_SIZE });
  const [create, creating] = useCreateAssessmentMutation();
  const navigate = useNavigate();
  const rows = query.data?.data ?? [];

  const start = async () => {
    try {
      const created = await create(NEW_ASSESSMENT).unwrap();
      navigate(`/assessment/manage/${created.assessment_id}`);
    } catch (error) {
      notify.error((error as HttpQueryError).message);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Assessments I manage
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={start}
          loading={creating.isLoading}
        >
          New assessment
        </Button>
      </Group>
      <QueryState
        label="assessments"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={rows.length === 0}
        emptyText="No assessments yet: create the first one"
        onRetry={() => query.refetch()}
      >
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label="Assessments I manage" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Links</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.assessment_id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/assessment-overview/${row.assessment_id}`}>
                      {row.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.kind === 'quiz' ? 'Quiz' : 'Survey'}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={row.status === 'published' ? 'green' : 'gray'}>
                      {row.status === 'published' ? 'Published' : 'Draft'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="md" wrap="nowrap">
                      <Anchor component={Link} to={`/assessment/manage/${row.assessment_id}`}>
                        Edit
                      </Anchor>
                      <Anchor component={Link} to={`/survey-report/${row.assessment_id}`}>
                        Report
                      </Anchor>
                    </Group>
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
          summary={`${query.data?.meta.total ?? 0} in all`}
        />
      </QueryState>
    </Stack>
  );
}
