import type { Usage } from './api';

/** Admins are warned from this share of a limit on (issue 4 part 5). */
export const USAGE_WARNING_RATIO = 0.8;

export const USAGE_LABELS: Record<keyof Usage, string> = {
  users: 'Users',
  storage_gb: 'Storage (GB)',
  api_calls: 'API calls',
};

export type UsageLevel = 'ok' | 'warning' | 'full';

/** Share of a limit in percent (0–100, rounded down), and whether it warrants a warning. */
export function usageLevel(used: number, limit: number): { percent: number; level: UsageLevel } {
  if (!(limit > 0)) return { percent: 0, level: 'ok' };
  const ratio = used / limit;
  const percent = Math.min(100, Math.floor(ratio * 100));
  if (ratio >= 1) return { percent, level: 'full' };
  return { percent, level: ratio >= USAGE_WARNING_RATIO ? 'warning' : 'ok' };
}

/** One billing period of a subscription's usage, for the charts over time. */
export interface UsagePeriod {
  start: string;
  end: string;
  usage: Usage;
  current: boolean;
}

const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The finished periods the server appends to `usage_data` at each rollover, then the running one from
 * `current_usage`; malformed entries (an admin's hand correction) are skipped rather than drawn wrong.
 */
export function usageHistory(subscription: {
  usage_data?: Record<string, unknown>[];
  current_usage: Partial<Usage>;
  period_start?: string;
  period_end?: string;
}): UsagePeriod[] {
  const finished = (subscription.usage_data ?? []).flatMap((entry) =>
    typeof entry.period_start === 'string' && typeof entry.period_end === 'string'
      ? [
          {
            start: entry.period_start,
            end: entry.period_end,
            usage: {
              users: asNumber(entry.users),
              storage_gb: asNumber(entry.storage_gb),
              api_calls: asNumber(entry.api_calls),
            },
            current: false,
          },
        ]
      : [],
  );
  finished.sort((a, b) => a.start.localeCompare(b.start));
  if (!subscription.period_start || !subscription.period_end) return finished;
  const now = subscription.current_usage;
  return [
    ...finished,
    {
      start: subscription.period_start,
      end: subscription.period_end,
      usage: { users: now.users ?? 0, storage_gb: now.storage_gb ?? 0, api_calls: now.api_calls ?? 0 },
      current: true,
    },
  ];
}
