import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { useRecordHoursMutation, useRosterQuery } from '../api';
import { hoursLabel, shiftLabel } from './labels';

/** The organiser's view: who signed up for each shift, and recording who came (the shift's length by default). */
export function Roster({ opportunityId }: { opportunityId: number }) {
  const query = useRosterQuery(opportunityId);
  const [record, recording] = useRecordHoursMutation();
  const mark = async (signupId: number, attended: boolean) => {
    try {
      await record({ signupId, attended }).unwrap();
      notify.success(attended ? 'Hours recorded' : 'Marked absent');
    } catch (error) {
      notify.error((error as HttpQueryError).message ?? 'We could not record the hours.');
    }
  };
  if (query.isLoading) return <Loader size="sm" aria-label="Loading the volunteers" />;
  if (query.error) return <Text c="red">{(query.error as HttpQueryError).message}</Text>;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Volunteers (organiser)
      </Title>
      {(query.data ?? []).map((shift) => {
        const started = new Date(shift.starts_at).getTime() <= Date.now();
        return (
          <Stack key={shift.shift_id} gap={4}>
            <Text size="sm" fw={600}>
              {shiftLabel(shift.starts_at, shift.ends_at)}
            </Text>
            {shift.volunteers.length === 0 ? (
              <Text size="xs" c="dimmed">
                Nobody yet.
              </Text>
            ) : (
              shift.volunteers.map((volunteer) => (
                <Group key={volunteer.signup_id} justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm">{volunteer.name}</Text>
                  {volunteer.status === 'attended' ? (
                    <Badge color="green.9">Attended · {hoursLabel(volunteer.hours ?? 0)}</Badge>
                  ) : volunteer.status === 'absent' ? (
                    <Badge color="gray.7">Absent</Badge>
                  ) : started ? (
                    <Group gap={4}>
                      <Button
                        size="xs"
                        disabled={recording.isLoading}
                        onClick={() => mark(volunteer.signup_id, true)}
                      >
                        Attended
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={recording.isLoading}
                        onClick={() => mark(volunteer.signup_id, false)}
                      >
                        Absent
                      </Button>
                    </Group>
                  ) : (
                    <Badge variant="light">Signed up</Badge>
                  )}
                </Group>
              ))
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
