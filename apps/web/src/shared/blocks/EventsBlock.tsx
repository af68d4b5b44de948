import { Badge, Group } from '@mantine/core';
import { type CommunityScope, useBlockEventsQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';
import { whenIn } from './format';

export interface EventsBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  when?: 'upcoming' | 'past' | 'all';
  /** One community's events, or those of the caller's communities. */
  community?: CommunityScope;
  seeAllHref?: string;
  emptyText?: string;
  order?: 2 | 3;
}

/** Upcoming events (by default) from the events list, each linking to its page. */
export function EventsBlock({
  title = 'Upcoming events',
  description,
  limit = 5,
  when = 'upcoming',
  community,
  seeAllHref = '/event-block',
  emptyText = 'No upcoming events right now',
  order,
}: EventsBlockProps) {
  const query = useBlockEventsQuery({ limit, when, community });
  const items = query.data?.data ?? [];
  return (
    <BlockFrame
      title={title}
      description={description}
      order={order}
      seeAllHref={seeAllHref}
      query={query}
      count={items.length}
      emptyText={emptyText}
    >
      {items.map((event) => (
        <BlockItem
          key={event.event_id}
          href={`/events/overview/${event.event_id}`}
          title={event.title}
          meta={`${whenIn(event.starts_at, event.time_zone)} · ${
            event.mode === 'online' ? 'Online' : (event.venue ?? 'In person')
          }`}
          extra={
            event.my_status === 'confirmed' ? (
              <Group gap={4}>
                <Badge size="sm" color="blue.9" variant="filled">
                  Registered
                </Badge>
              </Group>
            ) : null
          }
        />
      ))}
    </BlockFrame>
  );
}
