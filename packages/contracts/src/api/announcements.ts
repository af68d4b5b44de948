import { z } from 'zod';
import { auditFields, bulkIds, ignoredAuditInput } from '../entities/audit';
import { listQuery } from '../list-query';

export { ANNOUNCEMENT_REALTIME, ANNOUNCEMENTS_API } from '../area-paths';

/**
 * Announcements (issue 16 point 3): platform admins write to everyone or to a role, tenant admins to
 * their tenant or a role in it. A generic resource under /api/announcements/announcements/ with the
 * verbs getAnnouncements, getAnnouncement/{id}, createAnnouncement, updateAnnouncement/{id},
 * deleteAnnouncement/{id}/{user_id}, plus markRead/{id}.
 */

export const ANNOUNCEMENT_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/** `feed`: what the caller may read (published, unexpired); `manage`: what the caller may edit. */
export const ANNOUNCEMENT_VIEWS = ['feed', 'manage'] as const;
export type AnnouncementView = (typeof ANNOUNCEMENT_VIEWS)[number];

export const ANNOUNCEMENT_LIMITS = { titleMax: 200, bodyMax: 50_000 } as const;

export const ANNOUNCEMENT_MESSAGES = {
  notFound: 'Announcement not found.',
  publishAtNeeded: 'Choose when to publish a scheduled announcement.',
  publishAtPast: 'The publish time must be in the future.',
  expiresBeforePublish: 'The expiry must come after the announcement is published.',
  expiresPast: 'The expiry must be in the future.',
  bodyEmpty: 'Write the announcement.',
  titleEmpty: 'Give the announcement a title.',
  otherTenant: 'Tenant administrators may announce only to their own organisation.',
  notAllowed: 'Only administrators may publish announcements.',
  unknownRole: 'There is no such role in this audience.',
  unknownTenant: 'There is no such organisation.',
  alreadyPublished: 'A published announcement cannot go back to draft or scheduled.',
  deleted: 'Announcement deleted.',
  published: 'Announcement published.',
  scheduled: 'Announcement scheduled.',
  saved: 'Draft saved.',
} as const;

const isoDate = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time.' });
const id = z.number().int().positive().max(2_147_483_647);

/** One announcement as the API answers it; `unread` is the caller's own read state. */
export const announcement = z.object({
  announcement_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  role_id: z.number().int().nullable(),
  title: z.string(),
  /** Rich text (Tiptap HTML), sanitised by the server when saved. */
  body: z.string(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  publish_at: z.string().nullable(),
  pinned: z.boolean(),
  expires_at: z.string().nullable(),
  published_by: z.number().int().nullable(),
  published_at: z.string().nullable(),
  /** Lists and single reads carry it; a write answers without it. */
  unread: z.boolean().optional(),
  ...auditFields,
});
export type Announcement = z.infer<typeof announcement>;

const fields = {
  title: z
    .string()
    .trim()
    .min(1, ANNOUNCEMENT_MESSAGES.titleEmpty)
    .max(ANNOUNCEMENT_LIMITS.titleMax, `At most ${ANNOUNCEMENT_LIMITS.titleMax} characters.`),
  body: z
    .string()
    .min(1, ANNOUNCEMENT_MESSAGES.bodyEmpty)
    .max(ANNOUNCEMENT_LIMITS.bodyMax, `At most ${ANNOUNCEMENT_LIMITS.bodyMax} characters.`),
  /** The audience's tenant; absent: the caller's current context (null on the main platform). */
  tenant_id: id.nullable().optional(),
  /** Only holders of this role in the audience; null: everyone in it. */
  role_id: id.nullable().optional(),
  status: z.enum(ANNOUNCEMENT_STATUSES).optional(),
  publish_at: isoDate.nullable().optional(),
  pinned: z.boolean().optional(),
  expires_at: isoDate.nullable().optional(),
};

export const announcementCreate = z.object({ ...fields, ...ignoredAuditInput }).strict();
export type AnnouncementCreate = z.input<typeof announcementCreate>;
export const announcementUpdate = z
  .object({ ...fields, title: fields.title.optional(), body: fields.body.optional(), ...ignoredAuditInput })
  .strict();
export type AnnouncementUpdate = z.input<typeof announcementUpdate>;
export const announcementUpdateItem = announcementUpdate.extend({ announcement_id: id }).strict();
export const announcementBulkDelete = z.object({ announcement_ids: bulkIds, ...ignoredAuditInput }).strict();

/** The generic list query plus the view; the feed lists pinned first, then newest. */
export const announcementListQuery = listQuery
  .extend({ view: z.enum(ANNOUNCEMENT_VIEWS).default('feed') })
  .strict();
export type AnnouncementListQuery = z.input<typeof announcementListQuery>;

export const announcementRead = z.object({ announcement_id: z.number().int(), read_at: z.string() });
export type AnnouncementRead = z.infer<typeof announcementRead>;
