import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { EventItem, EventRegistrationStatus } from '@nexus/contracts';
import { IconMapPin, IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import { rangeIn } from '../time';

export const STATUS_LABELS: Record<EventRegistrationStatus, string> = {
  pending: 'Awaiting approval',
  confirmed: 'Registered',
  waiting: 'On the waiting list',
  offered: 'Seat offered',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

export function seatsLabel(event: EventItem): string {
  if (event.seats_left === null) return 'Open seats';
  if (event.seats_left <= 0) return 'Full: waiting list';
  return `${event.seats_left} ${event.seats_left === 1 ? 'seat' : 'seats'} left`;
}

/** One event of the discovery list: the title links to its page; when, where, seats, my state. */
export function EventCard({ event, manage = false }: { event: EventItem; manage?: boolean }) {
  const href = manage ? `/event/manage/${event.event_id}` : `/events/overview/${event.event_id}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`event-${event.event_id}`}>
      <Stack gap={6}>
        <Text
          id={`event-${event.event_id}`}
          component={Link}
          to={href}
          fw={700}
          size="lg"
          c="blue.9"
          style={{ overflowWrap: 'anywhere' }}
        >
          {event.title}
        </Text>
        <Text size="sm">{rangeIn(event.starts_at, event.ends_at, event.time_zone)}</Text>
        <Group gap={6} wrap="nowrap">
          {event.mode === 'online' ? (
            <IconVideo size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
          ) : (
            <IconMapPin size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
          )}
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {event.mode === 'online' ? 'Online' : (event.venue ?? 'In person')}
          </Text>
        </Group>
        {event.summary ? (
          <Text size="sm" lineClamp={2}>
            {event.summary}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          {event.status === 'draft' ? (
            <Badge color="gray.7" variant="filled">
              Draft
            </Badge>
          ) : null}
          <Badge color="teal.9" variant="outline">
            {seatsLabel(event)}
          </Badge>
          {event.my_status && event.my_status !== 'cancelled' ? (
            <Badge color="blue.9" variant="filled">
              {STATUS_LABELS[event.my_status]}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
