import dayjs from 'dayjs';
import { relativeDateLabel } from './relative-date';

interface RelativeDateProps {
  date: Date | string | number;
  /** The moment to compare with; defaults to the time of rendering. */
  now?: Date | string | number;
}

/** A `<time>` element with the spec section 2 wording; the full date stays available on hover. */
export function RelativeDate({ date, now }: RelativeDateProps) {
  const value = dayjs(date);
  return (
    <time dateTime={value.toISOString()} title={value.format('dddd, MMMM D, YYYY h:mm A')}>
      {relativeDateLabel(date, now ?? new Date())}
    </time>
  );
}
