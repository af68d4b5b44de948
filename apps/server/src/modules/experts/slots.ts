/**
 * Free slots of an expert: weekly hours and exceptions are wall-clock minutes in the expert's time
 * zone, so each local day is turned into instants with that day's offset (a daylight-saving change
 * moves the UTC times, never the local ones). Pure functions; booking.ts and profiles.ts load rows.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The offset (ms) of `zone` from UTC at `instant`. */
function offsetAt(instant: Date, zone: string): number {
  const parts = formatterOf(zone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The wall clock of `zone` at `instant`, as a Date whose UTC fields read that wall clock. */
export const toWall = (instant: Date, zone: string) => new Date(instant.getTime() + offsetAt(instant, zone));

/** The instant at which the wall clock of `zone` reads the UTC fields of `wall`. */
export function fromWall(wall: Date, zone: string): Date {
  const guess = new Date(wall.getTime() - offsetAt(wall, zone));
  return new Date(wall.getTime() - offsetAt(guess, zone));
}

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
