import { schemaResolver } from '@mantine/form';
import type { z } from 'zod';

export type FormValues = Record<string, unknown>;

const isBlank = (value: unknown) => value === '' || value === null || value === undefined;

/**
 * What the server receives: blank inputs left out, at every depth. Mantine keeps '' for an empty text
 * or number input and null for an empty select, while the shared schemas read an absent optional
 * field as "not given". Lists stay, even empty, so "add at least one" reads as such.
 */
export function cleanValues<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => cleanValues(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => !isBlank(inner))
        .map(([key, inner]) => [key, cleanValues(inner)]),
    ) as T;
  }
  return value;
}

/** The shared zod schema as a Mantine validator, run on the cleaned values: the server's own messages. */
export function schemaValidator(schema: z.ZodType) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: FormValues) => resolve(cleanValues(values));
}

/** Select and MultiSelect data from a contracts choice list. */
export function optionData(list: { labels: Record<string, string> }) {
  return Object.entries(list.labels).map(([value, label]) => ({ value, label }));
}

/** A choice's label, or the raw value when the list no longer has it. */
export function labelOf(list: { labels: Record<string, string> }, value: unknown): string {
  return typeof value === 'string' ? (list.labels[value] ?? value) : '';
}

/** Saved data over the form's empty values, keeping only the form's own fields. */
export function withSaved(initial: FormValues, saved: FormValues | undefined): FormValues {
  if (!saved) return initial;
  return Object.fromEntries(
    Object.keys(initial).map((key) => {
      const value = saved[key];
      const empty = initial[key];
      if (value === undefined || value === null) return [key, empty];
      if (empty && typeof empty === 'object' && !Array.isArray(empty) && typeof value === 'object') {
        return [key, withSaved(empty as FormValues, value as FormValues)];
      }
      return [key, value];
    }),
  );
}
