import { useBlockCommunitiesQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';
import { counted } from './format';

export interface CommunitiesBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  /** Communities to discover, or the caller's own. */
  view?: 'discover' | 'mine';
  seeAllHref?: string;
  emptyText?: string;
  order?: 2 | 3;
}

/** Communities, each linking to its discussion forum (a private one's name only, to outsiders). */
export function CommunitiesBlock({
  title = 'Communities',
  description,
  limit = 5,
  view = 'discover',
  seeAllHref = '/community',
  emptyText = view === 'mine' ? 'You belong to no community yet' : 'No communities yet',
  order,
}: CommunitiesBlockProps) {
  const query = useBlockCommunitiesQuery({ limit, view });
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
      {items.map((community) => (
        <BlockItem
          key={community.community_id}
          href={
            community.my_status === 'active' || community.visibility === 'public'
              ? `/community/${community.community_id}/discussion-forum`
              : '/community'
          }
          title={community.name}
          meta={[
            community.visibility === 'private' ? 'Private' : 'Public',
            community.member_count === null ? null : counted(community.member_count, 'member', 'members'),
            community.my_status === 'active'
              ? 'Member'
              : community.my_status === 'pending'
                ? 'Requested'
                : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        />
      ))}
    </BlockFrame>
  );
}
