import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useVolunteerHoursQuery } from '../api';
import { hoursLabel } from './labels';

/**
 * A volunteer's hours and recent shifts for their profile page (issue 22 point 4): read through the
 * services API, which applies the profile's privacy. Shows nothing when there is nothing to show.
 */
export function VolunteerHoursCard({ userId }: { userId: number }) {
  const query = useVolunteerHoursQuery(userId);
  if (query.isLoading) return <Skeleton height={80} aria-label="Loading volunteering hours" />;
  // Nothing to show (no access, or an answer of another shape): the profile reads on without it.
  if (typeof query.data?.total_hours !== 'number') return null;
  const { total_hours, shifts_attended, recent } = query.data;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Volunteering hours
          </Title>
          <Text fw={700} size="lg">
            {hoursLabel(total_hours)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {shifts_attended === 0
            ? 'No recorded shifts yet.'
            : `${shifts_attended} shift${shifts_attended === 1 ? '' : 's'} attended`}
        </Text>
        {recent.length > 0 ? (
          <Stack gap={2} component="ul" style={{ paddingLeft: 18, margin: 0 }}>
            {recent.map((shift) => (
              <Text component="li" size="sm" key={`${shift.title}-${shift.starts_at}`}>
                {shift.title} · {shift.organisation} · {dayjs(shift.starts_at).format('D MMM YYYY')} ·{' '}
                {hoursLabel(shift.hours)}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
