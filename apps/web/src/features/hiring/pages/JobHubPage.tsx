import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { SuggestionsPanel } from '../../ai';
import { useMatchedQuery } from '../api';
import { PostingCard } from '../components/PostingCard';

/** /job-internship-hub: open postings matched to my profile (skills, places, job types), the rest below. */
export default function JobHubPage() {
  const query = useMatchedQuery();
  const matched = query.data?.matched ?? [];
  const others = query.data?.others ?? [];
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Job and internship hub</Title>
            <Text c="dimmed">Openings that fit your profile first, then the newest of the rest.</Text>
          </div>
          <Group gap="sm">
            <Button component={Link} to="/search-jobs" variant="light">
              Search all jobs
            </Button>
            <Button component={Link} to="/career" variant="default">
              My applications
            </Button>
          </Group>
        </Group>
        <SuggestionsPanel category="jobs" />
        <QueryState
          label="jobs"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={matched.length === 0 && others.length === 0}
          emptyText="No open jobs or internships right now"
          onRetry={() => query.refetch()}
        >
          <Stack gap="md">
            <Title order={2} size="h3">
              Matched to your profile
            </Title>
            {matched.length === 0 ? (
              <Group gap="sm">
                <Text c="dimmed">
                  Nothing matches your profile yet. Add skills and job preferences to see better matches.
                </Text>
                <Button component={Link} to="/employability-profile" variant="subtle" size="xs">
                  Edit my employability profile
                </Button>
              </Group>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {matched.map((posting) => (
                  <PostingCard key={posting.posting_id} posting={posting} reasons={posting.reasons} />
                ))}
              </SimpleGrid>
            )}
            {others.length > 0 ? (
              <>
                <Title order={2} size="h3" mt="md">
                  More openings
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                  {others.map((posting) => (
                    <PostingCard key={posting.posting_id} posting={posting} />
                  ))}
                </SimpleGrid>
              </>
            ) : null}
          </Stack>
        </QueryState>
      </Stack>
    </Container>
  );
}
