import { RelativeDate } from '../../../shared/ui/RelativeDate';

/**
 * When a program starts, in the relative wording of spec section 2: 'Starts in 3 days', 'Starts on
 * Mar 1'; a start already past reads 'Started 2 days ago' (or its date).
 */
export function StartDate({ date, now }: { date: string; now?: Date }) {
  const past = new Date(date).getTime() <= (now ?? new Date()).getTime();
  return (
    <>
      {past ? 'Started ' : null}
      <RelativeDate date={date} now={now} />
    </>
  );
}
