import type { Suggestion, SuggestionCategory } from '@nexus/contracts';
import type { Candidate } from './sources';

/** Lower-case words of three letters or more, for overlap between a profile and a candidate. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter((word) => word.length >= 3);
}

const STOP = new Set([
  'the',
  'and',
  'for',
  'with',
  'your',
  'from',
  'into',
  'our',
  'you',
  'are',
  'this',
  'that',
]);

/** The viewer's interests as distinct words and phrases (skills, sectors, readiness gaps). */
export function interestTerms(keywords: string[]): string[] {
  const terms = new Set<string>();
  for (const keyword of keywords) {
    const phrase = keyword.trim().toLowerCase();
    if (phrase.length >= 2) terms.add(phrase);
    for (const word of wordsOf(phrase)) if (!STOP.has(word)) terms.add(word);
  }
  return [...terms].slice(0, 80);
}

interface Scored {
  candidate: Candidate;
  score: number;
  matched: string[];
  order: number;
}

/**
 * The built-in suggester's order: a tag equal to an interest counts 3, an interest in the title 2,
 * in the text 1; ties keep the area's own order (newest or soonest first).
 */
export function rankCandidates(candidates: Candidate[], terms: string[]): Scored[] {
  const scored = candidates.map((candidate, order) => {
    const tags = new Set(candidate.tags.map((tag) => tag.trim().toLowerCase()));
    const title = ` ${wordsOf(candidate.title).join(' ')} `;
    const text = ` ${wordsOf(candidate.text).join(' ')} `;
    let score = 0;
    const matched: string[] = [];
    for (const term of terms) {
      const padded = ` ${term} `;
      const hit = tags.has(term) ? 3 : title.includes(padded) ? 2 : text.includes(padded) ? 1 : 0;
      if (hit > 0) {
        score += hit;
        matched.push(term);
      }
    }
    return { candidate, score, matched, order };
  });
  return scored.sort((a, b) => b.score - a.score || a.order - b.order);
}

/** Why the built-in suggester chose an item, in plain words. */
export function reasonOf(matched: string[], category: SuggestionCategory): string {
  if (matched.length > 0) return `Matches your interests: ${matched.slice(0, 3).join(', ')}.`;
  return category === 'events' ? 'Coming up soon on the platform.' : 'New on the platform.';
}

/** Set `set` of the ranked list, wrapping around once the list runs out (cycling never ends empty). */
export function setOf<T>(ranked: T[], set: number, size: number): T[] {
  if (ranked.length === 0) return [];
  if (ranked.length <= size) return ranked;
  const sets = Math.ceil(ranked.length / size);
  const start = (set % sets) * size;
  return ranked.slice(start, start + size);
}

export function toSuggestion(category: SuggestionCategory, candidate: Candidate, reason: string): Suggestion {
  return {
    item_id: `${category}:${candidate.id}`,
    category,
    title: candidate.title,
    reason,
    link: candidate.link,
  };
}
