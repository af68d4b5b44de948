/** The viewer's IANA time zone (what the browser says). */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Tue 1 Dec 2026, 18:00" in `timeZone`. */
export function formatIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/** Start to end in one zone: the end keeps only its time when on the same day. */
export function rangeIn(startsAt: string, endsAt: string, timeZone: string): string {
  const start = formatIn(startsAt, timeZone);
  const end = formatIn(endsAt, timeZone);
  const day = (text: string) => text.slice(0, text.lastIndexOf(','));
  const endText = day(start) === day(end) ? end.slice(end.lastIndexOf(',') + 2) : end;
  return `${start} – ${endText}`;
}

/** The value of a datetime-local input ("2026-12-01T18:00") for an instant, on `timeZone`'s wall clock. */
export function wallClockIn(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The instant (ISO, UTC) of a wall-clock time ("2026-12-01T18:00") in `timeZone`. */
export function instantOf(wallClock: string, timeZone: string): string {
  const asUtc = new Date(`${wallClock}:00Z`).getTime();
  // The zone's offset at that moment, found by reading the UTC guess back on its wall clock (twice,
  // so a guess across a daylight-saving change settles).
  let guess = asUtc;
  for (let step = 0; step < 2; step += 1) {
    const seen = new Date(`${wallClockIn(new Date(guess).toISOString(), timeZone)}:00Z`).getTime();
    guess += asUtc - seen;
  }
  return new Date(guess).toISOString();
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
