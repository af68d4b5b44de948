import { Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { CohortItem } from '@nexus/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useApplyMutation, useCenterQuery } from '../api';
import { ApplyDialog } from '../components/ApplyDialog';
import { CenterAdmin } from '../components/CenterAdmin';
import { EcosystemHeader } from '../components/EcosystemHeader';
import { Loaded, routeId } from '../components/Loaded';
import { countryLabel, dateLabel, kindLabel, sectorLabel } from '../components/labels';
import { ReviewPanel } from '../components/ReviewPanel';

/**
 * /innovation-center/overview/{centerId}: a center, its programmes and cohorts. Founders apply to an
 * open cohort; the center's reviewers rate and decide applications; its managers open cohorts.
 */
export default function CenterOverviewPage() {
  const id = routeId(useParams().centerId);
  const query = useCenterQuery(id);
  const [applyingTo, setApplyingTo] = useState<CohortItem | null>(null);
  const [apply] = useApplyMutation();
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <EcosystemHeader
          title="Innovation center"
          intro="A center’s programmes and cohorts, and how to apply."
        />
        <Loaded query={query} label="innovation center">
          {(center) => (
            <Stack gap="lg">
              <Stack gap={6}>
                <Title order={2}>{center.name}</Title>
                <Group gap={6}>
                  <Badge variant="light">{kindLabel(center.kind)}</Badge>
                  <Text size="sm" c="dimmed">
                    {countryLabel(center.country)} · run by {center.owner.name}
                  </Text>
                </Group>
                {center.description ? <Text>{center.description}</Text> : null}
                {center.sectors.length > 0 ? (
                  <Text size="sm">Sectors: {center.sectors.map(sectorLabel).join(', ')}</Text>
                ) : null}
                <Text size="sm">Applications are rated on: {center.criteria.join(', ')}</Text>
              </Stack>
              <Stack gap="sm">
                <Title order={2} size="h3">
                  Cohorts
                </Title>
                {center.cohorts.length === 0 ? <Text c="dimmed">No cohorts yet.</Text> : null}
                {center.cohorts.map((cohort) => (
                  <Card key={cohort.cohort_id} withBorder component="section" aria-label={cohort.name}>
                    <Stack gap="xs">
                      <Group justify="space-between" wrap="wrap">
                        <Text fw={700}>{cohort.name}</Text>
                        <Badge color={cohort.is_open ? 'green' : 'gray'} variant="dot">
                          {cohort.is_open
                            ? `Open until ${dateLabel(cohort.closes_at)}`
                            : `Closed (${dateLabel(cohort.closes_at)})`}
                        </Badge>
                      </Group>
                      {cohort.programme ? <Text size="sm">{cohort.programme}</Text> : null}
                      {cohort.is_open ? (
                        <Button w="fit-content" onClick={() => setApplyingTo(cohort)}>
                          Apply to {cohort.name}
                        </Button>
                      ) : null}
                      {center.can_review ? (
                        <ReviewPanel
                          cohortId={cohort.cohort_id}
                          cohortName={cohort.name}
                          criteria={center.criteria}
                        />
                      ) : null}
                    </Stack>
                  </Card>
                ))}
              </Stack>
              {center.can_manage ? <CenterAdmin centerId={center.center_id} /> : null}
              {applyingTo ? (
                <ApplyDialog
                  opened
                  title={`Apply to ${applyingTo.name}`}
                  textLabel="Pitch"
                  minText={20}
                  note={`${center.name} will read your pitch, and your startup’s traction and deck.`}
                  onClose={() => setApplyingTo(null)}
                  submit={(startupId, pitch) =>
                    apply({ cohort_id: applyingTo.cohort_id, startup_id: startupId, pitch }).unwrap()
                  }
                />
              ) : null}
            </Stack>
          )}
        </Loaded>
      </Stack>
    </Container>
  );
}
