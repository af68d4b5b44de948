import '@mantine/charts/styles.css';
import { Anchor, Badge, Container, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { READINESS_JOURNEY_DEFINITIONS, READINESS_JOURNEYS, type ReadinessJourney } from '@nexus/contracts';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { QueryState } from '../../../shared/ui/QueryState';
import { useReadinessOverviewQuery } from '../api';
import { dimensionsOf, journeyColor, LevelRadar } from '../components/LevelCharts';
import { MyStatistics } from '../components/MyStatistics';
import { ReviewQueue } from '../components/ReviewQueue';
import { StudyDetails } from '../components/StudyDetails';

const dateLabel = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * /readiness-journey: the four journeys with their latest levels, one radar of every dimension,
 * the history of all results, my statistics, and the review queue for center managers and experts.
 */
export default function ReadinessJourneyPage() {
  const overview = useReadinessOverviewQuery();
  const iteration = useAppSelector((state) => state.plan.iteration);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#reviews') document.getElementById('reviews')?.scrollIntoView();
  }, [hash]);
  const journeys = overview.data?.journeys ?? [];
  const taken = journeys.filter((item) => item.latest !== null);
  const history = journeys
    .flatMap((item) => item.history.map((entry) => ({ ...entry, journey: item.journey })))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Readiness journey</Title>
          <Text c="dimmed">
            Assess where your idea, technology and venture stand, level by level, and what to do next.
          </Text>
          {iteration > 0 ? (
            <Text size="sm" c="dimmed">
              Your last self-assessment was round {iteration} of its journey.
            </Text>
          ) : null}
        </div>
        <QueryState
          label="your readiness"
          isLoading={overview.isLoading}
          error={overview.error}
          isEmpty={false}
          emptyText=""
          onRetry={() => void overview.refetch()}
        >
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              {READINESS_JOURNEYS.map((journey) => {
                const item = journeys.find((entry) => entry.journey === journey);
                const definition = READINESS_JOURNEY_DEFINITIONS[journey];
                return (
                  <Paper
                    key={journey}
                    withBorder
                    p="md"
                    radius="md"
                    component="article"
                    aria-label={definition.title}
                  >
                    <Stack gap={6}>
                      <Title order={2} size="h4">
                        {definition.title}
                      </Title>
                      {item?.latest ? (
                        <Group gap="xs">
                          <Badge color="dark">Overall {item.latest.overall}</Badge>
                          <Badge variant="light">Average {item.latest.average}</Badge>
                        </Group>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Not taken yet.
                        </Text>
                      )}
                      <Anchor component={Link} to={definition.path} size="sm">
                        {item?.latest
                          ? `Open ${definition.title.toLowerCase()}`
                          : `Start ${definition.title.toLowerCase()}`}
                      </Anchor>
                    </Stack>
                  </Paper>
                );
              })}
            </SimpleGrid>
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="radar-title">
              <Title order={2} size="h3" id="radar-title" mb="xs">
                Latest levels
              </Title>
              {taken.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Take a self-assessment to see your levels here.
                </Text>
              ) : (
                <LevelRadar
                  dimensions={dimensionsOf(taken.map((item) => item.journey))}
                  label="Latest levels per journey"
                  series={taken.map((item) => ({
                    name: READINESS_JOURNEY_DEFINITIONS[item.journey].title,
                    color: journeyColor(item.journey as ReadinessJourney),
                    levels: item.latest?.levels ?? {},
                  }))}
                />
              )}
            </Paper>
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="all-history-title">
              <Title order={2} size="h3" id="all-history-title" mb="xs">
                History
              </Title>
              {history.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No results yet.
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={360}>
                  <Table aria-label="All readiness results" striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Date</Table.Th>
                        <Table.Th scope="col">Journey</Table.Th>
                        <Table.Th scope="col">Overall</Table.Th>
                        <Table.Th scope="col">Average</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {history.map((item) => (
                        <Table.Tr key={item.result_id}>
                          <Table.Td>{dateLabel(item.created_at)}</Table.Td>
                          <Table.Td>{READINESS_JOURNEY_DEFINITIONS[item.journey].title}</Table.Td>
                          <Table.Td>{item.overall}</Table.Td>
                          <Table.Td>{item.average}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          </Stack>
        </QueryState>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="stats-title">
          <Title order={2} size="h3" id="stats-title" mb="xs">
            Statistics
          </Title>
          <MyStatistics />
          <Stack mt="md">
            <StudyDetails />
          </Stack>
        </Paper>
        <ReviewQueue />
      </Stack>
    </Container>
  );
}
