import { z } from 'zod';
import { listMeta } from '../list-query';
import { SECTORS } from './registration-choices';

/**
 * Government schemes (issue 22; docs/services.md): grants, loans and programmes of public bodies,
 * platform-wide, searchable by word and sector; government-body users and platform admins publish
 * them, and the author or a platform admin edits one.
 */
export const SCHEMES_API = '/api/services/schemes';

/** The system role whose holders publish schemes. */
export const GOVERNMENT_ROLE_NAME = 'government-body';

export const SCHEME_SECTORS = SECTORS.values;
export type SchemeSector = (typeof SCHEME_SECTORS)[number];

export const SCHEME_MESSAGES = {
  schemeNotFound: 'Scheme not found.',
  notPublisher: 'Only government bodies and platform administrators publish schemes.',
  notAuthor: 'Only the body that published this scheme, or a platform administrator, may edit it.',
} as const;

const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required.`).max(max, `At most ${max} characters.`);

const fields = {
  name: text('The name', 200),
  agency: text('The body or agency', 200),
  description: text('The description', 5000),
  eligibility: text('Eligibility', 3000),
  how_to_apply: z.array(text('A step', 500)).min(1, 'Add at least one step.').max(12),
  link: z.url({ protocol: /^https?$/, message: 'Use a web address starting with https://' }).max(500),
  sectors: z.array(z.enum(SCHEME_SECTORS)).min(1, 'Choose at least one sector.').max(8),
  deadline: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-12-31.')
    .nullable()
    .default(null),
};

export const schemeCreate = z.object(fields).strict();
export type SchemeCreate = z.input<typeof schemeCreate>;
export const schemeUpdate = z.object(fields).partial().strict();
export type SchemeUpdate = z.input<typeof schemeUpdate>;

export const schemeSearchQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(50).default(12),
    search: z.string().trim().max(200).optional(),
    sector: z.enum(SCHEME_SECTORS).optional(),
  })
  .strict();

export const schemeItem = z.object({
  scheme_id: z.number().int(),
  name: z.string(),
  agency: z.string(),
  description: z.string(),
  eligibility: z.string(),
  how_to_apply: z.array(z.string()),
  link: z.string(),
  sectors: z.array(z.enum(SCHEME_SECTORS)),
  deadline: z.string().nullable(),
  can_edit: z.boolean(),
});
export type SchemeItem = z.infer<typeof schemeItem>;
export const schemeList = z.object({ data: z.array(schemeItem), meta: listMeta, can_publish: z.boolean() });
export type SchemeList = z.infer<typeof schemeList>;
