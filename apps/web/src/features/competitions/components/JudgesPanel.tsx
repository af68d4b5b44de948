import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notify } from '../../../shared/ui/notify';
import { useJudgesQuery, useSetJudgesMutation } from '../api';
import { PeoplePicker } from './PeoplePicker';
import { errorText } from './shared';

/** The organiser assigns and removes judges. */
export function JudgesPanel({ competitionId }: { competitionId: number }) {
  const judges = useJudgesQuery(competitionId);
  const [setJudges] = useSetJudgesMutation();
  const ids = (judges.data ?? []).map((j) => j.user_id);
  const save = async (next: number[], message: string) => {
    const result = await setJudges({ id: competitionId, user_ids: next });
    if ('error' in result) notify.error(errorText(result.error));
    else notify.success(message);
  };
  return (
    <Stack>
      {judges.error ? (
        <Alert color="red" role="alert">
          {errorText(judges.error)}
        </Alert>
      ) : null}
      {judges.data && judges.data.length === 0 ? (
        <Text c="dimmed">No judges yet: find people below.</Text>
      ) : null}
      {(judges.data ?? []).map((judge) => (
        <Group key={judge.user_id} justify="space-between" wrap="nowrap">
          <Text>{judge.name}</Text>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() =>
              void save(
                ids.filter((id) => id !== judge.user_id),
                `${judge.name} is no longer a judge.`,
              )
            }
          >
            Remove
          </Button>
        </Group>
      ))}
      <PeoplePicker
        competitionId={competitionId}
        label="Find a judge"
        action="Make judge"
        exclude={ids}
        onPick={(person) => void save([...ids, person.user_id], `${person.name} is now a judge.`)}
      />
    </Stack>
  );
}
