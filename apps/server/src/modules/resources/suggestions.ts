import { resourceSearchQuery } from '@nexus/contracts';
import { addSuggestionSource } from '../ai';
import { searchItems } from './search';

/** Published resources the viewer may read, newest first (issue 20 point 3). */
export function addResourceSuggestions(): void {
  addSuggestionSource('resources', async (database, actor, limit) => {
    const query = resourceSearchQuery.parse({});
    const { data } = await searchItems(database, actor, { ...query, limit: Math.min(limit, 50) });
    return data.map((item) => ({
      id: item.item_id,
      title: item.title,
      text: item.summary,
      tags: item.tags,
      link: `/publications/overview/${item.item_id}`,
    }));
  });
}
