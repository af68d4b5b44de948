import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { CalendarItem } from '@nexus/contracts';
import { describeWhen, KIND_LABELS } from '../calendar-items';
import { ItemActions } from './ItemActions';

interface ItemListProps {
  items: readonly CalendarItem[];
  timeZone: string;
  /** The .ics download is the owner's: an admin checking someone's feed only looks. */
  download?: boolean;
  label: string;
}

/** The items as a plain list: what the grid shows, readable by keyboard and screen reader alike. */
export function ItemList({ items, timeZone, download = true, label }: ItemListProps) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper component="li" key={item.uid} withBorder p="sm" radius="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.title}
                </Text>
                <Badge variant="light" size="sm">
                  {KIND_LABELS[item.kind]}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {describeWhen(item, timeZone)}
                {item.location ? ` · ${item.location}` : ''}
              </Text>
            </Stack>
            <ItemActions item={item} download={download} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
