/**
 * Choice lists and their labels that pages show without validating anything, in a module without
 * schemas (like api-paths.ts): the hub and home blocks label jobs and library items with them, and a
 * hub page then loads none of the areas' schemas nor zod (issue 22). The areas' schemas import them.
 */

export const POSTING_TYPES = ['full_time', 'part_time', 'contract', 'temporary', 'internship'] as const;
export type PostingType = (typeof POSTING_TYPES)[number];
export const POSTING_TYPE_LABELS: Record<PostingType, string> = {
  full_time: 'Full time',
  part_time: 'Part time',
  contract: 'Contract',
  temporary: 'Temporary',
  internship: 'Internship',
};

/** Spec section 3's content kinds (case study spelled as a code), then publications and documents. */
export const RESOURCE_KINDS = [
  'article',
  'video',
  'podcast',
  'case_study',
  'template',
  'report',
  'publication',
  'document',
] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
export const RESOURCE_KIND_LABELS: Record<ResourceKind, string> = {
  article: 'Article',
  video: 'Video',
  podcast: 'Podcast',
  case_study: 'Case study',
  template: 'Template',
  report: 'Report',
  publication: 'Publication',
  document: 'Document',
};
/** The page that shows an item of each kind. */
export const RESOURCE_KIND_PAGES: Record<ResourceKind, string> = {
  article: '/article',
  video: '/video',
  podcast: '/podcast',
  case_study: '/case-study',
  template: '/template',
  report: '/report',
  publication: '/publications/overview',
  document: '/report',
};
