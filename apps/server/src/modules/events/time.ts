import rrule, { type RRule as Rule } from 'rrule';
import { fromWall, isTimeZone, toWall, zoneFormatter } from '../../kernel/time-zones';

// rrule ships CommonJS without named-export hints: Node's ESM loader (npm start, tsx) sees only its
// default export, so the names are read from it rather than imported.
const { RRule, rrulestr } = rrule;

export { isTimeZone };

const HOUR = 3_600_000;

function ruleOf(text: string, wallStart: Date): Rule {
  const body = text.replace(/^RRULE:/i, '');
  const parsed = rrulestr(`RRULE:${body}`, { dtstart: wallStart }) as Rule;
  return new RRule({ ...parsed.origOptions, dtstart: wallStart });
}

/** True when `text` is an RRULE this server can expand (FREQ given, no own DTSTART). */
export function isRrule(text: string): boolean {
  if (!/FREQ=/i.test(text) || /DTSTART/i.test(text)) return false;
  try {
    ruleOf(text, new Date(Date.UTC(2026, 0, 1)));
    return true;
  } catch {
    return false;
  }
}

export interface Session {
  start: Date;
  end: Date;
}

/**
 * The sessions of an event: the event itself, or the occurrences of its RRULE expanded on the wall
 * clock of its own time zone (so 18:00 in Paris stays 18:00 across a change of daylight saving time),
 * each lasting as long as the first. At most `max`, overlapping [from, to) when given.
 */
export function sessionsOf(
  event: { starts_at: Date; ends_at: Date; time_zone: string; rrule: string | null },
  range: { from?: Date; to?: Date; max?: number } = {},
): Session[] {
  const duration = Math.max(event.ends_at.getTime() - event.starts_at.getTime(), 0);
  const max = range.max ?? 20;
  const from = range.from?.getTime() ?? Number.NEGATIVE_INFINITY;
  const to = range.to?.getTime() ?? Number.POSITIVE_INFINITY;
  const fits = (session: Session) => session.end.getTime() > from && session.start.getTime() < to;
  if (!event.rrule) {
    const only = { start: event.starts_at, end: event.ends_at };
    return fits(only) ? [only] : [];
  }
  const rule = ruleOf(event.rrule, toWall(event.starts_at, event.time_zone));
  const sessions: Session[] = [];
  let seen = 0;
  rule.all((wall) => {
    seen += 1;
    const start = fromWall(wall, event.time_zone);
    const session = { start, end: new Date(start.getTime() + duration) };
    if (fits(session)) sessions.push(session);
    // Stop at the range's end, at `max` sessions, and after a bounded number of occurrences.
    return sessions.length < max && start.getTime() < to && seen < 5000;
  });
  return sessions.slice(0, max);
}

/** The last instant of the event (its last session's end), for "past" and registration cut-off. */
export function lastEnd(event: {
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  rrule: string | null;
}): Date {
  if (!event.rrule) return event.ends_at;
  const sessions = sessionsOf(event, { max: 500 });
  return sessions.at(-1)?.end ?? event.ends_at;
}

/** "Tue 1 Dec 2026, 18:00 (Europe/Paris)": how mails and messages show a time. */
export function formatIn(instant: Date, zone: string): string {
  const text = zoneFormatter('text', zone, 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
  return `${text} (${zone})`;
}

export { HOUR };
