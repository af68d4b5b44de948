// Made on first use, not at import: building a number format loads locale data (tens of ms on a
// phone), and the pages that import this module render their first paint before any count.
let numbers: Intl.NumberFormat | undefined;
const format = (value: number) => {
  numbers ??= new Intl.NumberFormat('en');
  return numbers.format(value);
};

/**
 * "1 program", "12 programs", "More than 10,000 programs": the summary under a paged list. A total
 * that is not exact (a capped count, `meta.totalExact` false) is a lower bound and says so.
 */
export function countLabel(total: number, singular: string, plural: string, exact = true): string {
  const noun = total === 1 ? singular : plural;
  return exact ? `${format(total)} ${noun}` : `More than ${format(total)} ${plural}`;
}
