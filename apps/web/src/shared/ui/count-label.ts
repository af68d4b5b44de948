// Counts are whole numbers in the English interface: grouping digits by hand spares building an
// Intl.NumberFormat, whose locale data took some 80 ms of a throttled phone's first paint of /lxp.
const format = (value: number) => {
  const digits = String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
};

/**
 * "1 program", "12 programs", "More than 10,000 programs": the summary under a paged list. A total
 * that is not exact (a capped count, `meta.totalExact` false) is a lower bound and says so.
 */
export function countLabel(total: number, singular: string, plural: string, exact = true): string {
  const noun = total === 1 ? singular : plural;
  return exact ? `${format(total)} ${noun}` : `More than ${format(total)} ${plural}`;
}
