import { Alert, Anchor, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useAuthoredProgramsQuery } from '../authoring/authoring-api';
import { NewProgramDialog } from '../authoring/NewProgramDialog';
import { ProgramStatusBadge } from '../authoring/ProgramStatusBadge';
import { useAuthoringScope } from '../authoring/use-authoring-session';

export const MANAGE_PAGE_SIZE = 10;

/** Why the caller may edit a program, as the list shows it. */
const ACCESS_LABEL = { owner: 'Owner', co_author: 'Co-author', admin: 'Administrator' } as const;

/**
 * /manage-programs (issue 5, part 3): the programs the caller can author, drafts included, in the
 * scope of the current context (a tenant, or the whole platform), and the way to start a new one.
 */
export default function ManageProgramsPage() {
  const scope = useAuthoringScope();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const query = useAuthoredProgramsQuery({
    page,
    limit: MANAGE_PAGE_SIZE,
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
  });
  const programs = query.data?.data ?? [];
  const forbidden = (query.error as HttpQueryError | undefined)?.status === 403;

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Title order={1}>Manage programs</Title>
            <Text c="dimmed">
              Programs of <strong>{scope.owner}</strong> you may edit: your own, those you co-author, and as
              an administrator all of them. Drafts are seen only by authors until you publish them.
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
            New program
          </Button>
        </Group>
        {forbidden ? (
          <Alert color="yellow" role="alert" title="You cannot build programs here">
            Teachers and administrators build programs. Switch to a role that can author, or ask an
            administrator.
          </Alert>
        ) : (
          <>
            <SearchField
              label="Search"
              placeholder="Search by name or category"
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(1);
              }}
            />
            <QueryState
              label="programs"
              isLoading={query.isLoading}
              error={query.error}
              isEmpty={programs.length === 0}
              emptyText={
                debouncedSearch ? 'No program matches your search' : 'No programs yet: start with New program'
              }
              onRetry={() => query.refetch()}
            >
              <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {programs.map((program) => (
                  <Paper key={program.program_id} component="li" withBorder radius="md" p="md">
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                      <Stack gap={4} style={{ minWidth: 0 }}>
                        <Anchor component={Link} to={`/program/manage/${program.program_id}`} fw={600}>
                          {program.program_name}
                        </Anchor>
                        <Text size="sm" c="dimmed">
                          {program.program_category} · changed{' '}
                          {dayjs(program.modified_at).format('D MMM YYYY')}
                        </Text>
                      </Stack>
                      <Group gap={6} wrap="nowrap">
                        <Badge variant="outline" color="gray">
                          {ACCESS_LABEL[program.access] ?? program.access}
                        </Badge>
                        <ProgramStatusBadge status={program.status} />
                      </Group>
                    </Group>
                  </Paper>
                ))}
              </Stack>
              <ListPagination
                page={page}
                totalPages={query.data?.meta.totalPages ?? 1}
                onChange={setPage}
                summary={countLabel(
                  query.data?.meta.total ?? 0,
                  'program',
                  'programs',
                  query.data?.meta.totalExact ?? true,
                )}
              />
            </QueryState>
          </>
        )}
      </Stack>
      <NewProgramDialog opened={creating} onClose={() => setCreating(false)} owner={scope.owner} />
    </Container>
  );
}
