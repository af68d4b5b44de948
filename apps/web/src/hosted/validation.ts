import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

export const REQUIRED = 'Required.';
export const PASSWORDS_DIFFER = 'The passwords do not match.';

const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/**
 * Validates with the same contracts schema the server uses (DESIGN section 6) and returns the first
 * message per field. The schemas' own messages describe a wrong value; for an empty field (a format
 * or length rule failing on nothing) the page says 'Required.' instead. Rules between fields (custom
 * issues, such as the parent of a minor) keep their own words.
 */
export function schemaErrors(schema: z.ZodType, value: unknown): FieldErrors {
  const fields = (value ?? {}) as Record<string, unknown>;
  const result = schema.safeParse(value, {
    error: (issue) =>
      (issue.code === 'too_small' && issue.minimum === 1) || issue.input === undefined ? REQUIRED : undefined,
  });
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.code !== 'custom' && isBlank(fields[field]) ? REQUIRED : issue.message;
  }
  return errors;
}

/** Errors keyed by form field, renaming schema keys where the form names them differently. */
export function renameErrors(errors: FieldErrors, names: Record<string, string>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [names[key] ?? key, message]));
}
