import dayjs from 'dayjs';

/** "Sat 14 Jun, 09:00–12:00" in the viewer's time zone. */
export function shiftLabel(startsAt: string, endsAt: string): string {
  const start = dayjs(startsAt);
  const end = dayjs(endsAt);
  const endFormat = start.isSame(end, 'day') ? 'HH:mm' : 'ddd D MMM, HH:mm';
  return `${start.format('ddd D MMM YYYY, HH:mm')}–${end.format(endFormat)}`;
}

export const hoursLabel = (hours: number) => `${hours % 1 === 0 ? hours : hours.toFixed(2)} h`;
