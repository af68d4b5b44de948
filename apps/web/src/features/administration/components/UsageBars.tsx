import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Usage } from '../api';
import { USAGE_LABELS, usageLevel } from '../usage';

const COLORS = { ok: 'teal', warning: 'orange', full: 'red' } as const;

/** One bar per limit; from 80% a warning names the limit. */
export function UsageBars({ usage, limits }: { usage: Partial<Usage>; limits: Partial<Usage> }) {
  return (
    <Stack gap={6}>
      {(Object.keys(USAGE_LABELS) as (keyof Usage)[]).map((key) => {
        const used = usage[key] ?? 0;
        const limit = limits[key] ?? 0;
        const { percent, level } = usageLevel(used, limit);
        const label = USAGE_LABELS[key];
        return (
          <div key={key}>
            <Group justify="space-between" gap={4} wrap="nowrap">
              <Text size="xs">{label}</Text>
              <Text size="xs" c="dimmed">
                {used.toLocaleString()} / {limit.toLocaleString()}
              </Text>
            </Group>
            <Progress
              value={percent}
              color={COLORS[level]}
              size="sm"
              aria-label={`${label}: ${percent}% used`}
            />
            {level !== 'ok' ? (
              <Group gap={4} mt={2} c={COLORS[level]} wrap="nowrap">
                <IconAlertTriangle size={14} aria-hidden="true" />
                <Text size="xs" role="status">
                  {level === 'full' ? `${label} limit reached` : `${label} at ${percent}% of the limit`}
                </Text>
              </Group>
            ) : null}
          </div>
        );
      })}
    </Stack>
  );
}
