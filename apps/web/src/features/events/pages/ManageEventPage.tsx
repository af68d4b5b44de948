import { Anchor, Badge, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { EventCreate } from '@nexus/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { NotFound } from '../../../shared/ui/NotFound';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { useCreateEventMutation, useEventQuery, useUpdateEventMutation } from '../api';
import { CheckInTab } from '../components/CheckInTab';
import { EventForm } from '../components/EventForm';
import { RegistrationsTab } from '../components/RegistrationsTab';

function CreateEvent() {
  const navigate = useNavigate();
  const [create, state] = useCreateEventMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (body: EventCreate) => {
    setFailure(null);
    try {
      const event = await create(body).unwrap();
      notify.success('Event created.');
      navigate(`/event/manage/${event.event_id}`, { replace: true });
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };
  return (
    <Stack gap="lg">
      <Title order={1}>Create event</Title>
      <EventForm submitLabel="Create event" busy={state.isLoading} failure={failure} onSubmit={submit} />
    </Stack>
  );
}

type Tab = 'details' | 'registrations' | 'check-in';

function EditEvent({ id }: { id: number }) {
  const query = useEventQuery(id);
  const [update, state] = useUpdateEventMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('details');
  const event = query.data;
  const submit = async (changes: EventCreate) => {
    setFailure(null);
    // The tenant is fixed at creation. An unchanged cover is not sent again: the server checks a
    // cover against the caller's own files, and a co-organiser did not upload it.
    const { tenant_id: _tenant, cover_file_id, ...others } = changes;
    const rest = cover_file_id === event?.cover_file_id ? others : { ...others, cover_file_id };
    try {
      await update({ id, changes: rest }).unwrap();
      notify.success('Event saved.');
    } catch (error) {
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };
  return (
    <QueryState
      label="the event"
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={!event}
      emptyText="Event not found"
      onRetry={() => query.refetch()}
    >
      {event ? (
        event.can_manage ? (
          <Stack gap="lg">
            <div>
              <Anchor component={Link} to={`/events/overview/${event.event_id}`} size="sm">
                Event page
              </Anchor>
              <Group gap="xs" align="center">
                <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                  {event.title}
                </Title>
                <Badge color={event.status === 'published' ? 'teal.9' : 'gray.7'} variant="filled">
                  {event.status === 'published' ? 'Published' : 'Draft'}
                </Badge>
              </Group>
              <Text c="dimmed">
                {event.capacity === null
                  ? `${event.seats_taken} registered, no seat limit`
                  : `${event.seats_taken} of ${event.capacity} seats taken`}
              </Text>
            </div>
            <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? 'details')} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="details">Details</Tabs.Tab>
                <Tabs.Tab value="registrations">Registrations</Tabs.Tab>
                <Tabs.Tab value="check-in">Check-in</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="details" pt="md">
                <EventForm
                  key={event.modified_at}
                  event={event}
                  submitLabel="Save event"
                  busy={state.isLoading}
                  failure={failure}
                  onSubmit={submit}
                />
              </Tabs.Panel>
              <Tabs.Panel value="registrations" pt="md">
                <RegistrationsTab event={event} />
              </Tabs.Panel>
              <Tabs.Panel value="check-in" pt="md">
                <CheckInTab event={event} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        ) : (
          <Text role="alert">Only the organisers of this event may manage it.</Text>
        )
      ) : null}
    </QueryState>
  );
}

/** /event/manage/{eventId}: create (`new`) or edit an event, its registrations and the check-in. */
export default function ManageEventPage() {
  const { eventId } = useParams();
  const id = Number(eventId);
  if (eventId !== 'new' && !(Number.isInteger(id) && id > 0)) return <NotFound homeHref="/event-block" />;
  return (
    <Container size="md" py="lg">
      {eventId === 'new' ? <CreateEvent /> : <EditEvent id={id} />}
    </Container>
  );
}
