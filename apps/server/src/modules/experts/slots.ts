/**
 * Free slots of an expert: weekly hours and exceptions are wall-clock minutes in the expert's time
 * zone, so each local day is turned into instants with that day's offset (a daylight-saving change
 * moves the UTC times, never the local ones). Pure functions; booking.ts and profiles.ts load rows.
 */

import { fromWall, isTimeZone, toWall } from '../../kernel/time-zones';

const MINUTE = 60_000;
const DAY = 86_400_000;

export { fromWall, isTimeZone, toWall };

export interface Hours {
  weekday: number;
  start_minute: number;
  end_minute: number;
}
export interface DayException {
  /** YYYY-MM-DD in the expert's zone. */
  day: string;
  kind: 'off' | 'extra';
  start_minute: number | null;
  end_minute: number | null;
}
export interface Busy {
  starts_at: Date;
  ends_at: Date;
}
export interface Calendar {
  time_zone: string;
  session_minutes: number;
  buffer_minutes: number;
  weekly: readonly Hours[];
  exceptions: readonly DayException[];
}
export interface Slot {
  starts_at: Date;
  ends_at: Date;
}

type Window = [number, number];

/** Subtracts `[cut0, cut1)` from each window. */
function cut(windows: Window[], [from, to]: Window): Window[] {
  return windows.flatMap(([a, b]): Window[] => {
    if (to <= a || from >= b) return [[a, b]];
    const out: Window[] = [];
    if (from > a) out.push([a, from]);
    if (to < b) out.push([to, b]);
    return out;
  });
}

/** The open minutes of one local day: weekly hours, less days off, plus extra hours. */
export function windowsOf(calendar: Calendar, day: string): Window[] {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  let windows: Window[] = calendar.weekly
    .filter((rule) => rule.weekday === weekday)
    .map((rule): Window => [rule.start_minute, rule.end_minute]);
  const todays = calendar.exceptions.filter((exception) => exception.day === day);
  for (const off of todays.filter((exception) => exception.kind === 'off')) {
    windows =
      off.start_minute === null || off.end_minute === null
        ? []
        : cut(windows, [off.start_minute, off.end_minute]);
  }
  for (const extra of todays.filter((exception) => exception.kind === 'extra')) {
    windows.push([extra.start_minute ?? 0, extra.end_minute ?? 0]);
  }
  return windows.sort((x, y) => x[0] - y[0]);
}

/** True when the slot starts or ends within `buffer` minutes of a booked session, or overlaps it. */
export function clashes(slot: Slot, busy: readonly Busy[], bufferMinutes: number): boolean {
  const buffer = bufferMinutes * MINUTE;
  return busy.some(
    (booked) =>
      slot.starts_at.getTime() < booked.ends_at.getTime() + buffer &&
      slot.ends_at.getTime() > booked.starts_at.getTime() - buffer,
  );
}

/**
 * The free slots starting in `[from, to)` and not before `now`: each window cut into sessions of the
 * expert's length from its start, less those that touch a booking or its buffer. `max` stops early.
 */
export function freeSlots(
  calendar: Calendar,
  busy: readonly Busy[],
  range: { from: Date; to: Date; now: Date; max?: number },
): Slot[] {
  const zone = calendar.time_zone;
  const length = calendar.session_minutes * MINUTE;
  const earliest = Math.max(range.from.getTime(), range.now.getTime());
  const slots: Slot[] = [];
  // Extra hours may overlap the weekly ones: a start is offered once.
  const seen = new Set<number>();
  const firstWall = toWall(new Date(earliest), zone);
  let dayStart = Date.UTC(firstWall.getUTCFullYear(), firstWall.getUTCMonth(), firstWall.getUTCDate()) - DAY;
  const lastWall = toWall(range.to, zone).getTime() + DAY;
  for (; dayStart <= lastWall; dayStart += DAY) {
    const day = new Date(dayStart).toISOString().slice(0, 10);
    for (const [open, close] of windowsOf(calendar, day)) {
      for (
        let minute = open;
        minute + calendar.session_minutes <= close;
        minute += calendar.session_minutes
      ) {
        const startsAt = fromWall(new Date(dayStart + minute * MINUTE), zone);
        if (startsAt.getTime() < earliest || startsAt.getTime() >= range.to.getTime()) continue;
        const slot = { starts_at: startsAt, ends_at: new Date(startsAt.getTime() + length) };
        if (seen.has(startsAt.getTime()) || clashes(slot, busy, calendar.buffer_minutes)) continue;
        seen.add(startsAt.getTime());
        slots.push(slot);
        if (range.max !== undefined && slots.length >= range.max) return slots;
      }
    }
  }
  return slots.sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
}
