import { expertSearchQuery } from '@nexus/contracts';
import { addSuggestionSource } from '../ai';
import { searchExperts } from './profiles';

/** Published experts the viewer may find, soonest free first (issue 20 point 3). */
export function addExpertSuggestions(): void {
  addSuggestionSource('experts', async (database, actor, limit) => {
    const query = expertSearchQuery.parse({});
    const { data } = await searchExperts(database, actor, { ...query, limit: Math.min(limit, 50) });
    return data.map((expert) => ({
      id: expert.user_id,
      title: expert.name,
      text: expert.headline,
      tags: expert.expertise,
      link: `/profile/${expert.user_id}`,
    }));
  });
}
