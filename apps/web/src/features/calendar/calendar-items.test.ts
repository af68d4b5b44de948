import type { CalendarItem } from '@nexus/contracts';
import { describe, expect, it } from 'vitest';
import { describeWhen, initialView, toEventInput, viewFromParam } from './calendar-items';

const timed: CalendarItem = {
  uid: 'live-session-1',
  title: 'Call',
  start: '2026-12-01T15:00:00.000Z',
  end: '2026-12-01T16:00:00.000Z',
  all_day: false,
  url: '/program-content/1?unit=1',
  kind: 'live_session',
};
const allDay: CalendarItem = {
  ...timed,
  uid: 'program-start-1',
  start: '2026-12-01T00:00:00.000Z',
  end: '2026-12-02T00:00:00.000Z',
  all_day: true,
  kind: 'program_start',
};

describe('calendar items', () => {
  it('starts phones on the list and wider screens on the month; an address view wins if known', () => {
    expect(initialView(true)).toBe('list');
    expect(initialView(false)).toBe('month');
    expect(viewFromParam('week', true)).toBe('week');
    expect(viewFromParam('year', false)).toBe('month');
    expect(viewFromParam(null, true)).toBe('list');
  });

  it('gives FullCalendar instants for timed items and plain dates for all-day ones', () => {
    expect(toEventInput(timed)).toMatchObject({ id: 'live-session-1', start: timed.start, allDay: false });
    expect(toEventInput(allDay)).toMatchObject({ start: '2026-12-01', end: '2026-12-02', allDay: true });
  });

  it('states a time in the viewer time zone, and an all-day item on its own date everywhere', () => {
    expect(describeWhen(timed, 'Asia/Kolkata', 'en-GB')).toBe('Tue, 1 Dec 2026, 20:30 – 21:30');
    expect(describeWhen(timed, 'America/New_York', 'en-GB')).toBe('Tue, 1 Dec 2026, 10:00 – 11:00');
    expect(describeWhen(allDay, 'America/New_York', 'en-GB')).toBe('Tue, 1 Dec 2026 (all day)');
    const late = { ...timed, start: '2026-12-01T23:00:00.000Z', end: '2026-12-02T01:00:00.000Z' };
    expect(describeWhen(late, 'UTC', 'en-GB')).toBe('Tue, 1 Dec 2026, 23:00 – Wed, 2 Dec 2026, 01:00');
  });
});
