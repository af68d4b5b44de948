import '@mantine/charts/styles.css';
import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  READINESS_DIMENSION_LABELS,
  READINESS_JOURNEY_DEFINITIONS,
  type ReadinessJourney,
  type ReadinessJourneyDetail,
} from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { useReadinessJourneyQuery } from '../api';
import { AssessmentForm } from './AssessmentForm';
import { DimensionCard } from './DimensionCard';
import { HistoryTable } from './HistoryTable';
import { journeyColor, LevelRadar, type RadarSeries } from './LevelCharts';

function NextSteps({ detail }: { detail: ReadinessJourneyDetail }) {
  if (detail.next_steps.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="next-steps-title">
      <Title order={2} size="h3" id="next-steps-title" mb="xs">
        Recommended next steps
      </Title>
      <Stack gap="sm">
        {detail.next_steps.map((step) => (
          <div key={step.dimension}>
            <Text size="sm" fw={600}>
              {step.advice}
            </Text>
            <List size="sm" spacing={2}>
              {step.links.map((link) => (
                <List.Item key={`${link.kind}-${link.href}`}>
                  <Anchor component={Link} to={link.href}>
                    {link.label}
                  </Anchor>{' '}
                  <Text span size="xs" c="dimmed">
                    ({link.kind})
                  </Text>
                </List.Item>
              ))}
            </List>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

function Levels({ journey, detail }: { journey: ReadinessJourney; detail: ReadinessJourneyDetail }) {
  const latest = detail.latest;
  if (!latest) return null;
  const definition = READINESS_JOURNEY_DEFINITIONS[journey];
  const series: RadarSeries[] = [
    {
      name: 'Current level',
      color: journeyColor(journey),
      levels: Object.fromEntries(latest.dimensions.map((d) => [d.dimension, d.level])),
    },
  ];
  if (definition.targets)
    series.push({ name: 'Investor target', color: 'gray.7', levels: definition.targets });
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="levels-title">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={2} size="h3" id="levels-title">
            Your levels
          </Title>
          <Group gap="xs">
            <Badge size="lg" variant="filled" color="dark">
              Overall level {latest.overall}
            </Badge>
            <Badge size="lg" variant="light">
              Average {latest.average}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" mb="sm">
          Overall is your weakest dimension: a venture moves at the pace of its least ready part.
        </Text>
        <LevelRadar dimensions={definition.dimensions} series={series} label={`${definition.title} levels`} />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {latest.dimensions.map((item) => (
          <DimensionCard key={item.dimension} resultId={latest.result_id} item={item} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A journey's page: take the self-assessment, see the levels, evidence, reviews, next steps and history. */
export function JourneyView({ journey }: { journey: ReadinessJourney }) {
  const definition = READINESS_JOURNEY_DEFINITIONS[journey];
  const query = useReadinessJourneyQuery(journey);
  const [retaking, setRetaking] = useState(false);
  const detail = query.data;
  const showForm = detail && (detail.latest === null || retaking);
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to="/readiness-journey" size="sm">
            All readiness journeys
          </Anchor>
          <Title order={1}>{definition.title}</Title>
          <Text c="dimmed">{definition.intro}</Text>
          <Text size="sm" c="dimmed">
            Dimensions: {definition.dimensions.map((d) => READINESS_DIMENSION_LABELS[d]).join(', ')}.
          </Text>
        </div>
        <QueryState
          label={definition.title.toLowerCase()}
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={false}
          emptyText=""
          onRetry={() => void query.refetch()}
        >
          {detail ? (
            <Stack gap="lg">
              {detail.latest && !retaking ? (
                <Button variant="light" onClick={() => setRetaking(true)} style={{ alignSelf: 'flex-start' }}>
                  Assess again
                </Button>
              ) : null}
              {showForm ? (
                <AssessmentForm journey={journey} detail={detail} onDone={() => setRetaking(false)} />
              ) : null}
              <Levels journey={journey} detail={detail} />
              <NextSteps detail={detail} />
              <Paper withBorder p="md" radius="md" component="section" aria-labelledby="history-title">
                <Title order={2} size="h3" id="history-title" mb="xs">
                  History
                </Title>
                <HistoryTable journey={journey} history={detail.history} />
              </Paper>
            </Stack>
          ) : null}
        </QueryState>
      </Stack>
    </Container>
  );
}
