import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { EventItem } from '@nexus/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useChangeMyRegistrationMutation, useMyRegistrationQuery } from '../api';
import { formatIn, viewerTimeZone } from '../time';

/** The signed-in person's registration on the overview: its state and what they may do next. */
export function MyRegistrationPanel({ event }: { event: EventItem }) {
  const query = useMyRegistrationQuery(event.event_id);
  const [change, changing] = useChangeMyRegistrationMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const mine = query.data;
  const ticketLink = `/events/registered-event/${event.event_id}`;

  const act = async (verb: 'acceptOffer' | 'declineOffer') => {
    setFailure(null);
    try {
      const result = await change({ eventId: event.event_id, verb }).unwrap();
      notify.success(result.message ?? (verb === 'acceptOffer' ? 'Seat accepted.' : 'Offer declined.'));
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <QueryState
      label="your registration"
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={!mine}
      emptyText="No registration"
      onRetry={() => query.refetch()}
    >
      {mine ? (
        <Stack gap="sm">
          {mine.status === 'confirmed' ? (
            <>
              <Text fw={600}>You are registered.</Text>
              <Button component={Link} to={ticketLink} style={{ alignSelf: 'flex-start' }}>
                My ticket
              </Button>
            </>
          ) : null}
          {mine.status === 'pending' ? (
            <>
              <Text fw={600}>Your registration awaits the organiser’s approval.</Text>
              <Button component={Link} to={ticketLink} variant="light" style={{ alignSelf: 'flex-start' }}>
                My registration
              </Button>
            </>
          ) : null}
          {mine.status === 'waiting' ? (
            <>
              <Text fw={600}>
                The event is full: you are on the waiting list
                {mine.waiting_position ? ` (position ${mine.waiting_position})` : ''}.
              </Text>
              <Text size="sm" c="dimmed">
                When a seat frees up we offer it to you by mail and here.
              </Text>
              <Button component={Link} to={ticketLink} variant="light" style={{ alignSelf: 'flex-start' }}>
                My registration
              </Button>
            </>
          ) : null}
          {mine.status === 'offered' ? (
            <>
              <Text fw={600}>A seat is offered to you.</Text>
              {mine.offer_expires_at ? (
                <Text size="sm">
                  Accept it before {formatIn(mine.offer_expires_at, viewerTimeZone())}, or it goes to the next
                  person waiting.
                </Text>
              ) : null}
              <Group gap="sm">
                <Button loading={changing.isLoading} onClick={() => act('acceptOffer')}>
                  Accept the seat
                </Button>
                <Button variant="default" disabled={changing.isLoading} onClick={() => act('declineOffer')}>
                  Decline
                </Button>
              </Group>
            </>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </QueryState>
  );
}
