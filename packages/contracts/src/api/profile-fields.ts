import { z } from 'zod';
import { FILE_CONTENT_PATH } from './files';

export { options } from './options';

/** Field builders of the profile sections: one wording of every validation message. */
export function text(label: string, max: number) {
  return z
    .string(`${label} is required.`)
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
}
/** Optional text: an empty string means "clear it". */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}
/** Links members share (photo, CV, pitch deck): https only, so a page never embeds mixed or script URLs. */
export const httpsUrl = z
  .string()
  .trim()
  .max(2048, 'A link must be at most 2048 characters.')
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Enter a link starting with https://');
/**
 * A profile photo: an https link (kept valid for existing data) or the content path of a photo
 * uploaded through the files module (issue 15 point 4).
 */
export const photoUrl = z
  .string()
  .trim()
  .max(2048, 'A link must be at most 2048 characters.')
  .refine((value) => FILE_CONTENT_PATH.test(value) || httpsUrl.safeParse(value).success, {
    message: 'Upload a photo or enter a link starting with https://',
  });
export const optionalPhotoUrl = photoUrl
  .or(z.literal('').transform(() => null))
  .nullable()
  .optional();
export const optionalUrl = httpsUrl
  .or(z.literal('').transform(() => null))
  .nullable()
  .optional();
export function tags(label: string, max: number) {
  return z
    .array(text(label, 60), `${label} must be a list.`)
    .max(max, `List at most ${max} ${label.toLowerCase()}.`)
    .default([]);
}
/** "Required" when the value is missing, "must be a number" when it is something else. */
export const numberError = (label: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined ? `${label} is required.` : `${label} must be a number.`,
});
export function whole(label: string, min: number, max: number) {
  return z
    .number(numberError(label))
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max.toLocaleString('en')}.`);
}
export const amount = (label: string) =>
  z
    .number(numberError(label))
    .min(0, `${label} cannot be negative.`)
    .max(1_000_000_000_000, `${label} is too large.`);
export const yearMonth = (label: string) =>
  z
    .string(`${label} must be a month such as 2024-09.`)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label} must be a month such as 2024-09.`);
