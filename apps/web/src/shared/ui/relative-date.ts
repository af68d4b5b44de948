import { RELATIVE_DATE_THRESHOLDS_MIN } from '@nexus/contracts';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

const { hour, day, month, year } = RELATIVE_DATE_THRESHOLDS_MIN;
const MINUTE_MS = 60_000;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * The relative date label of spec section 2 with the thresholds of spec section 9 (60, 1440,
 * 43200 and 525600 minutes). With m = whole minutes between `date` and `now`:
 *
 * Future (date after now), m at least 1:
 *   m < 60      'Starts in m minute(s)'
 *   m < 1440    'Starts in floor(m/60) hour(s)'
 *   m < 43200   'Starts in floor(m/1440) day(s)'
 *   otherwise   'Starts on MMM D' in the current year of `now`, else 'Starts on MMM D, YYYY'
 * Past (date at or before now):
 *   m < 43200   dayjs relativeTime, as the product always used it: 'a few seconds ago',
 *               '5 minutes ago', 'an hour ago', '3 hours ago', '2 days ago'; note that dayjs itself
 *               rounds (45 minutes reads 'an hour ago', 26 days 'a month ago')
 *   m < 525600  'MMM D'
 *   otherwise   'YYYY MMM'
 * Less than a minute ahead still reads 'Starts in 1 minute', never 'Starts in 0 minutes'.
 */
export function relativeDateLabel(date: Date | string | number, now: Date | string | number = new Date()) {
  const target = dayjs(date);
  const reference = dayjs(now);
  const diffMs = target.valueOf() - reference.valueOf();

  if (diffMs > 0) {
    const minutes = Math.max(1, Math.floor(diffMs / MINUTE_MS));
    if (minutes < hour) return `Starts in ${plural(minutes, 'minute')}`;
    if (minutes < day) return `Starts in ${plural(Math.floor(minutes / hour), 'hour')}`;
    if (minutes < month) return `Starts in ${plural(Math.floor(minutes / day), 'day')}`;
    return target.year() === reference.year()
      ? `Starts on ${target.format('MMM D')}`
      : `Starts on ${target.format('MMM D, YYYY')}`;
  }

  const minutes = Math.floor(-diffMs / MINUTE_MS);
  if (minutes < month) return target.from(reference);
  if (minutes < year) return target.format('MMM D');
  return target.format('YYYY MMM');
}
