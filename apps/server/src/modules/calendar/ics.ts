import type { CalendarItem } from '@nexus/contracts';
import ical from 'ical-generator';

const PROD_ID = { company: 'Nexus', product: 'Calendar', language: 'EN' };

/**
 * An RFC 5545 calendar of the items (ical-generator 10). Times are written in UTC (`Z`), all-day
 * items as dates; each event's URL is the absolute address of its page, its UID the item's uid.
 */
export function icsOf(items: readonly CalendarItem[], publicOrigin: string, name: string): string {
  const calendar = ical({ name, prodId: PROD_ID, ttl: 60 * 60 });
  for (const item of items) {
    calendar.createEvent({
      id: item.uid,
      summary: item.title,
      start: new Date(item.start),
      end: new Date(item.end),
      allDay: item.all_day,
      url: new URL(item.url, publicOrigin).toString(),
      location: item.location ?? null,
      description: item.description ?? null,
    });
  }
  return calendar.toString();
}

/** A download name for one item: its title in plain characters, or the uid. */
export function icsFileName(item: CalendarItem): string {
  const base = item.title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 _-]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${base || item.uid}.ics`;
}
