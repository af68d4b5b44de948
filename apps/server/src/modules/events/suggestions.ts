import { eventListQuery } from '@nexus/contracts';
import { addSuggestionSource } from '../ai';
import { listEvents } from './list';

/** Upcoming published events the viewer may see, soonest first (issue 20 point 3). */
export function addEventSuggestions(): void {
  addSuggestionSource('events', async (database, actor, limit) => {
    const query = eventListQuery.parse({ when: 'upcoming' });
    const { data } = await listEvents(database, actor, { ...query, limit: Math.min(limit, query.limit * 5) });
    return data.map((event) => ({
      id: event.event_id,
      title: event.title,
      text: `${event.summary} ${event.description}`,
      tags: [],
      link: `/events/overview/${event.event_id}`,
    }));
  });
}
