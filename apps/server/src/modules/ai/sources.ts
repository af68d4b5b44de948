import type { SuggestionCategory } from '@nexus/contracts';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/policy';

/** Something the platform holds that the viewer may open, as an area describes it for ranking. */
export interface Candidate {
  /** The row's id within its area; the suggestion's item_id is `<category>:<id>`. */
  id: number | string;
  title: string;
  /** Plain text the ranking reads: summary, headline, description. */
  text: string;
  tags: string[];
  link: string;
}

/**
 * An area's candidates for the viewer: only what the viewer may already see through that area's own
 * listing rules, newest or soonest first, at most `limit`.
 */
export type SuggestionSource = (database: Database, actor: Actor, limit: number) => Promise<Candidate[]>;

const sources = new Map<SuggestionCategory, SuggestionSource>();

/**
 * Areas register their candidates here (as they do calendar sources), so the suggester reads no
 * area's tables itself. Registering a category again replaces its source.
 */
export function addSuggestionSource(category: SuggestionCategory, source: SuggestionSource): void {
  sources.set(category, source);
}

export function sourceOf(category: SuggestionCategory): SuggestionSource | undefined {
  return sources.get(category);
}

/** Words that say what the person knows or needs (skills, sectors, readiness gaps): their own data only. */
export type InterestSource = (database: Database, userId: number) => Promise<string[]>;

const interests = new Map<string, InterestSource>();

/** Areas that know something of the person's interests register it here (profiles, readiness). */
export function addInterestSource(name: string, source: InterestSource): void {
  interests.set(name, source);
}

/** Every registered area's words for the person. */
export async function interestWordsOf(database: Database, userId: number): Promise<string[]> {
  const lists = await Promise.all([...interests.values()].map((source) => source(database, userId)));
  return lists.flat();
}
