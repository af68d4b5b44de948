import { schemaResolver } from '@mantine/form';
import type { z } from 'zod';

export type FormValues = Record<string, unknown>;

const isEmpty = (value: unknown) =>
  value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/**
 * What the server receives: empty inputs are left out. Mantine keeps '' for an empty text or number
 * input, null for an empty select and [] for an empty list, while the shared schemas treat an absent
 * field as "not given" (a draft may leave it out; a submission is told it is required).
 */
export function cleanValues(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => !isEmpty(value)));
}

/**
 * The shared zod schema as a Mantine form validator, through Mantine's own Standard Schema resolver,
 * run on the cleaned values so the messages are exactly the server's.
 */
export function schemaValidator(schema: z.ZodType) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: FormValues) => resolve(cleanValues(values));
}

/** Select, MultiSelect and Checkbox data from a contracts choice list. */
export function optionData(list: { labels: Record<string, string> }) {
  return Object.entries(list.labels).map(([value, label]) => ({ value, label }));
}
