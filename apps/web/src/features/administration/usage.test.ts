import { describe, expect, it } from 'vitest';
import { usageHistory, usageLevel } from './usage';

describe('usageLevel', () => {
  it('warns from 80% and reads full at the limit', () => {
    expect(usageLevel(79, 100)).toEqual({ percent: 79, level: 'ok' });
    expect(usageLevel(80, 100)).toEqual({ percent: 80, level: 'warning' });
    expect(usageLevel(100, 100)).toEqual({ percent: 100, level: 'full' });
    expect(usageLevel(5, 0)).toEqual({ percent: 0, level: 'ok' });
  });
});

describe('usageHistory', () => {
  it('lists finished periods oldest first, then the running one from current_usage', () => {
    const periods = usageHistory({
      usage_data: [
        {
          period_start: '2026-10-01T00:00:00.000Z',
          period_end: '2026-11-01T00:00:00.000Z',
          users: 4,
          storage_gb: 1,
          api_calls: 900,
        },
        {
          period_start: '2026-09-01T00:00:00.000Z',
          period_end: '2026-10-01T00:00:00.000Z',
          users: 2,
          storage_gb: 0,
          api_calls: 300,
        },
      ],
      current_usage: { users: 5, storage_gb: 1.5, api_calls: 40 },
      period_start: '2026-11-01T00:00:00.000Z',
      period_end: '2026-12-01T00:00:00.000Z',
    });
    expect(
      periods.map((period) => [period.start.slice(0, 7), period.usage.api_calls, period.current]),
    ).toEqual([
      ['2026-09', 300, false],
      ['2026-10', 900, false],
      ['2026-11', 40, true],
    ]);
  });

  it('skips hand-corrected entries without a period and reads missing figures as zero', () => {
    const periods = usageHistory({
      usage_data: [
        { note: 'manual fix' },
        { period_start: '2026-10-01T00:00:00.000Z', period_end: '2026-11-01T00:00:00.000Z', users: 'many' },
      ],
      current_usage: {},
    });
    expect(periods).toEqual([
      {
        start: '2026-10-01T00:00:00.000Z',
        end: '2026-11-01T00:00:00.000Z',
        usage: { users: 0, storage_gb: 0, api_calls: 0 },
        current: false,
      },
    ]);
  });
});
