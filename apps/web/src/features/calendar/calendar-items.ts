import type { CalendarItem, CalendarItemKind } from '@nexus/contracts';

/** The views the page offers, by FullCalendar name; the list shows four weeks from this one. */
export const CALENDAR_VIEWS = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  list: 'listFourWeeks',
} as const;
export type CalendarViewName = keyof typeof CALENDAR_VIEWS;

/** Phones start on the list: a month grid's cells are too small to read there. */
export function initialView(narrow: boolean): CalendarViewName {
  return narrow ? 'list' : 'month';
}

export function viewFromParam(value: string | null, narrow: boolean): CalendarViewName {
  return value && value in CALENDAR_VIEWS ? (value as CalendarViewName) : initialView(narrow);
}

/** The viewer's IANA time zone, as the browser reports it; items are shown in it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const KIND_LABELS: Record<CalendarItemKind, string> = {
  live_session: 'Live session',
  attendance: 'Attendance',
  program_start: 'Program starts',
  program_end: 'Program ends',
  event: 'Event',
  competition_deadline: 'Competition deadline',
  expert_session: 'Expert session',
};

// Dark shades (Mantine's shade 9, and a deeper orange than its 9 for events): white event text on
// each keeps AA contrast (4.5:1 or more).
const KIND_COLOURS: Record<CalendarItemKind, string> = {
  live_session: '#1864ab',
  attendance: '#5f3dc4',
  program_start: '#087f5b',
  program_end: '#087f5b',
  event: '#c2410c',
  competition_deadline: '#c92a2a',
  expert_session: '#862e9c',
};

/** What FullCalendar draws for an item: times stay UTC instants, drawn in the viewer's zone. */
export function toEventInput(item: CalendarItem) {
  // An all-day item is a date, not an instant: as an instant, UTC midnight would fall on the day
  // before for anyone west of Greenwich.
  const date = (iso: string) => (item.all_day ? iso.slice(0, 10) : iso);
  return {
    id: item.uid,
    title: item.title,
    start: date(item.start),
    end: date(item.end),
    allDay: item.all_day,
    url: item.url,
    backgroundColor: KIND_COLOURS[item.kind],
    borderColor: KIND_COLOURS[item.kind],
  };
}

/**
 * When an item happens, in words, in the given time zone: "Tue 1 Dec 2026, 15:00 – 16:00". An
 * all-day item names its days (its end is the start of the day after its last).
 */
export function describeWhen(item: CalendarItem, timeZone: string, locale?: string): string {
  const start = new Date(item.start);
  const end = new Date(item.end);
  if (item.all_day) {
    const day = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    const last = new Date(end.getTime() - 86_400_000);
    return last.getTime() > start.getTime()
      ? `${day.format(start)} – ${day.format(last)} (all day)`
      : `${day.format(start)} (all day)`;
  }
  const date = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const sameDay = date.format(start) === date.format(end);
  return sameDay
    ? `${date.format(start)}, ${time.format(start)} – ${time.format(end)}`
    : `${date.format(start)}, ${time.format(start)} – ${date.format(end)}, ${time.format(end)}`;
}

/** The current month in the viewer's calendar, as an ISO range: the page's range before the grid reports its own. */
export function currentMonthRange(now = new Date()): { start: string; end: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), 1);
  const end = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  return { start: start.toISOString(), end: end.toISOString() };
}
