import { useBlockPeopleQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';

export interface PeopleBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  seeAllHref?: string;
  emptyText?: string;
  order?: 2 | 3;
}

/** People the caller may know (shared tenants, communities, programs), each linking to a profile. */
export function PeopleBlock({
  title = 'People you may know',
  description,
  limit = 5,
  seeAllHref = '/network',
  emptyText = 'No suggestions right now',
  order,
}: PeopleBlockProps) {
  const query = useBlockPeopleQuery({ limit });
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
      {items.map((person) => (
        <BlockItem
          key={person.user_id}
          href={`/profile/${person.user_id}`}
          title={person.name}
          meta={[person.headline, person.reason, person.connection === 'connected' ? 'Connected' : null]
            .filter(Boolean)
            .join(' · ')}
        />
      ))}
    </BlockFrame>
  );
}
