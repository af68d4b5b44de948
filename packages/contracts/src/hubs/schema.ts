import { z } from 'zod';
import { ECOSYSTEM_SECTORS } from '../api/ecosystem-choices';
import { POSTING_TYPES } from '../api/hiring';
import { RESOURCE_KINDS } from '../api/resources';

/**
 * A hub page as data (issue 22; docs/hubs.md): its heading, intro, audience, themes, shortcuts and
 * the ordered blocks, each a live list of one area. The server validates every draft an editor saves
 * against these schemas, and the web renders what they accept; the defaults (./definitions.ts) pass
 * them too.
 */
export const HUB_LIMITS = {
  titleMax: 120,
  introMax: 400,
  audienceMax: 200,
  themeWordMax: 40,
  themesMax: 8,
  actionsMax: 6,
  blocksMin: 1,
  blocksMax: 12,
  blockTitleMax: 80,
  blockTextMax: 200,
  filterTextMax: 100,
  rowsMax: 20,
  tagsMax: 10,
  slugMax: 60,
} as const;

export const HUB_MESSAGES = {
  titleEmpty: 'Give the hub a title.',
  introEmpty: 'Write a short intro.',
  audienceEmpty: 'Say who the hub is for.',
  themesEmpty: 'Add at least one theme word.',
  blocksEmpty: 'Add at least one block.',
  blocksTooMany: `A hub shows at most ${HUB_LIMITS.blocksMax} blocks.`,
  blockTitleEmpty: 'Give the block a title.',
  blockTitleTaken: 'Two blocks have this title: block titles are unique on a page.',
  limitRange: `Show between 1 and ${HUB_LIMITS.rowsMax} rows.`,
  slugInvalid: 'Use lower-case letters, digits and dashes, starting with a letter.',
  slugTaken: 'Your organisation already has a hub page with this address.',
  notFound: 'Hub not found.',
  platformOnly: 'Only platform administrators may edit platform hubs.',
  tenantOnly: 'Switch to your organisation to make its hub pages.',
  nothingToPublish: 'The published version is already the draft.',
  saved: 'Draft saved.',
  published: 'Hub published.',
  created: 'Hub page created.',
  deleted: 'Hub page deleted.',
} as const;

/** Every block kind, in the order the editor's kind picker offers them. */
export const HUB_BLOCK_KINDS = [
  'events',
  'competitions',
  'communities',
  'topics',
  'posts',
  'people',
  'programs',
  'resources',
  'experts',
  'jobs',
  'fundingCalls',
  'readiness',
  'announcements',
  'children',
] as const;
export type HubBlockKind = (typeof HUB_BLOCK_KINDS)[number];

/** What the kind picker says of each kind. */
export const HUB_BLOCK_LABELS: Record<HubBlockKind, string> = {
  events: 'Events',
  competitions: 'Competitions',
  communities: 'Communities',
  topics: 'Forum discussions',
  posts: 'Posts',
  people: 'People you may know',
  programs: 'Programs',
  resources: 'Library items',
  experts: 'Experts',
  jobs: 'Jobs and internships',
  fundingCalls: 'Funding calls',
  readiness: 'Readiness journeys',
  announcements: 'Announcements',
  children: "Your children's learning",
};

const text = (max: number, empty: string) =>
  z.string().trim().min(1, empty).max(max, `At most ${max} characters.`);
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional();
const when = z.enum(['upcoming', 'past', 'all']);
/** A community id, or `mine`: the caller's communities. */
const community = z.union([z.literal('mine'), z.number().int().positive().max(2_147_483_647)]);
const search = optionalText(HUB_LIMITS.filterTextMax);
const none = z.object({}).strict();

const common = {
  /** The block's heading; unique on its page (it names the block's region and its "See all"). */
  title: text(HUB_LIMITS.blockTitleMax, HUB_MESSAGES.blockTitleEmpty),
  description: optionalText(HUB_LIMITS.blockTextMax),
  /** Rows shown; the blocks' default is 5. */
  limit: z
    .number()
    .int(HUB_MESSAGES.limitRange)
    .min(1, HUB_MESSAGES.limitRange)
    .max(HUB_LIMITS.rowsMax, HUB_MESSAGES.limitRange)
    .optional(),
  emptyText: optionalText(HUB_LIMITS.blockTextMax),
};

const block = <K extends HubBlockKind, F extends z.ZodType>(kind: K, filter: F) =>
  z.object({ kind: z.literal(kind), ...common, filter: filter.optional() }).strict();

/** One block; `filter` holds only what the kind's list query accepts (the lists' schemas are strict). */
export const hubBlock = z.discriminatedUnion('kind', [
  block('events', z.object({ when: when.optional(), community: community.optional() }).strict()),
  block('competitions', z.object({ when: when.optional(), community: community.optional() }).strict()),
  block('communities', z.object({ view: z.enum(['discover', 'mine']).optional() }).strict()),
  // The caller's first community's forum (TopicsBlock's default).
  block('topics', none),
  block('posts', z.object({ source: z.enum(['feed', 'latest']).optional() }).strict()),
  block('people', none),
  block('programs', z.object({ search, category: optionalText(HUB_LIMITS.filterTextMax) }).strict()),
  block(
    'resources',
    z
      .object({
        search,
        kinds: z.array(z.enum(RESOURCE_KINDS)).max(RESOURCE_KINDS.length).optional(),
        tags: z
          .array(z.string().trim().min(1).max(HUB_LIMITS.themeWordMax))
          .max(HUB_LIMITS.tagsMax)
          .optional(),
      })
      .strict(),
  ),
  block('experts', z.object({ search, expertise: optionalText(HUB_LIMITS.themeWordMax) }).strict()),
  block('jobs', z.object({ search, jobType: z.enum(POSTING_TYPES).optional() }).strict()),
  block('fundingCalls', z.object({ search, sector: z.enum(ECOSYSTEM_SECTORS.values).optional() }).strict()),
  block('readiness', none),
  block('announcements', none),
  // A parent's children and their programs (identity's parent link); empty for anyone else.
  block('children', none),
]);
export type HubBlock = z.infer<typeof hubBlock>;
export type Sector = (typeof ECOSYSTEM_SECTORS.values)[number];

export const hubAction = z
  .object({
    label: text(HUB_LIMITS.blockTitleMax, 'Name the shortcut.'),
    // An address inside the product: shortcuts never lead off the platform.
    href: z
      .string()
      .regex(/^\/[^/\\]/, 'Use an address inside the platform, starting with /.')
      .max(300),
  })
  .strict();

export const HUB_GROUPS = ['hub', 'audience-hub', 'home', 'tenant'] as const;
export type HubGroup = (typeof HUB_GROUPS)[number];

/** What an editor changes: everything but the page's address and group. */
export const hubContent = z
  .object({
    title: text(HUB_LIMITS.titleMax, HUB_MESSAGES.titleEmpty),
    /** One line under the heading: what the page is for. */
    intro: text(HUB_LIMITS.introMax, HUB_MESSAGES.introEmpty),
    /** Who the page is written for. */
    audience: text(HUB_LIMITS.audienceMax, HUB_MESSAGES.audienceEmpty),
    /** The page's theme words, shown under the intro. */
    theme: z
      .array(z.string().trim().min(1).max(HUB_LIMITS.themeWordMax))
      .min(1, HUB_MESSAGES.themesEmpty)
      .max(HUB_LIMITS.themesMax, `At most ${HUB_LIMITS.themesMax} theme words.`),
    /** Shortcuts above the blocks (the four audience hubs' shared layout). */
    actions: z.array(hubAction).max(HUB_LIMITS.actionsMax).optional(),
    /** In page order; on phones they stack in this order. */
    blocks: z
      .array(hubBlock)
      .min(HUB_LIMITS.blocksMin, HUB_MESSAGES.blocksEmpty)
      .max(HUB_LIMITS.blocksMax, HUB_MESSAGES.blocksTooMany),
  })
  .strict()
  .superRefine((content, ctx) => {
    const seen = new Set<string>();
    content.blocks.forEach((item, index) => {
      const key = item.title.trim().toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['blocks', index, 'title'],
          message: HUB_MESSAGES.blockTitleTaken,
        });
      seen.add(key);
    });
  });
export type HubContent = z.infer<typeof hubContent>;

/** A whole page: its content plus its address (the spec route, or a tenant hub's slug) and group. */
export type HubDefinition = HubContent & {
  /** The spec route, exactly as packages/contracts/src/routes.ts spells it; a tenant hub's slug. */
  path: string;
  /** Hub pages and home-layout pages (the journey stages) share the renderer; the group is for docs and tests. */
  group: HubGroup;
};
