import {
  Anchor,
  Card,
  Container,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useCompetitionsQuery } from '../api';
import { CompetitionBadges, entriesLabel, overviewPath, when } from '../components/shared';

const LIMIT = 12;

/** /competition-block: discover competitions, upcoming or past, with search and paging. */
export default function CompetitionBlockPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [timing, setTiming] = useState<'upcoming' | 'past' | 'all'>('upcoming');
  const [page, setPage] = useState(1);
  const list = useCompetitionsQuery({
    page,
    limit: LIMIT,
    when: timing,
    ...(debounced && { search: debounced }),
  });
  const rows = list.data?.data ?? [];
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Competitions</Title>
          <Text c="dimmed">Challenges you can enter, alone or with a team.</Text>
        </div>
        <Group wrap="wrap" align="flex-end">
          <SearchField
            label="Search competitions"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
          <SegmentedControl
            aria-label="When"
            value={timing}
            onChange={(value) => {
              setTiming(value as typeof timing);
              setPage(1);
            }}
            data={[
              { value: 'upcoming', label: 'Upcoming' },
              { value: 'past', label: 'Past' },
              { value: 'all', label: 'All' },
            ]}
          />
        </Group>
        <QueryState
          label="competitions"
          isLoading={list.isLoading}
          error={list.error}
          isEmpty={rows.length === 0}
          emptyText={
            debounced
              ? 'No competition matches your search.'
              : `No ${timing === 'all' ? '' : timing} competitions yet.`
          }
          onRetry={() => void list.refetch()}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {rows.map((competition) => (
              <Card key={competition.competition_id} withBorder padding="md">
                <Stack gap="xs">
                  <Anchor component={Link} to={overviewPath(competition.competition_id)} fw={600}>
                    {competition.title}
                  </Anchor>
                  <CompetitionBadges competition={competition} />
                  <Text size="sm" lineClamp={3}>
                    {competition.summary}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Deadline: {when(competition.ends_at)} · {entriesLabel(competition.entries)}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </QueryState>
        <ListPagination
          page={page}
          totalPages={list.data?.meta.totalPages ?? 1}
          onChange={setPage}
          summary={list.data ? `${list.data.meta.total} competitions` : undefined}
        />
      </Stack>
    </Container>
  );
}
