import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { notify } from '../../../shared/ui/notify';
import {
  useAcceptInviteMutation,
  useCompetitionQuery,
  useDeclineInviteMutation,
  useInviteMemberMutation,
  useMyEntryQuery,
  useMyInvitesQuery,
} from '../api';
import { PeoplePicker } from '../components/PeoplePicker';
import { SubmissionEditor } from '../components/SubmissionEditor';
import { errorText, overviewPath } from '../components/shared';

function ordinal(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** /events/registered-competition/{eventId} (the competition's id): my team, invitations, submission, results. */
export default function RegisteredCompetitionPage() {
  const id = Number(useParams().eventId);
  const userId = useAppSelector((state) => state.auth.user?.user_id);
  const competition = useCompetitionQuery(id);
  const entry = useMyEntryQuery(id);
  const invites = useMyInvitesQuery();
  const [invite] = useInviteMemberMutation();
  const [accept] = useAcceptInviteMutation();
  const [decline] = useDeclineInviteMutation();
  if (competition.isLoading || entry.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Loading your entry" />
      </Center>
    );
  if (competition.error || !competition.data)
    return (
      <Container size="md" py="lg">
        <Alert color="red" role="alert" title="We could not open this competition">
          {errorText(competition.error)}
        </Alert>
      </Container>
    );
  const c = competition.data;
  const mine = entry.data ?? null;
  const pending = (invites.data ?? []).filter((i) => i.competition_id === id);
  const rounds = c.rounds ?? [];
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <div>
          <Title order={1}>{c.title}</Title>
          <Anchor component={Link} to={overviewPath(id)}>
            Brief, rules and prizes
          </Anchor>
        </div>
        {pending.map((i) => (
          <Alert key={i.entry_id} title={`${i.invited_by} invited you to join ${i.team_name}`}>
            <Group>
              <Button
                size="xs"
                onClick={async () => {
                  const result = await accept(i.entry_id);
                  if ('error' in result) notify.error(errorText(result.error));
                  else notify.success(`You joined ${i.team_name}.`);
                }}
              >
                Join the team
              </Button>
              <Button size="xs" variant="default" onClick={() => void decline(i.entry_id)}>
                Decline
              </Button>
            </Group>
          </Alert>
        ))}
        {!mine ? (
          <Alert title="You have not entered this competition">
            <Anchor component={Link} to={overviewPath(id)}>
              Enter it from its page
            </Anchor>
            .
          </Alert>
        ) : (
          <>
            {mine.place ? (
              <Alert color="yellow" title={`Your entry placed ${ordinal(mine.place)}`}>
                {mine.certificate_path ? (
                  <Anchor component={Link} to={mine.certificate_path}>
                    Open your certificate
                  </Anchor>
                ) : (
                  'Congratulations!'
                )}
              </Alert>
            ) : c.winners_announced_at ? (
              <Alert title="The winners have been announced">Thank you for taking part.</Alert>
            ) : null}
            <Card withBorder>
              <Stack gap="xs">
                <Title order={2} size="h3">
                  {mine.kind === 'team' ? `Team ${mine.name}` : 'Entering on your own'}
                </Title>
                {mine.members.map((m) => (
                  <Group key={m.user_id} gap="xs">
                    <Text size="sm">{m.name}</Text>
                    {m.status === 'invited' ? (
                      <Badge size="xs" color="gray">
                        Invited
                      </Badge>
                    ) : null}
                    {mine.kind === 'team' && m.user_id === mine.captain_id ? (
                      <Badge size="xs">Captain</Badge>
                    ) : null}
                  </Group>
                ))}
                {mine.kind === 'team' && mine.captain_id === userId && !c.winners_announced_at ? (
                  <PeoplePicker
                    competitionId={id}
                    label="Invite a team member"
                    action="Invite"
                    exclude={mine.members.map((m) => m.user_id)}
                    onPick={async (person) => {
                      const result = await invite({ entryId: mine.entry_id, user_id: person.user_id });
                      if ('error' in result) notify.error(errorText(result.error));
                      else notify.success(`${person.name} is invited.`);
                    }}
                  />
                ) : null}
              </Stack>
            </Card>
            {rounds
              .filter((round) => round.position <= mine.round_reached)
              .map((round) => (
                <Card key={round.round_id} withBorder>
                  <Title order={2} size="h3" mb="xs">
                    {round.name}
                  </Title>
                  <SubmissionEditor
                    key={`${round.round_id}-${mine.submissions.find((s) => s.round_id === round.round_id)?.submission_id ?? 'new'}`}
                    round={round}
                    submission={mine.submissions.find((s) => s.round_id === round.round_id)}
                  />
                </Card>
              ))}
          </>
        )}
      </Stack>
    </Container>
  );
}
