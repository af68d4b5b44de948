import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import type { EventItem } from '@nexus/contracts';
import { useState } from 'react';
import { rangeIn } from '../time';

const FIRST = 5;

/** The upcoming sessions of a recurring event (the server's next 20), in the event's own zone. */
export function SessionList({ event }: { event: EventItem }) {
  const [all, setAll] = useState(false);
  const sessions = event.sessions ?? [];
  if (!event.rrule) return null;
  const shown = all ? sessions : sessions.slice(0, FIRST);
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Sessions
        </Title>
        {sessions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No session is still to come.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {sessions.length === 1 ? 'The last session' : `The next ${sessions.length} sessions`}, times in{' '}
              {event.time_zone}:
            </Text>
            <List size="sm" spacing={4} aria-label="Upcoming sessions">
              {shown.map((session) => (
                <List.Item key={session.starts_at}>
                  {rangeIn(session.starts_at, session.ends_at, event.time_zone)}
                </List.Item>
              ))}
            </List>
            {sessions.length > FIRST ? (
              <Button
                variant="subtle"
                size="xs"
                onClick={() => setAll(!all)}
                style={{ alignSelf: 'flex-start' }}
              >
                {all ? 'Show fewer' : `Show all ${sessions.length}`}
              </Button>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
