import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { POSTING_TYPE_LABELS } from '@nexus/contracts';
import { Link } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { useMyApplicationsQuery } from '../api';
import { dayLabel } from '../components/labels';
import { StageBadge } from '../components/StageBadge';

/** /career: my applications and where each stands (never the employer's notes or scores). */
export default function CareerPage() {
  const query = useMyApplicationsQuery();
  const items = query.data ?? [];
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>My applications</Title>
            <Text c="dimmed">Every job and internship you applied to, and its status.</Text>
          </div>
          <Button component={Link} to="/search-jobs" variant="light">
            Find jobs
          </Button>
        </Group>
        <QueryState
          label="your applications"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={items.length === 0}
          emptyText="You have not applied to any job yet"
          emptyAction={
            <Button component={Link} to="/job-internship-hub" variant="light">
              See jobs matched to your profile
            </Button>
          }
          onRetry={() => query.refetch()}
        >
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <Card withBorder component="li" key={item.application_id} padding="md">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text component={Link} to={`/search-jobs/${item.posting_id}`} fw={700} c="blue.9">
                      {item.title}
                    </Text>
                    <StageBadge stage={item.stage} />
                  </Group>
                  <Text size="sm">
                    {item.organisation} · {POSTING_TYPE_LABELS[item.job_type]}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Applied {dayLabel(item.applied_at)} · status since {dayLabel(item.stage_changed_at)}
                  </Text>
                  {item.decline_message ? (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      Message from {item.organisation}: {item.decline_message}
                    </Text>
                  ) : null}
                </Stack>
              </Card>
            ))}
          </Stack>
        </QueryState>
      </Stack>
    </Container>
  );
}
