const numbers = new Intl.NumberFormat('en');

/**
 * "1 program", "12 programs", "More than 10,000 programs": the summary under a paged list. A total
 * that is not exact (a capped count, `meta.totalExact` false) is a lower bound and says so.
 */
export function countLabel(total: number, singular: string, plural: string, exact = true): string {
  const noun = total === 1 ? singular : plural;
  return exact ? `${numbers.format(total)} ${noun}` : `More than ${numbers.format(total)} ${plural}`;
}
