/** A PostgreSQL array literal of text values, bound as one parameter (never concatenated into SQL). */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
