import { z } from 'zod';
import { auditFields } from '../entities/audit';
import { listQuery } from '../list-query';

export { FAQS_API, PRIVACY_API, SUPPORT_API, SUPPORT_REQUESTS_API } from '../api-paths';

/**
 * Help pages (issue 22 point 5; docs/support.md): support requests from a member to the administrators
 * of its tenant (platform administrators on the main platform), FAQs, and the versioned privacy policy.
 */

export const SUPPORT_CATEGORIES = ['account', 'learning', 'technical', 'billing', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  account: 'Account and sign-in',
  learning: 'Programs and learning',
  technical: 'Something is broken',
  billing: 'Subscription and billing',
  other: 'Something else',
};
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
/** `mine`: what I asked; `manage`: every request of my current tenant, for its administrators. */
export const SUPPORT_VIEWS = ['mine', 'manage'] as const;

export const SUPPORT_LIMITS = {
  subjectMax: 200,
  bodyMax: 10_000,
  questionMax: 300,
  answerMax: 20_000,
} as const;

export const SUPPORT_MESSAGES = {
  requestNotFound: 'Support request not found.',
  subjectEmpty: 'Say in a few words what you need.',
  bodyEmpty: 'Describe what you need.',
  replyEmpty: 'Write a reply first.',
  closed: 'This request is closed: reopen it or ask a new one.',
  requesterStatus: 'You may only close or reopen your own request.',
  manageOnly: 'Only administrators see every request.',
  sent: 'Request sent. Your administrators will answer here.',
  replied: 'Reply sent.',
  statusChanged: 'Status changed.',
  faqNotFound: 'FAQ not found.',
  questionEmpty: 'Write the question.',
  answerEmpty: 'Write the answer.',
  faqSaved: 'FAQ saved.',
  faqDeleted: 'FAQ deleted.',
  faqOrderUnknown: 'The order names a FAQ you may not change.',
  policyEmpty: 'Write the policy text.',
  policyVersionTaken: 'That version number is already published: choose a higher one.',
  policyVersionLower: 'A new version must be numbered above the newest one.',
  policyPublished: 'Privacy policy published.',
  noPolicy: 'No privacy policy has been published yet.',
} as const;

const max = (n: number) => `At most ${n} characters.`;
const id = z.number().int().positive().max(2_147_483_647);

export const supportReply = z.object({
  reply_id: z.number().int(),
  author_id: z.number().int(),
  author_name: z.string(),
  body: z.string(),
  from_staff: z.boolean(),
  created_at: z.string(),
});
export type SupportReply = z.infer<typeof supportReply>;

export const supportRequest = z.object({
  request_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  requester_id: z.number().int(),
  requester_name: z.string(),
  subject: z.string(),
  body: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  status: z.enum(SUPPORT_STATUSES),
  reply_count: z.number().int(),
  last_activity_at: z.string(),
  created_at: z.string(),
  /** Single reads carry the thread, oldest first. */
  replies: z.array(supportReply).optional(),
});
export type SupportRequest = z.infer<typeof supportRequest>;

export const supportRequestCreate = z
  .object({
    subject: z
      .string()
      .trim()
      .min(1, SUPPORT_MESSAGES.subjectEmpty)
      .max(SUPPORT_LIMITS.subjectMax, max(SUPPORT_LIMITS.subjectMax)),
    body: z
      .string()
      .trim()
      .min(1, SUPPORT_MESSAGES.bodyEmpty)
      .max(SUPPORT_LIMITS.bodyMax, max(SUPPORT_LIMITS.bodyMax)),
    category: z.enum(SUPPORT_CATEGORIES, { message: 'Choose a category.' }),
  })
  .strict();
export type SupportRequestCreate = z.input<typeof supportRequestCreate>;

export const supportReplyCreate = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, SUPPORT_MESSAGES.replyEmpty)
      .max(SUPPORT_LIMITS.bodyMax, max(SUPPORT_LIMITS.bodyMax)),
  })
  .strict();
export type SupportReplyCreate = z.input<typeof supportReplyCreate>;

export const supportStatusUpdate = z.object({ status: z.enum(SUPPORT_STATUSES) }).strict();

export const supportListQuery = listQuery
  .pick({ page: true, limit: true })
  .extend({ view: z.enum(SUPPORT_VIEWS).default('mine'), status: z.enum(SUPPORT_STATUSES).optional() })
  .strict();
export type SupportListQuery = z.input<typeof supportListQuery>;

export const faq = z.object({
  faq_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  category: z.string(),
  question: z.string(),
  /** Rich text (Tiptap HTML), sanitised by the server when saved. */
  answer: z.string(),
  position: z.number().int(),
  ...auditFields,
});
export type Faq = z.infer<typeof faq>;

export const faqCreate = z
  .object({
    category: z.string().trim().min(1, 'Name the category.').max(80, max(80)).default('General'),
    question: z
      .string()
      .trim()
      .min(1, SUPPORT_MESSAGES.questionEmpty)
      .max(SUPPORT_LIMITS.questionMax, max(SUPPORT_LIMITS.questionMax)),
    answer: z
      .string()
      .min(1, SUPPORT_MESSAGES.answerEmpty)
      .max(SUPPORT_LIMITS.answerMax, max(SUPPORT_LIMITS.answerMax)),
  })
  .strict();
export type FaqCreate = z.input<typeof faqCreate>;
export const faqUpdate = z
  .object({
    category: z.string().trim().min(1, 'Name the category.').max(80, max(80)).optional(),
    question: faqCreate.shape.question.optional(),
    answer: faqCreate.shape.answer.optional(),
  })
  .strict();
export type FaqUpdate = z.input<typeof faqUpdate>;
/** reorderFaqs: the FAQs of the caller's context in their new order (first shown first). */
export const faqReorder = z.object({ faq_ids: z.array(id).min(1).max(500) }).strict();

export const faqListQuery = z.object({ search: z.string().trim().max(200).optional() }).strict();

export const privacyPolicy = z.object({
  policy_id: z.number().int(),
  version: z.number().int(),
  effective_date: z.string(),
  summary: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type PrivacyPolicy = z.infer<typeof privacyPolicy>;

export const privacyPolicyCreate = z
  .object({
    version: z.number().int().min(1, 'Versions start at 1.').max(1_000_000),
    effective_date: z.iso.date('Use a date like 2026-01-31.'),
    summary: z.string().trim().max(500, max(500)).default(''),
    body: z.string().min(1, SUPPORT_MESSAGES.policyEmpty).max(100_000, max(100_000)),
  })
  .strict();
export type PrivacyPolicyCreate = z.input<typeof privacyPolicyCreate>;

/** getPrivacyPolicy: the version in effect today (null before the first), and every version, newest first. */
export const privacyPolicyAnswer = z.object({
  current: privacyPolicy.nullable(),
  versions: z.array(privacyPolicy.omit({ body: true })),
});
export type PrivacyPolicyAnswer = z.infer<typeof privacyPolicyAnswer>;
