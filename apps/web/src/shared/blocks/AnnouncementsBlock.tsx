import { RelativeDate } from '../ui/RelativeDate';
import { useBlockAnnouncementsQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';

export interface AnnouncementsBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  seeAllHref?: string;
  emptyText?: string;
  order?: 2 | 3;
}

/** The caller's announcements feed, pinned first; each links to the announcements page. */
export function AnnouncementsBlock({
  title = 'Announcements',
  description,
  limit = 5,
  seeAllHref = '/announcements',
  emptyText = 'No announcements for you right now',
  order,
}: AnnouncementsBlockProps) {
  const query = useBlockAnnouncementsQuery({ limit });
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
      {items.map((announcement) => (
        <BlockItem
          key={announcement.announcement_id}
          href="/announcements"
          title={announcement.title}
          meta={
            <>
              {announcement.pinned ? 'Pinned · ' : null}
              {announcement.unread ? 'Unread · ' : null}
              {announcement.published_at ? <RelativeDate date={announcement.published_at} /> : null}
            </>
          }
        />
      ))}
    </BlockFrame>
  );
}
