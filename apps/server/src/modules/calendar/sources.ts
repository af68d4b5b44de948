import type { CalendarItem } from '@nexus/contracts';
import type { Database } from '../../db/client';

/** A half-open range of UTC instants [start, end). */
export interface CalendarRange {
  start: Date;
  end: Date;
}

/**
 * One kind of dated thing an area contributes to a user's calendar. It returns the items of `userId`
 * that overlap `range`, each with a uid stable across calls (feeds and downloads rely on it) and a
 * url of the page inside Nexus it links to. A source reads only what that user may see: the feed
 * calls it without a session, so it must not rely on a request's tenant scope.
 */
export type CalendarSource = (
  database: Database,
  userId: number,
  range: CalendarRange,
) => Promise<CalendarItem[]>;

const sources = new Map<string, CalendarSource>();

/**
 * The extension point of the calendar: learning registers its live sessions and program dates here;
 * events, competitions and expert sessions add theirs when they land. Registering a name again
 * replaces the source (one per name, so a test app built twice does not list items twice).
 */
export function addCalendarSource(name: string, source: CalendarSource): void {
  sources.set(name, source);
}

/** Everything dated for the user in the range, from every source, in time order. */
export async function collectItems(
  database: Database,
  userId: number,
  range: CalendarRange,
): Promise<CalendarItem[]> {
  const lists = await Promise.all([...sources.values()].map((source) => source(database, userId, range)));
  const seen = new Set<string>();
  const items: CalendarItem[] = [];
  for (const item of lists.flat()) {
    if (seen.has(item.uid)) continue;
    seen.add(item.uid);
    items.push(item);
  }
  return items.sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
}

/** True when an item spanning [start, end) overlaps the range. */
export function overlaps(start: Date, end: Date, range: CalendarRange): boolean {
  return start.getTime() < range.end.getTime() && end.getTime() > range.start.getTime();
}
