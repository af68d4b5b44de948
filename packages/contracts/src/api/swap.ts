import { z } from 'zod';
import { listMeta } from '../list-query';

/**
 * Skill swap (issue 22; docs/swap.md): members post offers and requests of skills or resources in the
 * context they are in (a tenant, or the platform); others propose a swap once per post with a message,
 * and the post's owner accepts or declines. Matches pair my offers with others' requests (and the other
 * way round) by shared tags, most shared first.
 */
export const SWAP_API = '/api/swap';

export const SWAP_KINDS = ['offer', 'request'] as const;
export type SwapKind = (typeof SWAP_KINDS)[number];
export const SWAP_STATUSES = ['open', 'closed'] as const;
export const SWAP_PROPOSAL_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type SwapProposalStatus = (typeof SWAP_PROPOSAL_STATUSES)[number];

export const SWAP_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  messageMax: 2000,
  tagMax: 40,
  tagsMax: 10,
  pageMax: 50,
  pageDefault: 12,
} as const;

export const SWAP_MESSAGES = {
  postNotFound: 'Swap post not found.',
  proposalNotFound: 'Proposal not found.',
  ownPost: 'You cannot propose a swap on your own post.',
  alreadyProposed: 'You have already proposed a swap on this post.',
  closed: 'This post is closed: it takes no more proposals.',
  decided: 'This proposal is already answered.',
  proposalSent: 'Your proposal is sent to the owner of the post.',
} as const;

const id = z.number().int().positive().max(2_147_483_647);
const tag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'A tag cannot be empty.')
  .max(SWAP_LIMITS.tagMax, `A tag has at most ${SWAP_LIMITS.tagMax} characters.`);

const fields = {
  kind: z.enum(SWAP_KINDS, { message: 'Choose offer or request.' }),
  title: z.string().trim().min(1, 'Give the post a title.').max(SWAP_LIMITS.titleMax),
  description: z.string().trim().min(1, 'Describe what you offer or need.').max(SWAP_LIMITS.descriptionMax),
  tags: z
    .array(tag)
    .min(1, 'Add at least one tag: matches are found by tags.')
    .max(SWAP_LIMITS.tagsMax, `At most ${SWAP_LIMITS.tagsMax} tags.`)
    .transform((tags) => [...new Set(tags)]),
};

export const swapPostCreate = z.object(fields).strict();
export type SwapPostCreate = z.input<typeof swapPostCreate>;

export const swapPostUpdate = z
  .object({
    kind: fields.kind.optional(),
    title: fields.title.optional(),
    description: fields.description.optional(),
    tags: fields.tags.optional(),
    status: z.enum(SWAP_STATUSES).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Change at least one field.' });
export type SwapPostUpdate = z.input<typeof swapPostUpdate>;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const swapSearchQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(SWAP_LIMITS.pageMax).default(SWAP_LIMITS.pageDefault),
    search: z.string().trim().max(200).optional(),
    kind: z.enum(SWAP_KINDS).optional(),
    tag: tag.optional(),
    /** Only my posts (open and closed); otherwise everyone's open posts. */
    mine: flag.optional(),
  })
  .strict();

export const swapMatchQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(SWAP_LIMITS.pageMax).default(SWAP_LIMITS.pageDefault),
  })
  .strict();

export const swapProposalCreate = z
  .object({
    post_id: id,
    message: z.string().trim().min(1, 'Write a short message.').max(SWAP_LIMITS.messageMax),
  })
  .strict();

export const swapProposalDecision = z
  .object({ status: z.enum(['accepted', 'declined'], { message: 'Accept or decline.' }) })
  .strict();

export const swapPostItem = z.object({
  post_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  user_id: z.number().int(),
  author: z.string(),
  kind: z.enum(SWAP_KINDS),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  status: z.enum(SWAP_STATUSES),
  created_at: z.string(),
  /** The caller wrote it. */
  is_mine: z.boolean(),
  /** The caller's proposal on it, if any. */
  my_proposal: z.enum(SWAP_PROPOSAL_STATUSES).nullable(),
  /** Proposals waiting for an answer: counted for the owner only, else 0. */
  pending_proposals: z.number().int(),
});
export type SwapPostItem = z.infer<typeof swapPostItem>;
export const swapPostList = z.object({ data: z.array(swapPostItem), meta: listMeta });

export const swapMatchItem = swapPostItem.extend({
  /** The tags it shares with my posts of the other kind, and how many. */
  shared_tags: z.array(z.string()),
  overlap: z.number().int(),
});
export type SwapMatchItem = z.infer<typeof swapMatchItem>;
export const swapMatchList = z.object({ data: z.array(swapMatchItem), meta: listMeta });

export const swapProposalItem = z.object({
  proposal_id: z.number().int(),
  post_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  message: z.string(),
  status: z.enum(SWAP_PROPOSAL_STATUSES),
  created_at: z.string(),
});
export type SwapProposalItem = z.infer<typeof swapProposalItem>;
