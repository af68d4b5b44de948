const formats = new Map<string, Intl.DateTimeFormat>();

/** "1 Dec 2026, 18:00" on the wall clock of `timeZone` (the viewer's when absent). */
export function whenIn(iso: string, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** "3 members", "1 reply": a count and its noun. */
export function counted(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
