/**
 * Wall clocks of IANA time zones, shared by the areas that keep local times (events and their
 * sessions, experts' weekly hours): an instant to the wall clock of a zone and back, across
 * daylight-saving changes.
 */

/**
 * Formatters kept per zone and shape: making one costs far more than formatting with it (ICU loads
 * the zone), and mails, invites, session lists and slots format many instants in the same few zones.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A kept formatter of `zone` with `options` (named by `shape`, which stands for those options). */
export function zoneFormatter(
  shape: string,
  zone: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${shape} ${zone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    // Zones come from validated rows (IANA names, a few hundred at most); the bound is a guard.
    if (formatters.size >= 1_000) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const PARTS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** The offset (ms) of `zone` from UTC at `instant`. */
function offsetAt(instant: Date, zone: string): number {
  const parts = zoneFormatter('parts', zone, 'en-US', PARTS).formatToParts(instant);
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
