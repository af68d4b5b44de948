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
