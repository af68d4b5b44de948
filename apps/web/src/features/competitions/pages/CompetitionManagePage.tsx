import { Alert, Anchor, Center, Container, Loader, Stack, Tabs, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useCompetitionQuery } from '../api';
import { DetailsForm } from '../components/DetailsForm';
import { JudgesPanel } from '../components/JudgesPanel';
import { JudgingPanel } from '../components/JudgingPanel';
import { ResultsPanel } from '../components/ResultsPanel';
import { RoundsForm } from '../components/RoundsForm';
import { CompetitionBadges, errorText, overviewPath } from '../components/shared';

/**
 * /competition/manage/{competitionId}: organisers edit the brief, rules, prizes, rounds and criteria,
 * assign judges, see submissions, advance and announce winners; judges score in the Judging tab.
 */
export default function CompetitionManagePage() {
  const id = Number(useParams().competitionId);
  const query = useCompetitionQuery(id, { skip: !(id > 0) });
  if (query.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Loading the competition" />
      </Center>
    );
  const c = query.data;
  if (query.error || !c)
    return (
      <Container size="md" py="lg">
        <Alert color="red" role="alert" title="We could not open this competition">
          {errorText(query.error ?? { message: 'Competition not found.' })}
        </Alert>
      </Container>
    );
  if (!c.can_manage && !c.is_judge)
    return (
      <Container size="md" py="lg">
        <Alert color="red" role="alert">
          Only the organisers and judges of this competition may open this page.
        </Alert>
      </Container>
    );
  const first = c.can_manage ? 'details' : 'judging';
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <div>
          <Title order={1}>{c.title}</Title>
          <CompetitionBadges competition={c} />
          <Anchor component={Link} to={overviewPath(id)} size="sm">
            See the public page
          </Anchor>
        </div>
        <Tabs defaultValue={first} keepMounted={false}>
          <Tabs.List>
            {c.can_manage ? (
              <>
                <Tabs.Tab value="details">Details</Tabs.Tab>
                <Tabs.Tab value="rounds">Rounds and criteria</Tabs.Tab>
                <Tabs.Tab value="judges">Judges</Tabs.Tab>
                <Tabs.Tab value="results">Submissions and results</Tabs.Tab>
              </>
            ) : null}
            {c.is_judge ? <Tabs.Tab value="judging">Judging</Tabs.Tab> : null}
          </Tabs.List>
          {c.can_manage ? (
            <>
              <Tabs.Panel value="details" pt="md">
                <DetailsForm key={c.modified_at} competition={c} />
              </Tabs.Panel>
              <Tabs.Panel value="rounds" pt="md">
                <RoundsForm key={c.modified_at} competition={c} />
              </Tabs.Panel>
              <Tabs.Panel value="judges" pt="md">
                <JudgesPanel competitionId={id} />
              </Tabs.Panel>
              <Tabs.Panel value="results" pt="md">
                <ResultsPanel competition={c} />
              </Tabs.Panel>
            </>
          ) : null}
          {c.is_judge ? (
            <Tabs.Panel value="judging" pt="md">
              <JudgingPanel competitionId={id} />
            </Tabs.Panel>
          ) : null}
        </Tabs>
      </Stack>
    </Container>
  );
}
