import dayjs from 'dayjs';

/**
 * Native date and datetime-local inputs hold local wall-clock text; the API takes ISO 8601 with an
 * offset (contracts `isoDate`). These convert between the two, empty meaning "no date".
 */
export function dateInputToIso(value: string): string | null {
  return value ? dayjs(value).toISOString() : null;
}

export function isoToDateInput(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD') : '';
}

export function isoToDateTimeInput(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '';
}

/** Field name to its first message, from a zod failure, for inline errors under each input. */
export function fieldErrors(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}
