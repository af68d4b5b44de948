import { Alert, Badge, Button, Card, Container, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconVideo } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { CoverImage } from '../../../shared/ui/CoverPicker';
import { NotFound } from '../../../shared/ui/NotFound';
import { QueryState } from '../../../shared/ui/QueryState';
import { useEventQuery } from '../api';
import { seatsLabel } from '../components/EventCard';
import { MyRegistrationPanel } from '../components/MyRegistrationPanel';
import { RegisterForm } from '../components/RegisterForm';
import { SessionList } from '../components/SessionList';
import { rangeIn, viewerTimeZone } from '../time';

const LIVE = ['pending', 'confirmed', 'waiting', 'offered'];

/** /events/overview/{event_id}: the event, and registering for it (questions, waiting list, offers). */
export default function EventOverviewPage() {
  const { event_id } = useParams();
  const id = Number(event_id);
  const valid = Number.isInteger(id) && id > 0;
  const signedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const query = useEventQuery(id, { skip: !valid });
  if (!valid) return <NotFound homeHref="/event-block" />;
  const event = query.data;
  const viewerZone = viewerTimeZone();
  // A recurring event runs until its last session: the server answers the sessions still to come.
  const ended = event
    ? event.rrule
      ? (event.sessions ?? []).length === 0
      : new Date(event.ends_at).getTime() < Date.now()
    : false;
  // The header names the next session of a recurring event, not its first (which may be long past).
  const nextSession = event?.rrule ? event.sessions?.[0] : undefined;
  const when = nextSession ?? { starts_at: event?.starts_at ?? '', ends_at: event?.ends_at ?? '' };

  return (
    <Container size="md" py="lg">
      <QueryState
        label="the event"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={!event}
        emptyText="Event not found"
        onRetry={() => query.refetch()}
      >
        {event ? (
          <Stack gap="lg">
            <CoverImage fileId={event.cover_file_id} height={200} />
            <Stack gap="xs">
              <Group gap="xs">
                {event.status === 'draft' ? (
                  <Badge color="gray.7" variant="filled">
                    Draft
                  </Badge>
                ) : null}
                <Badge color="teal.9" variant="outline">
                  {seatsLabel(event)}
                </Badge>
              </Group>
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {event.title}
              </Title>
              {event.summary ? <Text c="dimmed">{event.summary}</Text> : null}
              {event.can_manage ? (
                <Button
                  component={Link}
                  to={`/event/manage/${event.event_id}`}
                  variant="light"
                  style={{ alignSelf: 'flex-start' }}
                >
                  Manage event
                </Button>
              ) : null}
            </Stack>
            <Card withBorder>
              <Stack gap="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <IconCalendarEvent size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
                  <div>
                    <Text fw={600}>
                      {rangeIn(when.starts_at, when.ends_at, event.time_zone)} ({event.time_zone})
                    </Text>
                    {viewerZone !== event.time_zone ? (
                      <Text size="sm" c="dimmed">
                        Your time: {rangeIn(when.starts_at, when.ends_at, viewerZone)} ({viewerZone})
                      </Text>
                    ) : null}
                    {event.rrule ? (
                      <Text size="sm" c="dimmed">
                        {nextSession
                          ? 'Next session; it repeats (see the sessions below).'
                          : 'First session; no session is still to come.'}
                      </Text>
                    ) : null}
                  </div>
                </Group>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  {event.mode === 'online' ? (
                    <IconVideo size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
                  ) : (
                    <IconMapPin size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
                  )}
                  <Text style={{ overflowWrap: 'anywhere' }}>
                    {event.mode === 'online'
                      ? event.online_url
                        ? `Online: ${event.online_url}`
                        : 'Online: link after registration'
                      : (event.venue ?? 'In person')}
                  </Text>
                </Group>
              </Stack>
            </Card>
            <SessionList event={event} />
            {event.description ? (
              <Typography>
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when saved (docs/events-area.md). */}
                <div dangerouslySetInnerHTML={{ __html: event.description }} />
              </Typography>
            ) : null}
            <Card withBorder>
              <Stack gap="md">
                <Title order={2} size="h3">
                  Registration
                </Title>
                {!signedIn ? (
                  <Stack gap="xs" align="flex-start">
                    <Text>Sign in to register for this event.</Text>
                    <Button component={Link} to="/login">
                      Sign in
                    </Button>
                  </Stack>
                ) : event.my_status && LIVE.includes(event.my_status) ? (
                  <MyRegistrationPanel event={event} />
                ) : event.status !== 'published' ? (
                  <Alert color="gray">This event is a draft: registration opens once it is published.</Alert>
                ) : ended ? (
                  <Alert color="gray">This event has already ended.</Alert>
                ) : (
                  <RegisterForm event={event} />
                )}
              </Stack>
            </Card>
          </Stack>
        ) : null}
      </QueryState>
    </Container>
  );
}
