import { z } from 'zod';
import { listMeta } from '../list-query';
import { OPPORTUNITY_CAUSES } from './volunteering';

/**
 * CSR projects (issue 22; docs/services.md): organisations publish corporate social responsibility
 * projects (what, which cause, a budget range, where, open or closed); others express interest once
 * per person and project with a message; the publisher reads the interests.
 */
export const CSR_API = '/api/services/csr';

/** The menu whose holders publish CSR projects inside a tenant (privilege:<menu>). */
export const CSR_PRIVILEGE = '/services/csr';

export const CSR_STATUSES = ['open', 'closed'] as const;
export type CsrStatus = (typeof CSR_STATUSES)[number];

export const CSR_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  messageMax: 2000,
  pageMax: 50,
  pageDefault: 12,
} as const;

export const CSR_MESSAGES = {
  projectNotFound: 'CSR project not found.',
  tenantNeeded: 'Switch to your organisation to publish CSR projects.',
  notPublisher: 'Only the organisation that published this project may do this.',
  budgetOrder: 'The lower budget must not exceed the upper one.',
  alreadyInterested: 'You have already expressed interest in this project.',
  closed: 'This project is closed: it takes no more interest.',
  interestSent: 'Your interest is sent to the organisation.',
} as const;

const id = z.number().int().positive().max(2_147_483_647);
const amount = z.number().int().min(0).max(1_000_000_000_000);

export const csrProjectCreate = z
  .object({
    title: z.string().trim().min(1, 'Give the project a title.').max(CSR_LIMITS.titleMax),
    description: z.string().trim().min(1, 'Describe the project.').max(CSR_LIMITS.descriptionMax),
    cause: z.enum(OPPORTUNITY_CAUSES),
    budget_min: amount,
    budget_max: amount,
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Use a currency code such as INR.')
      .default('INR'),
    location: z.string().trim().min(1, 'Say where the project runs.').max(200),
    status: z.enum(CSR_STATUSES).default('open'),
  })
  .strict()
  .refine((body) => body.budget_min <= body.budget_max, {
    message: CSR_MESSAGES.budgetOrder,
    path: ['budget_max'],
  });
export type CsrProjectCreate = z.input<typeof csrProjectCreate>;

export const csrSearchQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(CSR_LIMITS.pageMax).default(CSR_LIMITS.pageDefault),
    search: z.string().trim().max(200).optional(),
    cause: z.enum(OPPORTUNITY_CAUSES).optional(),
    status: z.enum(CSR_STATUSES).optional(),
  })
  .strict();

export const csrInterestCreate = z
  .object({
    project_id: id,
    message: z.string().trim().min(1, 'Write a short message.').max(CSR_LIMITS.messageMax),
  })
  .strict();

export const csrProjectItem = z.object({
  project_id: z.number().int(),
  tenant_id: z.number().int(),
  organisation: z.string(),
  title: z.string(),
  description: z.string(),
  cause: z.enum(OPPORTUNITY_CAUSES),
  budget_min: z.number(),
  budget_max: z.number(),
  currency: z.string(),
  location: z.string(),
  status: z.enum(CSR_STATUSES),
  created_at: z.string(),
  /** The caller already expressed interest. */
  interested: z.boolean(),
  /** The caller publishes for this organisation; then `interests` counts them, else it is 0. */
  can_manage: z.boolean(),
  interests: z.number().int(),
});
export type CsrProjectItem = z.infer<typeof csrProjectItem>;
export const csrProjectList = z.object({ data: z.array(csrProjectItem), meta: listMeta });

export const csrInterestItem = z.object({
  interest_id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type CsrInterestItem = z.infer<typeof csrInterestItem>;
