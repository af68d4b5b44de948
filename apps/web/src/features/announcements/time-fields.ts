import dayjs from 'dayjs';

/**
 * Native datetime-local inputs hold local wall-clock text; the API takes ISO 8601 with an offset.
 * Empty means "no time".
 */
export function localToIso(value: string): string | null {
  return value ? dayjs(value).toISOString() : null;
}

export function isoToLocal(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '';
}
