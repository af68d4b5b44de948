import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CompetitionsBlock } from '../../../shared/blocks';
import { CommunityScopePicker } from '../components/CommunityScopePicker';
import { useCommunityScope } from './CommunityEventsPage';

/** /community/competitions: the competitions of the caller's communities, or of the one chosen. */
export default function CommunityCompetitionsPage() {
  const [scope, setScope] = useCommunityScope();
  const which = scope === 'mine' ? 'your communities' : 'this community';
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>Community competitions</Title>
          <Text c="dimmed">Competitions linked to your communities by their moderators.</Text>
        </div>
        <CommunityScopePicker value={scope} onChange={setScope} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <CompetitionsBlock
            title="Open"
            community={scope}
            limit={20}
            emptyText={`No open competitions in ${which}`}
          />
          <CompetitionsBlock
            title="Past"
            when="past"
            community={scope}
            limit={20}
            emptyText={`No past competitions in ${which}`}
          />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
