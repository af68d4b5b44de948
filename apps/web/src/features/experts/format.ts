/** Dates of sessions and slots in the viewer's own time zone (the browser's). */
export const dayLabel = (instant: string) =>
  new Date(instant).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

export const timeLabel = (instant: string) =>
  new Date(instant).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export const whenLabel = (instant: string) => `${dayLabel(instant)}, ${timeLabel(instant)}`;

/** Minutes from midnight as HH:MM, and back (null for anything else). */
export const minuteLabel = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export function parseMinute(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minute <= 1440 ? minute : null;
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
