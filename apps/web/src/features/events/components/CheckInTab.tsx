import { Alert, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { EVENT_REALTIME, type EventItem } from '@nexus/contracts';
import { useEffect, useRef, useState } from 'react';
import { useRoom } from '../../../app/realtime/use-room';
import { useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import { useCheckInCountQuery, useCheckInMutation, useRegistrationsQuery } from '../api';
import { formatIn } from '../time';

interface Outcome {
  ok: boolean;
  text: string;
}

/** The camera scanner: reads QR codes with @zxing/browser and hands each new code to `onCode`. */
function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const last = useRef<{ code: string; at: number } | null>(null);
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    let stopped = false;
    let controls: { stop: () => void } | null = null;
    (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        if (stopped || !video.current) return;
        // A look every 150 ms rather than zxing's 500: a ticket held up briefly at the door still reads.
        const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
        controls = await reader.decodeFromVideoDevice(undefined, video.current, (result) => {
          if (!result) return;
          const code = result.getText();
          const now = Date.now();
          // The camera sees the same code many times a second: one check-in per code every 3 s.
          if (last.current && last.current.code === code && now - last.current.at < 3000) return;
          last.current = { code, at: now };
          handler.current(code);
        });
        if (stopped) controls.stop();
      } catch (error) {
        if (!stopped) setFailure((error as Error).message || 'The camera could not be opened.');
      }
    })();
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, []);

  return (
    <Stack gap="xs">
      <video
        ref={video}
        aria-label="Camera preview"
        muted
        playsInline
        style={{ width: '100%', maxWidth: 420, background: '#000', borderRadius: 8 }}
      />
      {failure ? (
        <Alert color="red" role="alert" title="The camera could not start">
          {failure} Check in by searching a name below instead.
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          Hold the ticket’s QR code in front of the camera.
        </Text>
      )}
    </Stack>
  );
}

/** Check-in: the live count, a camera scanner, a ticket code field, and search-and-check-in. */
export function CheckInTab({ event }: { event: EventItem }) {
  const tenant = useAppSelector((state) =>
    state.auth.roleContext === 'tenant' ? state.auth.currentTenant : null,
  );
  // The organisers' room `event:{id}`: its check-in messages invalidate the count's tag, so the
  // count is live across the doors; a slow poll covers a dropped socket.
  useRoom(
    EVENT_REALTIME.room,
    event.event_id,
    tenant && tenant.tenant_id === event.tenant_id ? tenant.tenant_id : null,
  );
  const count = useCheckInCountQuery(event.event_id, { pollingInterval: 60_000 });
  const [checkIn, checking] = useCheckInMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState('');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const people = useRegistrationsQuery(
    { eventId: event.event_id, page: 1, limit: 10, search: debounced, status: 'confirmed' },
    { skip: !debounced },
  );

  const run = async (body: { ticket_code?: string; registration_id?: number }) => {
    try {
      const result = await checkIn({ eventId: event.event_id, ...body }).unwrap();
      setOutcome({ ok: true, text: `${result.name}: ${result.message}` });
      count.refetch();
    } catch (error) {
      // A second scan answers 409 "This ticket was already used at …" (in the event's time zone).
      setOutcome({ ok: false, text: (error as HttpQueryError).message ?? 'Request failed' });
    }
  };

  return (
    <Stack gap="lg">
      <div aria-live="polite">
        <Title order={2} size="h3">
          {count.data ? `${count.data.checked_in} of ${count.data.confirmed} checked in` : 'Checked in'}
        </Title>
      </div>
      {outcome ? (
        <Alert color={outcome.ok ? 'teal' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </Alert>
      ) : null}
      <Stack gap="sm">
        <Button
          variant={scanning ? 'default' : 'filled'}
          onClick={() => setScanning((on) => !on)}
          style={{ alignSelf: 'flex-start' }}
        >
          {scanning ? 'Stop the camera' : 'Scan tickets with the camera'}
        </Button>
        {scanning ? <Scanner onCode={(scanned) => run({ ticket_code: scanned })} /> : null}
      </Stack>
      <form
        onSubmit={(formEvent) => {
          formEvent.preventDefault();
          if (code.trim()) run({ ticket_code: code.trim() }).then(() => setCode(''));
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Ticket code"
            value={code}
            onChange={(change) => setCode(change.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" variant="light" loading={checking.isLoading} disabled={!code.trim()}>
            Check in code
          </Button>
        </Group>
      </form>
      <Stack gap="sm">
        <SearchField label="Find an attendee by name or email" value={search} onChange={setSearch} />
        {debounced ? (
          <QueryState
            label="attendees"
            isLoading={people.isLoading || people.isFetching}
            error={people.error}
            isEmpty={(people.data?.data ?? []).length === 0}
            emptyText="No confirmed attendee matches"
            onRetry={() => people.refetch()}
          >
            <Table>
              <Table.Tbody>
                {(people.data?.data ?? []).map((row) => (
                  <Table.Tr key={row.registration_id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {row.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.email}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {row.checked_in_at ? (
                        <Text size="sm">Checked in at {formatIn(row.checked_in_at, event.time_zone)}</Text>
                      ) : (
                        <Button
                          size="xs"
                          aria-label={`Check in ${row.name}`}
                          onClick={() => run({ registration_id: row.registration_id })}
                        >
                          Check in
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </QueryState>
        ) : (
          <Text size="sm" c="dimmed">
            Type a name to find someone without their ticket.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
