import { Group, type MantineBreakpoint, Text } from '@mantine/core';

/**
 * The product mark and name; the image is decorative because the name is beside it. `nameFrom` hides
 * the name below a breakpoint, where a header needs the room (the link around it carries the name).
 */
export function BrandMark({ size = 32, nameFrom }: { size?: number; nameFrom?: MantineBreakpoint }) {
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/nexus-mark.svg" alt="" width={size} height={size} />
      <Text component="span" fw={800} fz={size * 0.6} lh={1} visibleFrom={nameFrom}>
        Nexus
      </Text>
    </Group>
  );
}
