import { EVENT_MESSAGES } from '@nexus/contracts';
import { RRule, rrulestr } from 'rrule';
import { formatIn, instantOf, wallClockIn } from './time';

/**
 * The recurrence editor's model: the rules it can show as fields (daily, weekly on chosen days,
 * monthly on the start's day; an interval; never ending, after N sessions or through a date), and
 * any other RRULE kept as text. The server expands a rule (RFC 5545, no DTSTART) on the wall clock
 * of the event's zone (docs/events-area.md); the preview here does the same with the same library.
 */
export const WEEKDAYS = [
  { code: 'MO', short: 'Mon', long: 'Monday' },
  { code: 'TU', short: 'Tue', long: 'Tuesday' },
  { code: 'WE', short: 'Wed', long: 'Wednesday' },
  { code: 'TH', short: 'Thu', long: 'Thursday' },
  { code: 'FR', short: 'Fri', long: 'Friday' },
  { code: 'SA', short: 'Sat', long: 'Saturday' },
  { code: 'SU', short: 'Sun', long: 'Sunday' },
] as const;
export type WeekdayCode = (typeof WEEKDAYS)[number]['code'];
export type Frequency = 'none' | 'daily' | 'weekly' | 'monthly' | 'custom';
export type RecurrenceEnd = 'never' | 'count' | 'until';

export const RECURRENCE_LIMITS = {
  intervalMax: 99,
  // The server works out an event's last end from its first 500 sessions.
  countMax: 500,
  ruleMax: 500,
} as const;

export const RECURRENCE_MESSAGES = {
  interval: `Repeat every 1 to ${RECURRENCE_LIMITS.intervalMax}.`,
  weekdays: 'Choose at least one day of the week.',
  count: `Use a number of sessions from 1 to ${RECURRENCE_LIMITS.countMax}.`,
  untilMissing: 'Choose the date of the last session.',
  untilBeforeStart: 'The last date cannot come before the first session.',
  raw: EVENT_MESSAGES.badRrule,
} as const;

export interface RecurrenceDraft {
  frequency: Frequency;
  interval: number | '';
  weekdays: WeekdayCode[];
  ends: RecurrenceEnd;
  count: number | '';
  /** The last day sessions may start on, "2026-12-31" (on the event's wall clock). */
  until: string;
  /** The rule as text, for rules the fields cannot show. */
  raw: string;
}

export type RecurrenceErrors = Partial<Record<'interval' | 'weekdays' | 'count' | 'until' | 'raw', string>>;

const FREQUENCIES: Record<string, Frequency> = { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly' };
const CODES = WEEKDAYS.map((day) => day.code) as string[];

/** The weekday of a wall-clock time ("2026-12-01T18:00"); Monday when the time is not filled in. */
export function weekdayOf(wall: string): WeekdayCode {
  const day = new Date(`${wall.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return Number.isNaN(day) ? 'MO' : (WEEKDAYS[(day + 6) % 7]?.code ?? 'MO');
}

export function noRecurrence(startsWall: string): RecurrenceDraft {
  return {
    frequency: 'none',
    interval: 1,
    weekdays: [weekdayOf(startsWall)],
    ends: 'never',
    count: 4,
    until: '',
    raw: '',
  };
}

const wholeIn = (text: string | undefined, max: number) =>
  text !== undefined && /^\d{1,4}$/.test(text) && Number(text) >= 1 && Number(text) <= max
    ? Number(text)
    : null;

/** Reads a stored rule into the fields, or into `raw` (frequency custom) when they cannot show it. */
export function recurrenceOf(rule: string | null, startsWall: string): RecurrenceDraft {
  const empty = noRecurrence(startsWall);
  const text = (rule ?? '').trim().replace(/^RRULE:/i, '');
  if (!text) return empty;
  const custom: RecurrenceDraft = { ...empty, frequency: 'custom', raw: text };
  const parts = new Map<string, string>();
  for (const part of text.split(';')) {
    const [key, value, ...rest] = part.split('=');
    if (!key || value === undefined || rest.length > 0 || parts.has(key.toUpperCase())) return custom;
    parts.set(key.toUpperCase(), value.toUpperCase());
  }
  const frequency = FREQUENCIES[parts.get('FREQ') ?? ''];
  if (!frequency) return custom;
  const known = ['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', ...(frequency === 'weekly' ? ['BYDAY'] : [])];
  if ([...parts.keys()].some((key) => !known.includes(key))) return custom;
  const draft: RecurrenceDraft = { ...empty, frequency, raw: text };

  if (parts.has('INTERVAL')) {
    const interval = wholeIn(parts.get('INTERVAL'), RECURRENCE_LIMITS.intervalMax);
    if (interval === null) return custom;
    draft.interval = interval;
  }
  if (parts.has('BYDAY')) {
    const days = (parts.get('BYDAY') ?? '').split(',');
    if (days.some((day) => !CODES.includes(day)) || new Set(days).size !== days.length) return custom;
    draft.weekdays = CODES.filter((code) => days.includes(code)) as WeekdayCode[];
  }
  if (parts.has('COUNT') && parts.has('UNTIL')) return custom;
  if (parts.has('COUNT')) {
    const count = wholeIn(parts.get('COUNT'), RECURRENCE_LIMITS.countMax);
    if (count === null) return custom;
    draft.ends = 'count';
    draft.count = count;
  }
  if (parts.has('UNTIL')) {
    // Only the form this editor writes: through the end of that day on the event's wall clock.
    const until = /^(\d{4})(\d{2})(\d{2})T235959Z$/.exec(parts.get('UNTIL') ?? '');
    if (!until) return custom;
    draft.ends = 'until';
    draft.until = `${until[1]}-${until[2]}-${until[3]}`;
  }
  return draft;
}

/** The rule the server would expand from `wallStart`, or null when the text is not one it accepts. */
function parseRule(text: string, wallStart: Date): RRule | null {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!/FREQ=/i.test(body) || /DTSTART|[\r\n:]/i.test(body) || body.length > RECURRENCE_LIMITS.ruleMax)
    return null;
  try {
    const parsed = rrulestr(`RRULE:${body}`, { dtstart: wallStart });
    if (!(parsed instanceof RRule)) return null;
    return new RRule({ ...parsed.origOptions, dtstart: wallStart });
  } catch {
    return null;
  }
}

/** A wall-clock time as the Date whose UTC fields read it (how the rule is expanded). */
const wallDate = (wall: string) => new Date(`${wall.slice(0, 16)}:00Z`);

/** The field errors of a recurrence; none when it has no recurrence. */
export function recurrenceErrors(draft: RecurrenceDraft, startsWall: string): RecurrenceErrors {
  const errors: RecurrenceErrors = {};
  if (draft.frequency === 'none') return errors;
  if (draft.frequency === 'custom') {
    if (!parseRule(draft.raw, wallDate(startsWall || '2026-01-01T00:00')))
      errors.raw = RECURRENCE_MESSAGES.raw;
    return errors;
  }
  if (wholeIn(String(draft.interval), RECURRENCE_LIMITS.intervalMax) === null)
    errors.interval = RECURRENCE_MESSAGES.interval;
  if (draft.frequency === 'weekly' && draft.weekdays.length === 0)
    errors.weekdays = RECURRENCE_MESSAGES.weekdays;
  if (draft.ends === 'count' && wholeIn(String(draft.count), RECURRENCE_LIMITS.countMax) === null)
    errors.count = RECURRENCE_MESSAGES.count;
  if (draft.ends === 'until') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.until)) errors.until = RECURRENCE_MESSAGES.untilMissing;
    else if (startsWall && draft.until < startsWall.slice(0, 10))
      errors.until = RECURRENCE_MESSAGES.untilBeforeStart;
  }
  return errors;
}

/** The RRULE text the server stores (null: a single session); assumes no `recurrenceErrors`. */
export function ruleOf(draft: RecurrenceDraft): string | null {
  if (draft.frequency === 'none') return null;
  if (draft.frequency === 'custom') return draft.raw.trim().replace(/^RRULE:/i, '');
  const parts = [`FREQ=${draft.frequency.toUpperCase()}`];
  if (draft.interval !== '' && draft.interval > 1) parts.push(`INTERVAL=${draft.interval}`);
  if (draft.frequency === 'weekly') parts.push(`BYDAY=${draft.weekdays.join(',')}`);
  if (draft.ends === 'count') parts.push(`COUNT=${draft.count}`);
  if (draft.ends === 'until') parts.push(`UNTIL=${draft.until.replaceAll('-', '')}T235959Z`);
  return parts.join(';');
}

export interface RecurrencePreview {
  /** The next sessions' starts, formatted on the event's wall clock ("Tue 1 Dec 2026, 18:00"). */
  next: string[];
  /** How many sessions in all, when the rule ends within the server's 500; null otherwise. */
  total: number | null;
  /** True when the rule has neither COUNT nor UNTIL. */
  endless: boolean;
}

/**
 * The next `max` sessions from `now` of `rule` starting at `startsWall` in `zone`, expanded as the
 * server does; null when the rule does not parse. Walks at most 5,000 occurrences.
 */
export function previewOf(
  rule: string,
  startsWall: string,
  zone: string,
  { now = new Date(), max = 5 }: { now?: Date; max?: number } = {},
): RecurrencePreview | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(startsWall)) return null;
  const parsed = parseRule(rule, wallDate(startsWall));
  if (!parsed) return null;
  const finite = Boolean(parsed.origOptions.count || parsed.origOptions.until);
  // Compared as wall-clock text, so only the sessions shown pay for a zone conversion.
  const nowWall = wallClockIn(now.toISOString(), zone);
  const walls: string[] = [];
  let seen = 0;
  parsed.all((wall) => {
    seen += 1;
    const text = wall.toISOString().slice(0, 16);
    if (text >= nowWall && walls.length < max) walls.push(text);
    const wantMore = walls.length < max || (finite && seen <= RECURRENCE_LIMITS.countMax);
    return wantMore && seen < 5000;
  });
  return {
    next: walls.map((wall) => formatIn(instantOf(wall, zone), zone)),
    total: finite && seen <= RECURRENCE_LIMITS.countMax ? seen : null,
    endless: !finite,
  };
}
