import { z } from 'zod';

export { FUNDING_API } from '../api-paths';

import { ecosystemPerson, pageOf } from './ecosystem';
import { COUNTRY_CODES, DEAL_STAGES, ECOSYSTEM_SECTORS, INVESTOR_KINDS } from './ecosystem-choices';
import { stripMarkup } from './messaging';
import { FUNDING_CURRENCIES, FUNDING_STAGES } from './profile-choices';

export { FUNDING_TAGS } from '../area-paths';

/**
 * Funding (issue 19 point 2; docs/ecosystem.md): investors and their theses, calls with a closing
 * date, startups' applications carrying their fundraising profile, and each investor's deal-flow board.
 * Investors and calls are public (`/investor-hub` works signed out); applying and the board need a session.
 */

export const FUNDING_MESSAGES = {
  investorNotFound: 'Investor not found.',
  callNotFound: 'Call not found.',
  applicationNotFound: 'Application not found.',
  notInvestor: 'Only the investor who published this call can do this.',
  investorExists: 'You have an investor profile already; edit it instead.',
  needInvestor: 'Create your investor profile before publishing a call.',
  callClosed: 'This call has closed: it takes no more applications.',
  alreadyApplied: 'This startup has already applied to this call.',
  needFundraising: 'Fill in your fundraising profile first: investors read it with your application.',
  ticketOrder: 'The largest ticket must be at least the smallest.',
  closesInPast: 'The closing date must be in the future.',
} as const;

const limit = z.coerce.number().int().min(1).max(100).default(20);
const cursor = z
  .string()
  .regex(/^[0-9]{1,7}$/, 'The page cursor is not valid; start again from the first page.')
  .optional();
const search = z.string().trim().max(200).default('');
const id = z.number().int().positive().max(2_147_483_647);
const sector = z.enum(ECOSYSTEM_SECTORS.values, 'Choose a sector from the list.');
const stage = z.enum(FUNDING_STAGES.values, 'Choose a funding round from the list.');
const ticket = z
  .number('Enter an amount.')
  .int('Enter a whole amount.')
  .min(1, 'The ticket must be more than 0.')
  .max(1_000_000_000, 'The ticket is too large.');
const plain = (label: string, max: number, min = 0) =>
  z
    .string(`${label} must be text.`)
    .max(max * 4)
    .transform(stripMarkup)
    .pipe(
      z
        .string()
        .trim()
        .min(min, min === 1 ? `${label} is required.` : `${label} must be at least ${min} characters.`)
        .max(max, `${label} must be at most ${max} characters.`),
    );

export const investorBody = z
  .object({
    name: plain('Name', 120, 1),
    kind: z.enum(INVESTOR_KINDS.values, 'Choose a kind of investor from the list.'),
    thesis: plain('Thesis', 4000).default(''),
    country: z.enum(COUNTRY_CODES, 'Choose a country from the list.'),
    sectors: z.array(sector).max(14).default([]),
    stages: z.array(stage).max(6).default([]),
  })
  .strict();
export type InvestorBody = z.input<typeof investorBody>;
export const updateInvestorBody = investorBody.partial().strict();

export const investorItem = z.object({
  investor_id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  thesis: z.string(),
  country: z.string(),
  sectors: z.array(z.string()),
  stages: z.array(z.string()),
  open_calls: z.number().int(),
  is_mine: z.boolean(),
});
export type InvestorItem = z.infer<typeof investorItem>;
export const investorSearchQuery = z.object({ search, sector: sector.optional(), cursor, limit }).strict();
export const investorList = pageOf(investorItem);

const callFields = {
  title: plain('Title', 160, 3),
  thesis: plain('Thesis', 4000).default(''),
  sector,
  stage,
  ticket_min: ticket,
  ticket_max: ticket,
  currency: z.enum(FUNDING_CURRENCIES.values, 'Choose a currency from the list.').default('USD'),
  closes_at: z.iso.datetime({ offset: true, message: 'Enter the closing date and time.' }),
};
export const callBody = z
  .object(callFields)
  .strict()
  .refine((body) => body.ticket_max >= body.ticket_min, {
    message: FUNDING_MESSAGES.ticketOrder,
    path: ['ticket_max'],
  })
  .refine((body) => Date.parse(body.closes_at) > Date.now(), {
    message: FUNDING_MESSAGES.closesInPast,
    path: ['closes_at'],
  });
export type CallBody = z.input<typeof callBody>;

export const callItem = z.object({
  call_id: z.number().int(),
  title: z.string(),
  thesis: z.string(),
  sector: z.string(),
  stage: z.string(),
  ticket_min: z.number().int(),
  ticket_max: z.number().int(),
  currency: z.string(),
  closes_at: z.string(),
  is_open: z.boolean(),
  investor: z.object({ investor_id: z.number().int(), name: z.string(), kind: z.string() }),
  is_mine: z.boolean(),
  applications: z.number().int().nullable(),
});
export type CallItem = z.infer<typeof callItem>;
export const callSearchQuery = z
  .object({
    search,
    sector: sector.optional(),
    stage: stage.optional(),
    /** Open calls by default; `all` adds closed ones. */
    state: z.enum(['open', 'all']).default('open'),
    investor_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    cursor,
    limit,
  })
  .strict();
export const callList = pageOf(callItem);

export const createFundingApplicationBody = z
  .object({ call_id: id, startup_id: id, message: plain('Message', 2000).default('') })
  .strict();

export const fundingApplicationItem = z.object({
  application_id: z.number().int(),
  created_at: z.string(),
  message: z.string(),
  call: z.object({ call_id: z.number().int(), title: z.string(), closes_at: z.string() }),
  investor: z.object({ investor_id: z.number().int(), name: z.string() }),
  startup: z.object({
    startup_id: z.number().int(),
    name: z.string(),
    sector: z.string(),
    stage: z.string(),
  }),
});
export type FundingApplicationItem = z.infer<typeof fundingApplicationItem>;
export const fundingApplicationList = pageOf(fundingApplicationItem);
export const myFundingApplicationsQuery = z.object({ cursor, limit }).strict();

/** A card on the investor's board: the application, the founder's fundraising profile and the investor's own notes. */
export const dealCard = fundingApplicationItem.extend({
  applicant: ecosystemPerson,
  fundraising: z.record(z.string(), z.unknown()),
  stage: z.enum(DEAL_STAGES.values),
  position: z.number().int(),
  rating: z.number().int().nullable(),
  notes: z.string(),
});
export type DealCard = z.infer<typeof dealCard>;
export const dealBoardQuery = z
  .object({ call_id: z.coerce.number().int().positive().max(2_147_483_647).optional() })
  .strict();
export const dealBoard = z.object({ data: z.array(dealCard) });

export const moveDealBody = z
  .object({
    stage: z.enum(DEAL_STAGES.values, 'Choose a stage of the board.'),
    position: z.number().int().min(0).max(100_000).default(0),
  })
  .strict();
export const rateDealBody = z
  .object({
    rating: z.number().int().min(1, 'Rate from 1 to 5.').max(5, 'Rate from 1 to 5.').nullable().optional(),
    notes: plain('Notes', 4000).optional(),
  })
  .strict();
