import { type FilePurpose, IMAGE_VARIANT_WIDTHS, PROFILE_PHOTO_TYPES } from '@nexus/contracts';

/** What each purpose accepts, where its files belong, and who reads them (docs/files.md). */
export interface PurposeRule {
  types: readonly string[];
  /**
   * 'personal': kept on the main platform (tenant_id null) whatever the caller's context, never
   * counted against a tenant, e.g. a profile photo that shows in every tenant. 'context': the
   * caller's current tenant (or the main platform), counted into that tenant's storage_gb.
   */
  scope: 'personal' | 'context';
  /** Besides the owner and administrators: every signed-in user, members of the file's scope, or nobody. */
  readers: 'signedIn' | 'scope' | 'owner';
  /** Widths of WebP variants made of an image. */
  variants: readonly number[];
  /** A cap below UPLOAD_MAX_MB. */
  maxMb?: number;
}

const IMAGES = PROFILE_PHOTO_TYPES;
const AUDIO = ['audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/wav', 'audio/webm'];
const VIDEO = ['video/mp4', 'video/webm', 'video/ogg'];
const DOCUMENTS = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/plain',
  'text/csv',
];

export const PURPOSES: Record<FilePurpose, PurposeRule> = {
  'profile-photo': {
    types: IMAGES,
    scope: 'personal',
    readers: 'signedIn',
    variants: IMAGE_VARIANT_WIDTHS,
    maxMb: 10,
  },
  media: { types: [...IMAGES, ...AUDIO, ...VIDEO], scope: 'context', readers: 'scope', variants: [] },
  document: { types: [...DOCUMENTS, ...IMAGES], scope: 'context', readers: 'owner', variants: [] },
};
