import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Competition } from '@nexus/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { notify } from '../../../shared/ui/notify';
import { useLeaderboardQuery, useRegisterMutation } from '../api';
import {
  CompetitionBadges,
  entriesLabel,
  errorText,
  managePath,
  RankingTable,
  RichText,
  registeredPath,
  Timeline,
  when,
} from './shared';

function Join({ competition }: { competition: Competition }) {
  const signedIn = useAppSelector((state) => state.auth.user !== null);
  const navigate = useNavigate();
  const [register, state] = useRegisterMutation();
  const [teamName, setTeamName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = competition.competition_id;
  if (!signedIn)
    return (
      <Alert title="Take part">
        <Anchor component={Link} to="/login">
          Sign in
        </Anchor>{' '}
        to enter this competition.
      </Alert>
    );
  if (competition.has_entered)
    return (
      <Button component={Link} to={registeredPath(id)}>
        Go to my entry
      </Button>
    );
  if (competition.status !== 'published') return null;
  const enter = async (kind: 'individual' | 'team', event?: FormEvent) => {
    event?.preventDefault();
    if (kind === 'team' && !teamName.trim()) return setError('Give your team a name.');
    const result = await register({ id, kind, ...(kind === 'team' && { team_name: teamName.trim() }) });
    if ('error' in result) return setError(errorText(result.error));
    notify.success('You are in! Add your submission before the deadline.');
    navigate(registeredPath(id));
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Take part
        </Title>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {competition.participation !== 'team' ? (
          <Button variant="light" loading={state.isLoading} onClick={() => void enter('individual')}>
            Enter on my own
          </Button>
        ) : null}
        {competition.participation !== 'individual' ? (
          <form onSubmit={(event) => void enter('team', event)}>
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label="Team name"
                value={teamName}
                onChange={(e) => setTeamName(e.currentTarget.value)}
              />
              <Button type="submit" loading={state.isLoading}>
                Create a team
              </Button>
            </Group>
          </form>
        ) : null}
      </Stack>
    </Card>
  );
}

function Leaderboard({ competition }: { competition: Competition }) {
  const board = useLeaderboardQuery(competition.competition_id, { skip: !competition.leaderboard_public });
  if (!competition.leaderboard_public) return null;
  return (
    <section>
      <Title order={2} size="h3" mb="xs">
        Leaderboard
      </Title>
      {board.isLoading ? <Loader size="sm" aria-label="Loading the leaderboard" /> : null}
      {board.error ? <Text c="red">{errorText(board.error)}</Text> : null}
      {board.data ? (
        <RankingTable ranking={board.data} caption="Ranked by judges’ normalised scores" />
      ) : null}
    </section>
  );
}

/** The brief, rules, prizes, timeline and (once public) leaderboard of a competition, with joining. */
export function CompetitionOverview({
  competition,
  isLoading,
  error,
}: {
  competition: Competition | undefined;
  isLoading: boolean;
  error: unknown;
}) {
  if (isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Loading the competition" />
      </Center>
    );
  if (error || !competition)
    return (
      <Container size="md" py="lg">
        <Alert color="red" role="alert" title="We could not open this competition">
          {errorText(error)}
        </Alert>
      </Container>
    );
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>{competition.title}</Title>
          <Text c="dimmed">{competition.summary}</Text>
          <CompetitionBadges competition={competition} />
          <Text size="sm" mt="xs">
            Final deadline: {when(competition.ends_at)} · {entriesLabel(competition.entries)}
            {competition.tenant_name ? ` · by ${competition.tenant_name}` : ''}
          </Text>
        </div>
        {competition.can_manage || competition.is_judge ? (
          <Button variant="outline" component={Link} to={managePath(competition.competition_id)}>
            {competition.can_manage ? 'Manage this competition' : 'Judge submissions'}
          </Button>
        ) : null}
        <Join competition={competition} />
        <RichText title="Brief" html={competition.brief} />
        <RichText title="Rules" html={competition.rules} />
        <RichText title="Prizes" html={competition.prizes} />
        <Timeline rounds={competition.rounds ?? []} />
        <Leaderboard competition={competition} />
      </Stack>
    </Container>
  );
}
