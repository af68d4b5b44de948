import { Group, Text } from '@mantine/core';

/** The product mark and name; the image is decorative because the name is beside it. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/nexus-mark.svg" alt="" width={size} height={size} />
      <Text component="span" fw={800} fz={size * 0.6} lh={1}>
        Nexus
      </Text>
    </Group>
  );
}
