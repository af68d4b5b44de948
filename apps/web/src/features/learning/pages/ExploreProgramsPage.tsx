import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useMatches } from 'react-router';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useAuthoringScope } from '../authoring/use-authoring-session';
import { StartDate } from '../components/StartDate';
import { useSearchProgramsQuery } from '../learning-api';

export const EXPLORE_PAGE_SIZE = 12;

/**
 * /services/certification-programs and /lxp (issue 5, part 4): the catalogue, searched on the server
 * with full-text search, filtered by category and paged.
 */
export default function ExploreProgramsPage() {
  const matches = useMatches();
  const { canAuthor } = useAuthoringScope();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? 'Programs';
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [debouncedCategory] = useDebouncedValue(category.trim(), 300);
  const query = useSearchProgramsQuery({
    page,
    limit: EXPLORE_PAGE_SIZE,
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(debouncedCategory ? { program_category: debouncedCategory } : {}),
  });
  const programs = query.data?.data ?? [];
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Title order={1}>{title}</Title>
            <Text c="dimmed">
              Programs you can enrol in: courses, modules and units, with a certificate at the end.
            </Text>
          </div>
          {canAuthor ? (
            <Button component={Link} to="/manage-programs" variant="light">
              Manage programs
            </Button>
          ) : null}
        </Group>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <SearchField
            label="Search"
            placeholder="Search programs"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            style={{ flex: 1, minWidth: 220 }}
          />
          <TextInput
            label="Category"
            placeholder="Any category"
            value={category}
            onChange={(event) => {
              setCategory(event.currentTarget.value);
              setPage(1);
            }}
            w={220}
          />
        </Group>
        <QueryState
          label="programs"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={programs.length === 0}
          emptyText={
            debouncedSearch || debouncedCategory ? 'No program matches your search' : 'No programs yet'
          }
          onRetry={() => query.refetch()}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {programs.map((program) => (
              <Card
                key={program.program_id}
                withBorder
                radius="md"
                padding="md"
                component="article"
                aria-label={program.program_name}
              >
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Anchor component={Link} to={`/programs/overview/${program.program_id}`} fw={600}>
                      {program.program_name}
                    </Anchor>
                    <Badge variant="light" style={{ flexShrink: 0 }}>
                      {program.program_category}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    {program.description || 'No description yet.'}
                  </Text>
                  {program.start_date ? (
                    <Text size="xs" c="dimmed">
                      <StartDate date={program.start_date} />
                    </Text>
                  ) : null}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
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
      </Stack>
    </Container>
  );
}
