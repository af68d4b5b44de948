import { z } from 'zod';
import { listQuery } from '../list-query';
import { HUB_GROUPS, HUB_LIMITS, HUB_MESSAGES, hubContent } from './schema';

export { HUB_CHILDREN_API, HUB_PAGES_API, HUB_TAG, HUBS_API } from '../area-paths';

/**
 * Hub pages (issue 22; docs/hubs.md): the published definition of a hub by its address, and the
 * editor's verbs. Platform hubs (tenant_id null) live at their spec routes; a tenant's own hub pages
 * have a slug and show on the tenant's home, /t/{type}/{name}/user/home.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** A tenant hub's address on its tenant home: `?hub={slug}`. */
export const hubSlug = z
  .string()
  .trim()
  .max(HUB_LIMITS.slugMax, `At most ${HUB_LIMITS.slugMax} characters.`)
  .regex(/^[a-z][a-z0-9-]*$/, HUB_MESSAGES.slugInvalid);

/** The page a visitor sees: the published version. */
export const publishedHub = z.object({
  hub_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  path: z.string(),
  group: z.enum(HUB_GROUPS),
  is_public: z.boolean(),
  definition: hubContent,
  published_at: z.string().nullable(),
  /** True when the caller may edit this hub (the page offers "Edit this hub"). */
  editable: z.boolean(),
});
export type PublishedHub = z.infer<typeof publishedHub>;

/** A hub as its editors see it: the draft they work on and what visitors see now. */
export const hubPage = z.object({
  hub_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  path: z.string(),
  group: z.enum(HUB_GROUPS),
  is_public: z.boolean(),
  title: z.string(),
  draft: hubContent,
  published: hubContent.nullable(),
  /** True when the draft differs from the published version. */
  has_changes: z.boolean(),
  published_at: z.string().nullable(),
  published_by: z.number().int().nullable(),
  updated_by: z.number().int().nullable(),
  updated_at: z.string(),
});
export type HubPage = z.infer<typeof hubPage>;

/** One row of the editor's list (no definitions, so the list stays small). */
export const hubPageSummary = hubPage.omit({ draft: true, published: true });
export type HubPageSummary = z.infer<typeof hubPageSummary>;

/** `byPath`: a platform hub by its route, or a tenant's hub by tenant and slug. */
export const hubByPathQuery = z
  .object({
    path: z.string().trim().min(1, 'Name the hub page.').max(300),
    tenant_id: id.optional(),
  })
  .strict();
export type HubByPathQuery = z.input<typeof hubByPathQuery>;

/**
 * `manage`: the hubs the caller edits (platform admins: the platform's, plus the current tenant's;
 * tenant admins: their tenant's). `tenant`: the published hub pages of the caller's current tenant.
 */
export const HUB_VIEWS = ['manage', 'tenant'] as const;
export const hubListQuery = listQuery
  .pick({ page: true, limit: true, search: true })
  .extend({ view: z.enum(HUB_VIEWS).default('manage') })
  .strict();
export type HubListQuery = z.input<typeof hubListQuery>;

export const hubCreate = z.object({ slug: hubSlug, draft: hubContent }).strict();
export type HubCreate = z.input<typeof hubCreate>;
export const hubUpdate = z.object({ draft: hubContent }).strict();
export type HubUpdate = z.input<typeof hubUpdate>;

/** A parent's child (identity's parent link) and the child's programs. */
export const childProgress = z.object({
  user_id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  programs: z.array(
    z.object({
      program_id: z.number().int(),
      title: z.string(),
      /** 0 to 100: completed units of the program's units. */
      progress: z.number(),
      completed: z.boolean(),
      enrolled_at: z.string().nullable(),
    }),
  ),
});
export type ChildProgress = z.infer<typeof childProgress>;
