import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { type CommunityScope, EventsBlock } from '../../../shared/blocks';
import { CommunityScopePicker } from '../components/CommunityScopePicker';

/** The `?community=` of the address: a community's id, else every community of the caller. */
export function useCommunityScope(): [CommunityScope, (value: CommunityScope) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('community'));
  const scope: CommunityScope = Number.isInteger(raw) && raw > 0 ? raw : 'mine';
  const set = (value: CommunityScope) =>
    setParams(value === 'mine' ? {} : { community: String(value) }, { replace: true });
  return [scope, set];
}

/** /community/events: the events of the caller's communities, or of the one chosen. */
export default function CommunityEventsPage() {
  const [scope, setScope] = useCommunityScope();
  const which = scope === 'mine' ? 'your communities' : 'this community';
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Community events</Title>
          <Text c="dimmed">Events linked to your communities by their moderators.</Text>
        </div>
        <CommunityScopePicker value={scope} onChange={setScope} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <EventsBlock
            title="Upcoming"
            community={scope}
            limit={20}
            emptyText={`No upcoming events in ${which}`}
          />
          <EventsBlock
            title="Past"
            when="past"
            community={scope}
            limit={20}
            emptyText={`No past events in ${which}`}
          />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
