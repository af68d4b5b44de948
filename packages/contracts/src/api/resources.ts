import { z } from 'zod';

export {
  RESOURCE_COLLECTIONS_API,
  RESOURCE_FILES_API,
  RESOURCE_ITEMS_API,
  RESOURCE_LIBRARY_API,
  RESOURCE_PLAYLISTS_API,
  RESOURCES_API,
} from '../api-paths';

import { RESOURCE_KINDS } from '../choice-lists';
import { pathId } from '../path-params';

export {
  RESOURCE_KIND_LABELS,
  RESOURCE_KIND_PAGES,
  RESOURCE_KINDS,
  type ResourceKind,
} from '../choice-lists';

/**
 * Resources (issue 21; docs/resources.md): the library's items of spec section 3's content kinds plus
 * publications and documents, collections and documents portals, versioned files with counted
 * downloads, faceted full-text search, playlists and a person's saved items with their progress.
 */

export const RESOURCE_VISIBILITIES = ['public', 'platform', 'tenant', 'role'] as const;
export type ResourceVisibility = (typeof RESOURCE_VISIBILITIES)[number];
export const RESOURCE_VISIBILITY_LABELS: Record<ResourceVisibility, string> = {
  public: 'Everyone, signed out too',
  platform: 'Everyone signed in',
  tenant: 'My organisation',
  role: 'One role of my organisation',
};
export const RESOURCE_STATUSES = ['draft', 'review', 'published'] as const;
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];
export const RESOURCE_FILE_SLOTS = ['main', 'caption', 'poster', 'audio', 'attachment'] as const;
export type ResourceFileSlot = (typeof RESOURCE_FILE_SLOTS)[number];

export const RESOURCE_LIMITS = {
  titleMax: 200,
  summaryMax: 2000,
  bodyMax: 200_000,
  tagsMax: 20,
  tagMax: 40,
  authorsMax: 20,
  chaptersMax: 100,
  pageMax: 100,
  playlistMax: 200,
} as const;

export const RESOURCE_MESSAGES = {
  itemNotFound: 'Resource not found.',
  linkedVentureNotFound: 'No startup or project with this id.',
  collectionNotFound: 'Collection not found.',
  playlistNotFound: 'Playlist not found.',
  fileNotFound: 'File not found.',
  notYourItem: 'Only the author or a manager can change this resource.',
  notManager: 'Only a manager of this collection can do this.',
  cannotUpload: 'Only the managers of this portal can add documents to it.',
  approvalNeeded: 'This portal publishes documents after a manager approves them: submit it for review.',
  notInReview: 'Only a resource waiting for review can be approved or sent back.',
  roleNeeded: 'Choose the role that may see this resource.',
  tenantNeeded: 'Switch to an organisation to share a resource with its members only.',
  fileNotYours: 'Attach only files you uploaded yourself.',
  fileTypeForSlot: 'This file type does not fit here: captions are WebVTT text, posters are images.',
  notCaptions: 'A captions file must be WebVTT: it starts with the line WEBVTT.',
  otherTenantCollection: 'This collection belongs to another organisation.',
  notYourPlaylist: 'Only the owner can change this playlist.',
  playlistItemsHidden: 'A playlist can only hold videos and podcasts you can see.',
  notOwnDelete: 'You can only delete as yourself.',
} as const;

const text = (max: number) => z.string().trim().max(max);
const tag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(RESOURCE_LIMITS.tagMax)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u, 'tags are words, digits, spaces, dots, dashes');
export const resourceChapter = z.object({
  start: z
    .number()
    .int()
    .min(0)
    .max(86_400 * 2),
  title: text(200).min(1),
});
export type ResourceChapter = z.infer<typeof resourceChapter>;
/**
 * What a case study is about: a startup or project of the ecosystem area, named by its id (the server
 * checks it exists and fills in its name and page), or any web page.
 */
export const resourceLink = z.union([
  z
    .object({
      type: z.enum(['startup', 'project']),
      id: z.number().int().positive(),
    })
    .strict(),
  z
    .object({
      type: z.literal('link'),
      name: text(200).min(1),
      url: z.url({ protocol: /^https?$/ }).max(2000),
    })
    .strict(),
]);
export type ResourceLinkInput = z.infer<typeof resourceLink>;
/** A link as read back: a startup's or project's carries its id and its page on this site. */
export const resourceLinkOut = z.object({
  type: z.enum(['startup', 'project', 'link']),
  id: z.number().int().optional(),
  name: z.string(),
  url: z.string(),
});
export type ResourceLink = z.infer<typeof resourceLinkOut>;

/**
 * An item's fields without defaults. An update changes only the fields it names: a default there
 * would put back the default of every field it leaves out (a PUT of `links` alone made the item a
 * tenant-only draft with no summary), so only createItem fills them in.
 */
const itemFields = {
  title: text(RESOURCE_LIMITS.titleMax).min(1, 'Give the resource a title.'),
  summary: text(RESOURCE_LIMITS.summaryMax),
  authors: z.array(text(200).min(1)).max(RESOURCE_LIMITS.authorsMax),
  tags: z.array(tag).max(RESOURCE_LIMITS.tagsMax),
  language: z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'a language code such as en or fr'),
  licence: text(200),
  body: z.string().max(RESOURCE_LIMITS.bodyMax),
  visibility: z.enum(RESOURCE_VISIBILITIES),
  role_id: z.number().int().positive().nullable(),
  cover_file_id: z.uuid().nullable(),
  chapters: z.array(resourceChapter).max(RESOURCE_LIMITS.chaptersMax),
  links: z.array(resourceLink).max(50),
  duration_seconds: z
    .number()
    .int()
    .min(0)
    .max(86_400 * 2)
    .nullable(),
  /** draft keeps it to its author; published asks to publish (review when the portal needs approval). */
  status: z.enum(['draft', 'review', 'published']),
};

export const resourceItemCreate = z
  .object({
    kind: z.enum(RESOURCE_KINDS),
    title: itemFields.title,
    summary: itemFields.summary.default(''),
    authors: itemFields.authors.default([]),
    tags: itemFields.tags.default([]),
    language: itemFields.language.default('en'),
    licence: itemFields.licence.default(''),
    body: itemFields.body.default(''),
    visibility: itemFields.visibility.default('tenant'),
    role_id: itemFields.role_id.default(null),
    collection_id: z.number().int().positive().nullable().default(null),
    cover_file_id: itemFields.cover_file_id.default(null),
    chapters: itemFields.chapters.default([]),
    links: itemFields.links.default([]),
    duration_seconds: itemFields.duration_seconds.default(null),
    status: itemFields.status.default('draft'),
  })
  .strict();
export type ResourceItemCreate = z.input<typeof resourceItemCreate>;
export const resourceItemUpdate = z.object(itemFields).partial().strict();
export type ResourceItemUpdate = z.input<typeof resourceItemUpdate>;

export const resourceFile = z.object({
  item_file_id: z.number().int(),
  file_id: z.string(),
  slot: z.enum(RESOURCE_FILE_SLOTS),
  version: z.number().int(),
  label: z.string(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  download_count: z.number().int(),
  is_current: z.boolean(),
  /** Where the bytes are served (the access check is the item's); byte ranges supported. */
  url: z.string(),
  hls_url: z.string().nullable(),
  created_at: z.string(),
});
export type ResourceFile = z.infer<typeof resourceFile>;

export const resourceItem = z.object({
  item_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  collection_id: z.number().int().nullable(),
  collection_name: z.string().nullable(),
  kind: z.enum(RESOURCE_KINDS),
  title: z.string(),
  summary: z.string(),
  authors: z.array(z.string()),
  tags: z.array(z.string()),
  language: z.string(),
  licence: z.string(),
  cover_file_id: z.string().nullable(),
  body: z.string(),
  visibility: z.enum(RESOURCE_VISIBILITIES),
  role_id: z.number().int().nullable(),
  status: z.enum(RESOURCE_STATUSES),
  chapters: z.array(resourceChapter),
  links: z.array(resourceLinkOut),
  duration_seconds: z.number().int().nullable(),
  published_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  modified_at: z.string(),
  /** The caller may edit it (author, collection manager, administrator). */
  can_manage: z.boolean(),
  /** The caller may approve it (a manager of its collection while it waits for review). */
  can_approve: z.boolean(),
  saved: z.boolean(),
  position_seconds: z.number().int(),
  progress_percent: z.number().int(),
  files: z.array(resourceFile),
});
export type ResourceItem = z.infer<typeof resourceItem>;

/** A search hit: the item's card fields and, with a search word, a highlighted excerpt. */
export const resourceCard = resourceItem
  .pick({
    item_id: true,
    tenant_id: true,
    collection_id: true,
    collection_name: true,
    kind: true,
    title: true,
    summary: true,
    authors: true,
    tags: true,
    language: true,
    cover_file_id: true,
    visibility: true,
    status: true,
    published_at: true,
    created_at: true,
  })
  .extend({ headline: z.string().nullable() });
export type ResourceCard = z.infer<typeof resourceCard>;

const csv = (values: readonly [string, ...string[]] | null, max: number) =>
  z
    .string()
    .max(2000)
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(values ? z.enum(values) : z.string().min(1).max(max)).max(20));

/**
 * The library's search: every filter optional (the defaults list the newest published items the
 * caller may see). Facets count the matches of the other filters per value.
 */
export const resourceSearchQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(RESOURCE_LIMITS.pageMax).default(20),
    search: z.string().trim().max(200).optional(),
    kind: csv(RESOURCE_KINDS, 40).optional(),
    tag: csv(null, RESOURCE_LIMITS.tagMax).optional(),
    language: csv(null, 10).optional(),
    collection_id: z.coerce.number().int().positive().optional(),
    year: z.coerce.number().int().min(1900).max(2200).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** mine: the caller's own items in any state; review: items waiting for the caller's approval. */
    scope: z.enum(['published', 'mine', 'review']).default('published'),
    sort: z.enum(['relevance', 'newest', 'oldest', 'title']).default('newest'),
    facets: z.enum(['true', 'false']).default('false'),
  })
  .strict();
export type ResourceSearchQuery = z.input<typeof resourceSearchQuery>;

export const facetCount = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCount>;
export const resourceFacets = z.object({
  kind: z.array(facetCount),
  tag: z.array(facetCount),
  language: z.array(facetCount),
  collection: z.array(facetCount),
  year: z.array(facetCount),
});
export type ResourceFacets = z.infer<typeof resourceFacets>;
export const resourceSearchAnswer = z.object({
  data: z.array(resourceCard),
  meta: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    facets: resourceFacets.nullable(),
  }),
});
export type ResourceSearchAnswer = z.infer<typeof resourceSearchAnswer>;

export const resourceItemParams = z.object({ id: pathId });
export const resourceDeleteParams = z.object({ id: pathId, user_id: pathId });
export const resourceReviewBody = z
  .object({ decision: z.enum(['approve', 'return']), note: text(1000).default('') })
  .strict();

export const resourceFileAttach = z
  .object({
    item_id: z.number().int().positive(),
    file_id: z.uuid(),
    slot: z.enum(RESOURCE_FILE_SLOTS).default('main'),
    label: text(200).default(''),
  })
  .strict();
export type ResourceFileAttach = z.input<typeof resourceFileAttach>;
export const resourceFileQuery = z.object({ download: z.enum(['1']).optional() }).strict();
/** A file of a video's HLS ladder: the master `index.m3u8`, a variant `v0.m3u8` or a segment `v0-3.ts`. */
export const resourceHlsParams = z.object({
  id: pathId,
  name: z
    .string()
    .max(40)
    .regex(/^(index|v\d{1,2}(-\d{1,5})?)\.(m3u8|ts)$/, 'Not a file of the HLS ladder.'),
});

export const collectionCreate = z
  .object({
    name: text(200).min(1, 'Give the collection a name.'),
    description: text(4000).default(''),
    is_portal: z.boolean().default(false),
    requires_approval: z.boolean().default(false),
    upload_rights: z.enum(['managers', 'members']).default('members'),
    visibility: z.enum(['public', 'platform', 'tenant']).default('tenant'),
    managers: z.array(z.number().int().positive()).max(50).default([]),
  })
  .strict();
export type CollectionCreate = z.input<typeof collectionCreate>;
export const collectionUpdate = collectionCreate.partial().strict();
export const resourceCollection = z.object({
  collection_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  is_portal: z.boolean(),
  requires_approval: z.boolean(),
  upload_rights: z.enum(['managers', 'members']),
  visibility: z.enum(['public', 'platform', 'tenant']),
  managers: z.array(z.number().int()),
  item_count: z.number().int(),
  can_manage: z.boolean(),
  can_upload: z.boolean(),
});
export type ResourceCollection = z.infer<typeof resourceCollection>;
export const collectionListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(RESOURCE_LIMITS.pageMax).default(20),
    search: z.string().trim().max(200).optional(),
    portals: z.enum(['true', 'false']).optional(),
  })
  .strict();

export const playlistCreate = z
  .object({
    title: text(200).min(1, 'Give the playlist a title.'),
    description: text(2000).default(''),
    visibility: z.enum(['public', 'private']).default('private'),
    item_ids: z.array(z.number().int().positive()).max(RESOURCE_LIMITS.playlistMax).default([]),
  })
  .strict();
export type PlaylistCreate = z.input<typeof playlistCreate>;
export const playlistUpdate = playlistCreate.partial().strict();
export const resourcePlaylist = z.object({
  playlist_id: z.number().int(),
  owner_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  visibility: z.enum(['public', 'private']),
  items: z.array(resourceCard),
  can_manage: z.boolean(),
  saved: z.boolean(),
  created_at: z.string(),
});
export type ResourcePlaylist = z.infer<typeof resourcePlaylist>;
export const playlistListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(RESOURCE_LIMITS.pageMax).default(20),
    mine: z.enum(['true', 'false']).optional(),
  })
  .strict();

export const libraryProgress = z
  .object({
    position_seconds: z
      .number()
      .int()
      .min(0)
      .max(86_400 * 2)
      .optional(),
    progress_percent: z.number().int().min(0).max(100).optional(),
  })
  .strict();
export const librarySave = z
  .object({
    item_id: z.number().int().positive().optional(),
    playlist_id: z.number().int().positive().optional(),
    saved: z.boolean(),
  })
  .strict()
  .refine((body) => (body.item_id === undefined) !== (body.playlist_id === undefined), {
    message: 'Name an item_id or a playlist_id, not both.',
  });
export const libraryEntry = z.object({
  item: resourceCard.nullable(),
  playlist: z
    .object({ playlist_id: z.number().int(), title: z.string(), count: z.number().int() })
    .nullable(),
  saved: z.boolean(),
  position_seconds: z.number().int(),
  progress_percent: z.number().int(),
  modified_at: z.string(),
});
export type LibraryEntry = z.infer<typeof libraryEntry>;
export const libraryListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(RESOURCE_LIMITS.pageMax).default(20),
  })
  .strict();
export const listMetaPlain = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  totalExact: z.boolean(),
});
