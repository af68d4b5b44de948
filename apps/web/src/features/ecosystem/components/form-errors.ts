import type { z } from 'zod';
import type { HttpQueryError } from '../../../shared/api/base-api';

/** The first message per field of a failed parse, keyed by the field's path ("team.0.name"). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || 'form';
    out[path] ??= issue.message;
  }
  return out;
}

/** A failed mutation's message (the server's own sentence, e.g. "This cohort is not taking applications"). */
export const failure = (error: unknown, fallback: string) =>
  (error as HttpQueryError | undefined)?.message ?? (error instanceof Error ? error.message : fallback);
