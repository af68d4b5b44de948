import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useCancelSignupMutation, useMyShiftsQuery } from '../api';
import { hoursLabel, shiftLabel } from '../components/labels';

const STATUS = {
  signed_up: { label: 'Signed up', color: 'blue.9' },
  cancelled: { label: 'Cancelled', color: 'gray.7' },
  attended: { label: 'Attended', color: 'green.9' },
  absent: { label: 'Absent', color: 'orange.9' },
} as const;

/** /services/volunteering-services (spec section 2): the volunteer's own shifts and hours. */
export default function VolunteeringServicesPage() {
  const query = useMyShiftsQuery();
  const [cancel] = useCancelSignupMutation();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const shifts = query.data?.data ?? [];
  const hours = query.data?.hours;

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>My volunteering</Title>
            <Text c="dimmed">Your shifts and the hours organisers recorded for you.</Text>
          </div>
          <Button component={Link} to="/services/volunteer-services" variant="light">
            Find opportunities
          </Button>
        </Group>
        {hours ? (
          <SimpleGrid cols={{ base: 2 }} spacing="md">
            <Card withBorder padding="md">
              <Text size="xs" c="dimmed">
                Hours volunteered
              </Text>
              <Text fw={700} size="xl">
                {hoursLabel(hours.total_hours)}
              </Text>
            </Card>
            <Card withBorder padding="md">
              <Text size="xs" c="dimmed">
                Shifts attended
              </Text>
              <Text fw={700} size="xl">
                {hours.shifts_attended}
              </Text>
            </Card>
          </SimpleGrid>
        ) : null}
        <QueryState
          label="your shifts"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={shifts.length === 0}
          emptyText="You have not signed up for a shift yet"
          emptyAction={
            <Button component={Link} to="/services/volunteer-services" variant="light">
              Browse opportunities
            </Button>
          }
          onRetry={() => query.refetch()}
        >
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shifts.map((shift) => {
              const upcoming = new Date(shift.starts_at).getTime() > Date.now();
              const status = STATUS[shift.status];
              return (
                <Card component="li" withBorder padding="md" key={shift.signup_id}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <div>
                      <Text fw={700}>{shift.title}</Text>
                      <Text size="sm">
                        {shift.organisation} · {shift.location}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {shiftLabel(shift.starts_at, shift.ends_at)}
                      </Text>
                    </div>
                    <Group gap="xs">
                      <Badge color={status.color}>
                        {status.label}
                        {shift.hours !== null ? ` · ${hoursLabel(shift.hours)}` : ''}
                      </Badge>
                      {shift.status === 'signed_up' && upcoming ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setCancelling(shift.signup_id)}
                        >
                          Cancel
                        </Button>
                      ) : null}
                    </Group>
                  </Group>
                </Card>
              );
            })}
          </Stack>
        </QueryState>
      </Stack>
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel your sign-up?"
        message="Your place on this shift goes to someone else."
        confirmLabel="Cancel sign-up"
        onCancel={() => setCancelling(null)}
        onConfirm={async () => {
          if (cancelling === null) return;
          try {
            await cancel(cancelling).unwrap();
            notify.success('Sign-up cancelled');
          } catch (error) {
            throw new Error((error as HttpQueryError).message ?? 'We could not cancel.');
          }
        }}
      />
    </Container>
  );
}
