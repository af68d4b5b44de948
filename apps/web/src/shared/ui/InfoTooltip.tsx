import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

interface InfoTooltipProps {
  /** Accessible name of the trigger, e.g. 'About readiness scores'. */
  label: string;
  children: ReactNode;
  size?: number;
}

/**
 * The info tooltip of spec section 2: opens on hover, click, Enter or Space; closes on Escape or
 * an outside click. The trigger is a real button, so Enter and Space arrive as clicks. A click
 * pins it open; hovering only shows it until the pointer leaves. Mantine's Popover provides
 * positioning, Escape and outside-click handling.
 */
export function InfoTooltip({ label, children, size = 18 }: InfoTooltipProps) {
  const [openedBy, setOpenedBy] = useState<'hover' | 'pin' | null>(null);
  const close = () => setOpenedBy(null);

  return (
    <Popover
      opened={openedBy !== null}
      onChange={(opened) => {
        if (!opened) close();
      }}
      onClose={close}
      closeOnEscape
      closeOnClickOutside
      position="top"
      withArrow
      shadow="md"
      width={280}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          radius="xl"
          size="sm"
          aria-label={label}
          onClick={() => setOpenedBy((current) => (current === 'pin' ? null : 'pin'))}
          onMouseEnter={() => setOpenedBy((current) => current ?? 'hover')}
          onMouseLeave={() => setOpenedBy((current) => (current === 'hover' ? null : current))}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <IconInfoCircle size={size} aria-hidden="true" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown role="tooltip">
        <Text size="sm">{children}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
