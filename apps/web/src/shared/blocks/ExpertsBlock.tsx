import { useBlockExpertsQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';
import { whenIn } from './format';

export interface ExpertsBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  /** Words matched against names, headlines and expertise. */
  search?: string;
  /** One expertise tag, in lower case. */
  expertise?: string;
  seeAllHref?: string;
  emptyText?: string;
  order?: 2 | 3;
}

/** Experts the caller may book, soonest free first; each links to the expert's profile. */
export function ExpertsBlock({
  title = 'Experts',
  description,
  limit = 5,
  search,
  expertise,
  seeAllHref = '/find-expert',
  emptyText = 'No experts match yet',
  order,
}: ExpertsBlockProps) {
  const query = useBlockExpertsQuery({ limit, search, expertise });
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
      {items.map((expert) => (
        <BlockItem
          key={expert.user_id}
          href={`/profile/${expert.user_id}`}
          title={expert.name}
          meta={[
            expert.headline,
            expert.expertise.join(', '),
            expert.next_free_at ? `Free from ${whenIn(expert.next_free_at)}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        />
      ))}
    </BlockFrame>
  );
}
