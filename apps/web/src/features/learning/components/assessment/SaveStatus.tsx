import { Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { SaveState } from './use-autosave';

/** The autosave status, announced politely so a screen reader hears "Saved" without losing focus. */
export function SaveStatus({ state }: { state: SaveState }) {
  const content = (() => {
    switch (state.kind) {
      case 'pending':
      case 'saving':
        return (
          <Group gap={6} wrap="nowrap">
            <Loader size={12} aria-hidden="true" />
            <Text size="sm" c="dimmed">
              Saving…
            </Text>
          </Group>
        );
      case 'saved':
        return (
          <Group gap={6} wrap="nowrap">
            <IconCheck size={14} aria-hidden="true" color="var(--mantine-color-green-7)" />
            <Text size="sm" c="dimmed">
              Saved
            </Text>
          </Group>
        );
      case 'failed':
        return (
          <Group gap={6} wrap="nowrap">
            <IconAlertTriangle size={14} aria-hidden="true" color="var(--mantine-color-red-7)" />
            <Text size="sm" c="red.7">
              Not saved: {state.message}
            </Text>
          </Group>
        );
      default:
        return null;
    }
  })();
  return (
    <div role="status" aria-live="polite">
      {content}
    </div>
  );
}
