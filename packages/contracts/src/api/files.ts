import { z } from 'zod';
import { pathId } from '../path-params';

/** The files module (issue 15 point 4; docs/files.md): one upload, download and delete for every area. */
export const FILES_API = '/api/files/files';

/**
 * What a file is for. The purpose decides which types are accepted, who may read the file and
 * whether images get resized variants (server: modules/files/purposes.ts).
 */
export const FILE_PURPOSES = ['profile-photo', 'media', 'document'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** What a purpose is called in messages to people (a purpose without a label is named as it is). */
export const FILE_PURPOSE_LABELS: Partial<Record<FilePurpose, string>> = {
  'profile-photo': 'a profile photo (PNG, JPEG, WebP or GIF)',
  media: 'media (an image, audio or video)',
  document: 'a document (PDF, Word, Excel, PowerPoint, text, CSV or an image)',
};

/** Widths, in pixels, of the WebP variants made of an image whose purpose asks for them. */
export const IMAGE_VARIANT_WIDTHS = [64, 256, 1024] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** Image types a profile photo may be (the picker's `accept`). */
export const PROFILE_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const FILE_MESSAGES = {
  notFound: 'File not found.',
  noFile: 'Send the file as multipart/form-data in a field named "file".',
  notMultipart: 'Send the upload as multipart/form-data.',
  malformed: 'The upload was cut short or is not well-formed multipart/form-data; nothing was stored.',
  purposeMissing: `Name the file's purpose: one of ${FILE_PURPOSES.join(', ')}.`,
  empty: 'The file is empty.',
  tooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB, the most one upload may be.`,
  unknownType: (purpose: FilePurpose) =>
    `This file's content is not a type accepted for ${FILE_PURPOSE_LABELS[purpose] ?? purpose}; nothing was stored.`,
  extensionMismatch: (detected: string) =>
    `The file's name or declared type does not match its content (${detected}); nothing was stored.`,
  imageUnreadable: 'The image could not be read, or it has too many pixels; nothing was stored.',
  notOwnDelete: 'The user_id in the path must be your own.',
  deleteForbidden: 'Only the owner or an administrator may delete this file.',
} as const;

const fileId = z.uuid('must be a file id (a UUID)');

export const fileParams = z.object({ fileId }).strict();
export const fileDeleteParams = z.object({ fileId, user_id: pathId }).strict();

export const uploadQuery = z.object({ purpose: z.enum(FILE_PURPOSES).optional() }).strict();

export const fileContentQuery = z
  .object({
    /** A resized WebP variant instead of the original (images whose purpose makes variants). */
    size: z.coerce
      .number()
      .refine((value) => (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(value), {
        message: `must be one of ${IMAGE_VARIANT_WIDTHS.join(', ')}`,
      })
      .optional(),
    /** 1: Content-Disposition attachment (save) instead of inline (show). */
    download: z.enum(['0', '1']).optional(),
  })
  .strict();

export const fileRecord = z.object({
  file_id: z.string(),
  purpose: z.enum(FILE_PURPOSES),
  /** The sanitised display name; never a storage path. */
  name: z.string(),
  /** Detected from the file's first bytes, not taken from the client. */
  content_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  /** Widths of the resized WebP variants (`?size=`), empty when none were made. */
  variants: z.array(z.number().int()),
  owner_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  /** Where the content is served: a path on this site, behind the access check. */
  url: z.string(),
  created_at: z.string(),
});
export type FileRecord = z.infer<typeof fileRecord>;

/** The path that serves a file's content (or one of its variants). */
export function fileContentPath(id: string, size?: ImageVariantWidth): string {
  return `${FILES_API}/content/${id}${size ? `?size=${size}` : ''}`;
}

/** A content path of this site's files module, as profile photos store it. */
export const FILE_CONTENT_PATH =
  /^\/api\/files\/files\/content\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\?size=(64|256|1024))?$/;

/** The file id inside a content path, or null when the text is not one. */
export function fileIdOfPath(path: string | null | undefined): string | null {
  if (!path || !FILE_CONTENT_PATH.test(path)) return null;
  return path.slice(`${FILES_API}/content/`.length, `${FILES_API}/content/`.length + 36);
}
