import { Badge, Group, Stack, Text } from '@mantine/core';
import type { CalendarItem } from '@nexus/contracts';
import { Modal } from '../../../shared/ui/Modal';
import { describeWhen, KIND_LABELS } from '../calendar-items';
import { ItemActions } from './ItemActions';

/** One item opened from the grid: when (in the viewer's zone), where, and its two actions. */
export function ItemDetails({
  item,
  timeZone,
  onClose,
}: {
  item: CalendarItem | null;
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={item?.title ?? ''}>
      {item ? (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">{KIND_LABELS[item.kind]}</Badge>
          </Group>
          <Text>{describeWhen(item, timeZone)}</Text>
          <Text size="sm" c="dimmed">
            Times in {timeZone}
          </Text>
          {item.location ? <Text size="sm">Where: {item.location}</Text> : null}
          {item.description ? <Text size="sm">{item.description}</Text> : null}
          <ItemActions item={item} />
        </Stack>
      ) : null}
    </Modal>
  );
}
