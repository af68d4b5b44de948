import {
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AssessmentKind } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useAssessmentsQuery } from '../assessment-api';

export const EXPLORE_ASSESSMENTS_PAGE_SIZE = 12;

const KIND_OPTIONS = [
  { value: '', label: 'All kinds' },
  { value: 'quiz', label: 'Quizzes' },
  { value: 'survey', label: 'Surveys' },
];

/** /explore-assessments: the published quizzes and surveys I can see, searched and paged on the server. */
export default function ExploreAssessmentsPage() {
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const query = useAssessmentsQuery({
    page,
    limit: EXPLORE_ASSESSMENTS_PAGE_SIZE,
    publishedOnly: true,
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(kind ? { kind: kind as AssessmentKind } : {}),
  });
  const assessments = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Explore assessments</Title>
          <Text c="dimmed">Quizzes to test what you know and surveys to share what you think.</Text>
        </div>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <SearchField
            label="Search"
            placeholder="Search assessments"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            style={{ flex: 1, minWidth: 220 }}
          />
          <NativeSelect
            label="Kind"
            data={KIND_OPTIONS}
            value={kind}
            onChange={(event) => {
              setKind(event.currentTarget.value);
              setPage(1);
            }}
            w={180}
          />
        </Group>
        <QueryState
          label="assessments"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={assessments.length === 0}
          emptyText={debouncedSearch || kind ? 'No assessment matches your search' : 'No assessments yet'}
          onRetry={() => query.refetch()}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {assessments.map((assessment) => (
              <Card
                key={assessment.assessment_id}
                withBorder
                radius="md"
                padding="md"
                component="article"
                aria-label={assessment.title}
              >
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Anchor component={Link} to={`/assessment-overview/${assessment.assessment_id}`} fw={600}>
                      {assessment.title}
                    </Anchor>
                    <Badge variant="light" style={{ flexShrink: 0 }}>
                      {assessment.kind === 'quiz' ? 'Quiz' : 'Survey'}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    {assessment.description || 'No description yet.'}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <ListPagination
            page={page}
            totalPages={query.data?.meta.totalPages ?? 1}
            onChange={setPage}
            summary={countLabel(total, 'assessment', 'assessments')}
          />
        </QueryState>
      </Stack>
    </Container>
  );
}
