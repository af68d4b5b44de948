import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { EngagementSummary } from '@nexus/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { countLabel } from '../../../shared/ui/count-label';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { QueryState } from '../../../shared/ui/QueryState';
import { useMyProfileQuery, useMyProgramsQuery, useMySessionsQuery } from '../api';
import { ExpertProfileEditor } from '../components/ExpertProfileEditor';
import { SessionList } from '../components/SessionList';
import { whenLabel } from '../format';

function EngagementCard({ row }: { row: EngagementSummary }) {
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Link to={`/expert-program-interaction/${row.expert_program_id}?engagement=${row.engagement_id}`}>
            <Text fw={600} component="span">
              {row.title}
            </Text>
          </Link>
          <Text size="sm" c="dimmed">
            {row.role === 'expert' ? `Mentee: ${row.mentee_name}` : `Expert: ${row.expert_name}`} ·{' '}
            {row.sessions_booked} of {row.session_count} sessions booked
          </Text>
          {row.next_session_at ? <Text size="sm">Next: {whenLabel(row.next_session_at)}</Text> : null}
        </Stack>
        <Badge variant="outline" color={row.role === 'expert' ? 'grape.9' : 'teal.9'}>
          {row.role === 'expert' ? 'You mentor' : 'You take part'}
        </Badge>
      </Group>
    </Card>
  );
}

function ProgramsTab() {
  const [role, setRole] = useState<'all' | 'expert' | 'mentee'>('all');
  const [page, setPage] = useState(1);
  const query = useMyProgramsQuery({ role, page });
  const items = query.data?.data ?? [];
  const meta = query.data?.meta;
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Which side"
        value={role}
        onChange={(value) => {
          setRole(value as typeof role);
          setPage(1);
        }}
        data={[
          { value: 'all', label: 'All' },
          { value: 'mentee', label: 'I take part' },
          { value: 'expert', label: 'I mentor' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <QueryState
        label="your expert programs"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={items.length === 0}
        emptyText="You take part in no expert program yet."
        emptyAction={
          <Button component={Link} to="/find-expert" variant="light">
            Find an expert
          </Button>
        }
        onRetry={() => query.refetch()}
      >
        <Stack component="ul" gap="xs" p={0} style={{ listStyle: 'none' }}>
          {items.map((row) => (
            <EngagementCard key={row.engagement_id} row={row} />
          ))}
        </Stack>
        <ListPagination
          page={page}
          totalPages={meta?.totalPages ?? 1}
          onChange={setPage}
          summary={meta ? countLabel(meta.total, 'program', 'programs', meta.totalExact) : undefined}
        />
      </QueryState>
    </Stack>
  );
}

function SessionsTab() {
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const query = useMySessionsQuery(when);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Which sessions"
        value={when}
        onChange={(value) => setWhen(value as typeof when)}
        data={[
          { value: 'upcoming', label: 'Upcoming' },
          { value: 'past', label: 'Past' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <QueryState
        label="your sessions"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={false}
        emptyText=""
        onRetry={() => query.refetch()}
      >
        <SessionList
          sessions={query.data ?? []}
          emptyText={when === 'upcoming' ? 'No sessions coming up.' : 'No past sessions.'}
        />
      </QueryState>
    </Stack>
  );
}

function ProfileTab() {
  const query = useMyProfileQuery();
  if (query.isLoading) return <Loader aria-label="Loading your expert profile" />;
  // A failed load is not "no profile yet": an empty editor saved here would overwrite the real one.
  return (
    <QueryState
      label="your expert profile"
      isLoading={false}
      error={query.error}
      isEmpty={false}
      emptyText=""
      onRetry={() => query.refetch()}
    >
      <ExpertProfileEditor key={query.data?.user_id ?? 'new'} profile={query.data ?? null} />
    </QueryState>
  );
}

/** /my-expert-programs: both sides of one's expert programs, one's sessions, and one's own expert profile. */
export default function MyExpertProgramsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'programs';
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={1}>My expert programs</Title>
          <Button component={Link} to="/find-expert" variant="light">
            Find an expert
          </Button>
        </Group>
        <Tabs value={tab} onChange={(value) => setParams({ tab: value ?? 'programs' })} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="programs">Programs</Tabs.Tab>
            <Tabs.Tab value="sessions">Sessions</Tabs.Tab>
            <Tabs.Tab value="profile">My expert profile and hours</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="programs" pt="md">
            <ProgramsTab />
          </Tabs.Panel>
          <Tabs.Panel value="sessions" pt="md">
            <SessionsTab />
          </Tabs.Panel>
          <Tabs.Panel value="profile" pt="md">
            <ProfileTab />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
