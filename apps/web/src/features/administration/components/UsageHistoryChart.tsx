import { Group, SegmentedControl, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { Usage } from '../api';
import { USAGE_LABELS, type UsagePeriod, usageLevel } from '../usage';

/** The last year of monthly periods fits a phone's width. */
const MAX_PERIODS = 12;
const WIDTH = 600;
const HEIGHT = 180;
const PAD = { top: 12, right: 8, bottom: 28, left: 48 };
const FILL = {
  ok: 'var(--mantine-color-teal-6)',
  warning: 'var(--mantine-color-orange-6)',
  full: 'var(--mantine-color-red-6)',
};

function periodLabel(period: UsagePeriod): string {
  return dayjs(period.start).format('MMM YYYY');
}

/**
 * Usage over time (issue 4, part 7): one bar per billing period for the chosen metric, the plan's limit
 * as a dashed line, bars coloured by the same 80% rule as the usage bars. Drawn as plain SVG so the
 * page needs no chart library; a visually hidden table carries the figures for screen readers.
 */
export function UsageHistoryChart({ periods, limits }: { periods: UsagePeriod[]; limits: Partial<Usage> }) {
  const [metric, setMetric] = useState<keyof Usage>('users');
  const shown = periods.slice(-MAX_PERIODS);
  const limit = limits[metric] ?? 0;
  const values = shown.map((period) => period.usage[metric]);
  const top = Math.max(limit, ...values, 1);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(shown.length, 1);
  const barWidth = Math.min(48, slot * 0.6);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const label = USAGE_LABELS[metric];

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          Usage over time
        </Title>
        <SegmentedControl
          size="xs"
          value={metric}
          onChange={(value) => setMetric(value as keyof Usage)}
          data={(Object.keys(USAGE_LABELS) as (keyof Usage)[]).map((key) => ({
            value: key,
            label: USAGE_LABELS[key],
          }))}
          aria-label="Metric"
        />
      </Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No usage recorded yet.
        </Text>
      ) : (
        <figure style={{ margin: 0 }}>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            width="100%"
            role="img"
            aria-label={`${label} per billing period`}
            style={{ maxHeight: 220, display: 'block' }}
          >
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(0)}
              y2={y(0)}
              stroke="var(--mantine-color-gray-5)"
            />
            <text x={PAD.left - 6} y={y(top) + 4} textAnchor="end" fontSize="11" fill="currentColor">
              {top.toLocaleString()}
            </text>
            <text x={PAD.left - 6} y={y(0)} textAnchor="end" fontSize="11" fill="currentColor">
              0
            </text>
            {shown.map((period, index) => {
              const value = period.usage[metric];
              const x = PAD.left + slot * index + (slot - barWidth) / 2;
              const { level } = usageLevel(value, limit);
              return (
                <g key={period.start}>
                  <rect
                    x={x}
                    y={y(value)}
                    width={barWidth}
                    height={Math.max(0, y(0) - y(value))}
                    fill={FILL[level]}
                    opacity={period.current ? 1 : 0.75}
                    rx={2}
                  >
                    <title>{`${periodLabel(period)}: ${value.toLocaleString()}`}</title>
                  </rect>
                  <text
                    x={x + barWidth / 2}
                    y={HEIGHT - 10}
                    textAnchor="middle"
                    fontSize="11"
                    fill="currentColor"
                  >
                    {period.current ? 'Now' : periodLabel(period)}
                  </text>
                </g>
              );
            })}
            {limit > 0 ? (
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(limit)}
                y2={y(limit)}
                stroke="var(--mantine-color-red-6)"
                strokeDasharray="6 4"
              />
            ) : null}
          </svg>
          <Text component="figcaption" size="xs" c="dimmed">
            {label} per billing period; the dashed line is the plan's limit ({limit.toLocaleString()}).
          </Text>
          <VisuallyHidden>
            <table>
              <caption>{`${label} per billing period`}</caption>
              <thead>
                <tr>
                  <th>Period</th>
                  <th>{label}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((period) => (
                  <tr key={period.start}>
                    <td>{`${dayjs(period.start).format('D MMM YYYY')} to ${dayjs(period.end).format('D MMM YYYY')}`}</td>
                    <td>{period.usage[metric].toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </figure>
      )}
    </Stack>
  );
}
