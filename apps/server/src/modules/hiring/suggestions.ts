import { postingSearchQuery } from '@nexus/contracts';
import { addSuggestionSource } from '../ai';
import { searchPostings } from './postings';

/** Open postings, newest first, as the public board lists them (issue 20 point 3). */
export function addJobSuggestions(): void {
  addSuggestionSource('jobs', async (database, _actor, limit) => {
    const { data } = await searchPostings(database, postingSearchQuery.parse({ limit: Math.min(limit, 50) }));
    return data.map((posting) => ({
      id: posting.posting_id,
      title: `${posting.title} · ${posting.organisation}`,
      text: posting.summary,
      tags: posting.skills,
      link: `/search-jobs/${posting.posting_id}`,
    }));
  });
}
