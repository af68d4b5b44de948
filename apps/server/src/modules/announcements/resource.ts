import {
  ANNOUNCEMENTS_API,
  announcement,
  announcementBulkDelete,
  announcementCreate,
  announcementUpdate,
  announcementUpdateItem,
} from '@nexus/contracts';
import { announcements } from '../../db/schema';
import type { ResourceDefinition } from '../../http/resource-types';
import { announcementPolicies } from './policy';

const a = announcements;

/** Readable columns by API name: the whitelist for fields, filters, search, sort and output. */
export const ANNOUNCEMENT_COLUMNS = {
  announcement_id: a.announcement_id,
  tenant_id: a.tenant_id,
  role_id: a.role_id,
  title: a.title,
  body: a.body,
  status: a.status,
  publish_at: a.publish_at,
  pinned: a.pinned,
  expires_at: a.expires_at,
  published_by: a.published_by,
  published_at: a.published_at,
  created_by: a.created_by,
  modified_by: a.modified_by,
  created_at: a.created_at,
  modified_at: a.modified_at,
  is_deleted: a.is_deleted,
};

/**
 * The generic resource (DESIGN section 4): getAnnouncements, getAnnouncement/{id}, createAnnouncement,
 * updateAnnouncement/{id}, deleteAnnouncement/{id}/{user_id}. The audience (platform and every
 * tenant a reader belongs to, narrowed by role) and publishing are rules of their own, so list, get,
 * create and update have handlers in routes.ts; the factory serves the soft delete, scoped to the
 * caller's context like every write (the platform's rows on the main platform, a tenant's inside it).
 */
export const announcementsResource: ResourceDefinition = {
  entity: 'Announcement',
  basePath: ANNOUNCEMENTS_API,
  table: announcements,
  idColumn: 'announcement_id',
  bulkIdsKey: 'announcement_ids',
  columns: ANNOUNCEMENT_COLUMNS,
  searchable: ['title', 'body'],
  defaultSort: 'published_at',
  schemas: {
    item: announcement,
    create: announcementCreate,
    update: announcementUpdate,
    updateItem: announcementUpdateItem,
    bulkDelete: announcementBulkDelete,
  },
  policies: announcementPolicies,
  tenant: { column: announcements.tenant_id, shared: true },
  bulk: false,
  ownHandlers: ['list', 'get', 'create', 'update'],
  tags: ['announcements'],
};
