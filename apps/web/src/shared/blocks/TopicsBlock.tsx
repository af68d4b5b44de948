import { RelativeDate } from '../ui/RelativeDate';
import { useBlockTopicsQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';
import { counted } from './format';

export interface TopicsBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  /** A community's topics; absent: the caller's first community (none: an empty block). */
  communityId?: number;
  seeAllHref?: string;
  emptyText?: string;
  order?: 2 | 3;
}

/** The latest forum topics of a community, pinned first, each linking to the topic. */
export function TopicsBlock({
  title = 'Latest discussions',
  description,
  limit = 5,
  communityId,
  seeAllHref,
  emptyText = 'No discussions yet',
  order,
}: TopicsBlockProps) {
  const query = useBlockTopicsQuery({ limit, communityId });
  const items = query.data?.data ?? [];
  const forum = communityId ?? items[0]?.community_id;
  return (
    <BlockFrame
      title={title}
      description={description}
      order={order}
      seeAllHref={seeAllHref ?? (forum ? `/community/${forum}/discussion-forum` : '/community')}
      query={query}
      count={items.length}
      emptyText={emptyText}
    >
      {items.map((topic) => (
        <BlockItem
          key={topic.topic_id}
          href={`/forum/${topic.topic_id}`}
          title={topic.pinned ? `📌 ${topic.title}` : topic.title}
          meta={
            <>
              {topic.author.display_name} · {counted(topic.reply_count, 'reply', 'replies')} · active{' '}
              <RelativeDate date={topic.last_activity_at} />
            </>
          }
        />
      ))}
    </BlockFrame>
  );
}
