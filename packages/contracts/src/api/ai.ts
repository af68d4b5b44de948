import { z } from 'zod';
import { dataEnvelope } from '../list-query';

export { AI_API } from '../api-paths';

/**
 * AI suggestions (issue 20 point 3; docs/ai.md). The server ranks what the platform already holds
 * (programs, experts, events, resources, jobs) for the person asking; an OpenAI-compatible provider,
 * when configured, only re-orders and explains those same items, so it never adds links of its own.
 */
export const SUGGESTION_CATEGORIES = ['programs', 'experts', 'events', 'resources', 'jobs'] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];
export const SUGGESTION_CATEGORY_LABELS: Record<SuggestionCategory, string> = {
  programs: 'Programs to take next',
  experts: 'Experts to meet',
  events: 'Events to join',
  resources: 'Resources to read',
  jobs: 'Jobs to apply to',
};

export const AI_LIMITS = {
  /** Items in one set. */
  setSize: 4,
  /** Requests per person, and per organisation, in one minute. */
  perUserPerMinute: 30,
  perTenantPerMinute: 600,
  /** How long the provider may take before the built-in suggester answers instead. */
  providerTimeoutMs: 8000,
  promptMax: 2000,
} as const;

export const AI_MESSAGES = {
  tooMany: 'Too many suggestion requests. Try again in a minute.',
  fallback:
    'The AI service did not answer in time, so these suggestions come from the platform’s own matching.',
  builtIn: 'No AI provider is configured: the built-in suggester answers.',
  unknownCategory: 'Choose one of: programs, experts, events, resources, jobs.',
  promptNeeded: 'Write a prompt to send.',
} as const;

export const suggestionCategory = z.enum(SUGGESTION_CATEGORIES, AI_MESSAGES.unknownCategory);

export const aiSuggestionsQuery = z
  .object({
    category: suggestionCategory.default('programs'),
    /** Which set: 0 is the best-ranked items, 1 the next ones, and so on (wrapping past the end). */
    set: z.coerce.number().int().min(0).max(1000).default(0),
  })
  .strict();
export type AiSuggestionsQuery = z.input<typeof aiSuggestionsQuery>;

export const suggestion = z.object({
  /** `<category>:<id>`, unique across categories. */
  item_id: z.string(),
  category: suggestionCategory,
  title: z.string(),
  /** Plain text: why it fits. Never HTML. */
  reason: z.string(),
  /** A path inside the product. */
  link: z.string(),
});
export type Suggestion = z.infer<typeof suggestion>;

export const suggestionSet = z.object({
  category: suggestionCategory,
  set: z.number().int(),
  items: z.array(suggestion),
  source: z.enum(['builtin', 'provider']),
  /** A quiet notice, e.g. that the provider failed and the built-in suggester answered. */
  notice: z.string().nullable(),
});
export type SuggestionSet = z.infer<typeof suggestionSet>;
export const suggestionSetAnswer = dataEnvelope(suggestionSet);

export const tryProviderBody = z
  .object({
    prompt: z
      .string(AI_MESSAGES.promptNeeded)
      .trim()
      .min(1, AI_MESSAGES.promptNeeded)
      .max(AI_LIMITS.promptMax, `Keep the prompt under ${AI_LIMITS.promptMax} characters.`),
  })
  .strict();
export type TryProviderBody = z.input<typeof tryProviderBody>;

export const providerTrial = z.object({
  provider: z.enum(['builtin', 'openai-compatible']),
  model: z.string().nullable(),
  /** What came back, as text: the provider's raw body, or the built-in suggester's JSON. */
  raw: z.string(),
  ok: z.boolean(),
  notice: z.string().nullable(),
  elapsed_ms: z.number().int(),
});
export type ProviderTrial = z.infer<typeof providerTrial>;
export const providerTrialAnswer = dataEnvelope(providerTrial);
