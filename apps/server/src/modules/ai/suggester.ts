import {
  AI_LIMITS,
  AI_MESSAGES,
  type ProviderTrial,
  type Suggestion,
  type SuggestionCategory,
  type SuggestionSet,
} from '@nexus/contracts';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/policy';
import { type AiProviderConfig, type ChatMessage, chatCompletion, parseChoices } from './provider';
import { interestTerms, rankCandidates, reasonOf, setOf, toSuggestion } from './rank';
import { interestWordsOf, sourceOf } from './sources';

/** How many of an area's candidates are ranked, and how many of the best the provider sees. */
const CANDIDATES = 60;
const FOR_PROVIDER = 20;

export interface SuggesterContext {
  database: Database;
  provider: AiProviderConfig | undefined;
}

/** The person's interests: their own profile sections and readiness gaps, nobody else's. */
async function interestsOf(database: Database, userId: number): Promise<string[]> {
  return interestTerms(await interestWordsOf(database, userId));
}

/** The built-in order of the category's candidates for the person, each with its reason. */
async function builtInRanking(context: SuggesterContext, actor: Actor, category: SuggestionCategory) {
  const source = sourceOf(category);
  const candidates = source ? await source(context.database, actor, CANDIDATES) : [];
  const terms = await interestsOf(context.database, actor.userId);
  const ranked = rankCandidates(candidates, terms).map((entry) =>
    toSuggestion(category, entry.candidate, reasonOf(entry.matched, category)),
  );
  return { ranked, terms };
}

function providerMessages(category: SuggestionCategory, terms: string[], items: Suggestion[]): ChatMessage[] {
  const list = items.map((item) => ({ item_id: item.item_id, title: item.title, why: item.reason }));
  return [
    {
      role: 'system',
      content:
        'You recommend items of a learning and innovation platform. Choose only among the given items, ' +
        'best first, and answer with JSON only: {"items":[{"item_id":"...","reason":"one short sentence"}]}.',
    },
    {
      role: 'user',
      content: `Category: ${category}\nThe person's interests: ${terms.join(', ') || 'none given'}\nItems: ${JSON.stringify(list)}`,
    },
  ];
}

/**
 * The provider's order of the best built-in candidates (only ids among them are kept, reasons as plain
 * text), then the rest of the built-in order. Null when the provider failed or chose nothing known.
 */
async function providerRanking(
  provider: AiProviderConfig,
  category: SuggestionCategory,
  terms: string[],
  ranked: Suggestion[],
): Promise<Suggestion[] | null> {
  const shown = ranked.slice(0, FOR_PROVIDER);
  const answer = await chatCompletion(provider, providerMessages(category, terms, shown));
  if (!answer.ok || !answer.content) return null;
  const byId = new Map(shown.map((item) => [item.item_id, item]));
  const chosen: Suggestion[] = [];
  for (const choice of parseChoices(answer.content)) {
    const item = byId.get(choice.item_id);
    if (!item) continue;
    byId.delete(choice.item_id);
    chosen.push({ ...item, reason: choice.reason || item.reason });
  }
  if (chosen.length === 0) return null;
  const rest = ranked.filter((item) => !chosen.some((c) => c.item_id === item.item_id));
  return [...chosen, ...rest];
}

/** One set of suggestions of a category for the person. */
export async function suggest(
  context: SuggesterContext,
  actor: Actor,
  category: SuggestionCategory,
  set: number,
): Promise<SuggestionSet> {
  const { ranked, terms } = await builtInRanking(context, actor, category);
  let order = ranked;
  let source: SuggestionSet['source'] = 'builtin';
  let notice: string | null = null;
  if (context.provider && ranked.length > 0) {
    const chosen = await providerRanking(context.provider, category, terms, ranked);
    if (chosen) {
      order = chosen;
      source = 'provider';
    } else notice = AI_MESSAGES.fallback;
  }
  return { category, set, items: setOf(order, set, AI_LIMITS.setSize), source, notice };
}

/** /gemini-test: the prompt sent as it is to the configured provider, or the built-in suggester's answer. */
export async function tryProvider(
  context: SuggesterContext,
  actor: Actor,
  prompt: string,
): Promise<ProviderTrial> {
  const started = Date.now();
  if (!context.provider) {
    const { ranked } = await builtInRanking(context, actor, 'programs');
    return {
      provider: 'builtin',
      model: null,
      raw: JSON.stringify({ prompt, items: ranked.slice(0, AI_LIMITS.setSize) }, null, 2),
      ok: true,
      notice: AI_MESSAGES.builtIn,
      elapsed_ms: Date.now() - started,
    };
  }
  const answer = await chatCompletion(context.provider, [{ role: 'user', content: prompt }]);
  return {
    provider: 'openai-compatible',
    model: context.provider.model,
    raw: answer.raw,
    ok: answer.ok,
    notice: answer.error,
    elapsed_ms: Date.now() - started,
  };
}
