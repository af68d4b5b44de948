import { Group, Loader, Text } from '@mantine/core';
import type { RealtimeStatus } from './connect';

/**
 * A quiet word in the header while a socket that was connected tries again; nothing otherwise. The
 * region stays in the page so screen readers hear the change (polite: it never interrupts). No
 * `status` role: pages have their own status lines (an answer's "Saved"), and this one must not be
 * mistaken for them.
 */
export function ReconnectingNotice({ status }: { status: RealtimeStatus }) {
  return (
    <div aria-live="polite" data-testid="realtime-status">
      {status === 'reconnecting' ? (
        <Group gap={6} wrap="nowrap">
          <Loader size={12} color="gray" aria-hidden />
          <Text size="xs" c="dimmed">
            Reconnecting…
          </Text>
        </Group>
      ) : null}
    </div>
  );
}
