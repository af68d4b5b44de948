import { describe, expect, it } from 'vitest';
import { relativeDateLabel } from './relative-date';

// Local-time dates so the expectations hold in every time zone.
const NOW = new Date(2025, 5, 15, 12, 0, 0); // Jun 15, 2025 12:00
const MIN = 60_000;
const ahead = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * MIN);
const label = (date: Date, now: Date = NOW) => relativeDateLabel(date, now);

describe('relativeDateLabel, future (spec sections 2 and 9)', () => {
  it('counts minutes below 60, singular and plural', () => {
    expect(label(new Date(NOW.getTime() + 20_000))).toBe('Starts in 1 minute');
    expect(label(ahead(1))).toBe('Starts in 1 minute');
    expect(label(ahead(2))).toBe('Starts in 2 minutes');
    expect(label(ahead(59))).toBe('Starts in 59 minutes');
  });

  it('switches to hours at 60 minutes, up to 1439', () => {
    expect(label(ahead(60))).toBe('Starts in 1 hour');
    expect(label(ahead(119))).toBe('Starts in 1 hour');
    expect(label(ahead(120))).toBe('Starts in 2 hours');
    expect(label(ahead(1439))).toBe('Starts in 23 hours');
  });

  it('switches to days at 1440 minutes, up to 43199', () => {
    expect(label(ahead(1440))).toBe('Starts in 1 day');
    expect(label(ahead(2880))).toBe('Starts in 2 days');
    expect(label(ahead(43199))).toBe('Starts in 29 days');
  });

  it('names the date from 43200 minutes, adding the year only when it differs', () => {
    expect(label(ahead(43200))).toBe('Starts on Jul 15');
    expect(label(ahead(525599))).toBe('Starts on Jun 15, 2026');
    expect(label(new Date(2025, 11, 31, 9, 0))).toBe('Starts on Dec 31');
  });

  it('crosses the year boundary', () => {
    const december = new Date(2025, 11, 20, 12, 0);
    expect(label(new Date(2026, 0, 10, 12, 0), december)).toBe('Starts in 21 days');
    expect(label(new Date(2026, 1, 10, 12, 0), december)).toBe('Starts on Feb 10, 2026');
    expect(label(new Date(2025, 11, 20, 12, 0), new Date(2025, 10, 1, 12, 0))).toBe('Starts on Dec 20');
  });
});

describe('relativeDateLabel, past (spec sections 2 and 9)', () => {
  it('reads dayjs relative time below 43200 minutes', () => {
    expect(label(NOW)).toBe('a few seconds ago');
    expect(label(ago(5))).toBe('5 minutes ago');
    expect(label(ago(44))).toBe('44 minutes ago');
    expect(label(ago(59))).toBe('an hour ago');
    expect(label(ago(60))).toBe('an hour ago');
    expect(label(ago(180))).toBe('3 hours ago');
    expect(label(ago(1439))).toBe('a day ago');
    expect(label(ago(1440))).toBe('a day ago');
    expect(label(ago(2 * 1440))).toBe('2 days ago');
    expect(label(ago(25 * 1440))).toBe('25 days ago');
    expect(label(ago(43199))).toBe('a month ago');
  });

  it('reads MMM D from 43200 minutes up to 525599', () => {
    expect(label(ago(43200))).toBe('May 16');
    expect(label(ago(525599))).toBe('Jun 15');
  });

  it('reads YYYY MMM from 525600 minutes', () => {
    expect(label(ago(525600))).toBe('2024 Jun');
    expect(label(new Date(2019, 2, 3))).toBe('2019 Mar');
  });

  it('keeps MMM D across the year boundary within a year', () => {
    const january = new Date(2026, 0, 10, 12, 0);
    expect(label(new Date(2025, 10, 1, 12, 0), january)).toBe('Nov 1');
    expect(label(new Date(2025, 0, 9, 12, 0), january)).toBe('2025 Jan');
  });
});
