import { Alert, Anchor, Badge, Box, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { CALENDAR_API, type EventItem, type MyEventRegistration } from '@nexus/contracts';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { downloadFile } from '../../../shared/api/download';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { NotFound } from '../../../shared/ui/NotFound';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import {
  useChangeMyRegistrationMutation,
  useEventQuery,
  useMyRegistrationQuery,
  useTicketQuery,
} from '../api';
import { STATUS_LABELS } from '../components/EventCard';
import { formatIn, rangeIn } from '../time';

/** The calendar item of a confirmed registration (docs/events-area.md: uid event-{id}, or per session). */
function calendarUid(event: EventItem): string {
  const first = event.sessions?.[0];
  return event.rrule && first
    ? `event-${event.event_id}-${new Date(first.starts_at).getTime()}`
    : `event-${event.event_id}`;
}

function Ticket({ eventId }: { eventId: number }) {
  const query = useTicketQuery(eventId);
  return (
    <QueryState
      label="your ticket"
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={!query.data}
      emptyText="No ticket"
      onRetry={() => query.refetch()}
    >
      {query.data ? (
        <Stack gap="xs" align="center">
          <Box
            role="img"
            aria-label="Ticket QR code"
            w={260}
            maw="100%"
            bg="white"
            p="sm"
            style={{ lineHeight: 0 }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders this SVG from the ticket code with qrcode-generator; it holds no user text.
            dangerouslySetInnerHTML={{ __html: query.data.svg }}
          />
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {query.data.ticket_code}
          </Text>
          {query.data.checked_in_at ? (
            <Badge color="teal.9" variant="filled">
              Checked in
            </Badge>
          ) : (
            <Text size="sm">Show this code at the entrance.</Text>
          )}
        </Stack>
      ) : null}
    </QueryState>
  );
}

function Registration({ event, mine }: { event: EventItem; mine: MyEventRegistration }) {
  const [confirming, setConfirming] = useState(false);
  const [change] = useChangeMyRegistrationMutation();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const live = ['pending', 'confirmed', 'waiting', 'offered'].includes(mine.status);
  const answered = event.questions.filter((question) => mine.answers[question.question_id]);

  const addToCalendar = async () => {
    setDownloadError(null);
    try {
      await downloadFile(
        `${CALENDAR_API}/downloadItem/${encodeURIComponent(calendarUid(event))}`,
        `event-${event.event_id}.ics`,
      );
    } catch (error) {
      setDownloadError((error as HttpQueryError).message ?? 'The download failed.');
    }
  };

  return (
    <Stack gap="lg">
      <Card withBorder>
        <Stack gap="sm">
          <Group gap="xs">
            <Text fw={600}>Status:</Text>
            <Badge color={mine.status === 'confirmed' ? 'teal.9' : 'blue.9'} variant="filled">
              {STATUS_LABELS[mine.status]}
            </Badge>
          </Group>
          {mine.certificate_path ? (
            <Anchor component={Link} to={mine.certificate_path} c="blue.9" fw={600}>
              Your certificate of attendance
            </Anchor>
          ) : null}
          {mine.status === 'waiting' && mine.waiting_position ? (
            <Text>You are number {mine.waiting_position} on the waiting list.</Text>
          ) : null}
          {mine.status === 'offered' ? (
            <Text>
              A seat is offered to you: accept it on the{' '}
              <Anchor component={Link} to={`/events/overview/${event.event_id}`}>
                event page
              </Anchor>
              {mine.offer_expires_at ? ` before ${formatIn(mine.offer_expires_at, event.time_zone)}` : ''}.
            </Text>
          ) : null}
          {mine.status === 'confirmed' && event.mode === 'online' ? (
            mine.online_url ? (
              <Text style={{ overflowWrap: 'anywhere' }}>
                Join online:{' '}
                <Anchor href={mine.online_url} target="_blank" rel="noopener noreferrer">
                  {mine.online_url}
                </Anchor>
              </Text>
            ) : null
          ) : null}
          {answered.length > 0 ? (
            <Stack gap={4}>
              <Text fw={600}>Your answers</Text>
              {answered.map((question) => (
                <Text key={question.question_id} size="sm">
                  {question.label}: {mine.answers[question.question_id]}
                </Text>
              ))}
            </Stack>
          ) : null}
          <Group gap="sm">
            {mine.status === 'confirmed' ? (
              <Button
                variant="light"
                leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
                onClick={addToCalendar}
              >
                Add to calendar (.ics)
              </Button>
            ) : null}
            {live ? (
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                Cancel registration
              </Button>
            ) : null}
          </Group>
          {downloadError ? (
            <Alert color="red" role="alert">
              {downloadError}
            </Alert>
          ) : null}
        </Stack>
      </Card>
      {mine.status === 'confirmed' ? (
        <Card withBorder>
          <Stack gap="sm">
            <Title order={2} size="h3">
              Ticket
            </Title>
            <Ticket eventId={event.event_id} />
          </Stack>
        </Card>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title="Cancel your registration?"
        message="Your seat goes to the next person waiting. You can register again while seats are open."
        confirmLabel="Cancel registration"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          await change({ eventId: event.event_id, verb: 'cancelRegistration' }).unwrap();
          notify.success('Your registration is cancelled.');
        }}
      />
    </Stack>
  );
}

/** /events/registered-event/{eventId}: my registration, the QR ticket, cancel, add to calendar. */
export default function RegisteredEventPage() {
  const { eventId } = useParams();
  const id = Number(eventId);
  const valid = Number.isInteger(id) && id > 0;
  const eventQuery = useEventQuery(id, { skip: !valid });
  const mineQuery = useMyRegistrationQuery(id, { skip: !valid });
  if (!valid) return <NotFound homeHref="/event-block" />;
  const event = eventQuery.data;
  const mine = mineQuery.data;
  // Someone who never registered (or opened another person's link) gets a way to register, not an
  // error: the event exists, only their registration does not.
  const notRegistered = Boolean(event) && (mineQuery.error as HttpQueryError | undefined)?.status === 404;
  return (
    <Container size="sm" py="lg">
      <QueryState
        label="your registration"
        isLoading={eventQuery.isLoading || mineQuery.isLoading}
        error={eventQuery.error ?? (notRegistered ? undefined : mineQuery.error)}
        isEmpty={!event || !mine}
        emptyText={notRegistered && event ? `You are not registered for ${event.title}` : 'No registration'}
        emptyAction={
          event ? (
            <Button component={Link} to={`/events/overview/${event.event_id}`} variant="light">
              Go to the event page
            </Button>
          ) : undefined
        }
        onRetry={() => {
          eventQuery.refetch();
          mineQuery.refetch();
        }}
      >
        {event && mine ? (
          <Stack gap="lg">
            <div>
              <Anchor component={Link} to={`/events/overview/${event.event_id}`} size="sm">
                Event page
              </Anchor>
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {event.title}
              </Title>
              <Text>
                {rangeIn(event.starts_at, event.ends_at, event.time_zone)} ({event.time_zone})
              </Text>
              <Text c="dimmed">{event.mode === 'online' ? 'Online' : (event.venue ?? 'In person')}</Text>
            </div>
            <Registration event={event} mine={mine} />
          </Stack>
        ) : null}
      </QueryState>
    </Container>
  );
}
