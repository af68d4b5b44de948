import { RESOURCE_KIND_LABELS, RESOURCE_KIND_PAGES, type ResourceKind } from '@nexus/contracts';
import { useBlockResourcesQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';

export interface ResourcesBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  search?: string;
  /** Only these kinds (article, video, report...). */
  kinds?: readonly ResourceKind[];
  /** Items carrying any of these tags. */
  tags?: readonly string[];
  seeAllHref?: string;
  emptyText?: string;
  order?: 2 | 3;
}

/** The newest published library items the caller may read, each linking to the page of its kind. */
export function ResourcesBlock({
  title = 'Resources',
  description,
  limit = 5,
  search,
  kinds,
  tags,
  seeAllHref = '/resources',
  emptyText = 'No resources match yet',
  order,
}: ResourcesBlockProps) {
  const query = useBlockResourcesQuery({ limit, search, kinds, tags });
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
      {items.map((item) => (
        <BlockItem
          key={item.item_id}
          href={`${RESOURCE_KIND_PAGES[item.kind]}/${item.item_id}`}
          title={item.title}
          meta={[RESOURCE_KIND_LABELS[item.kind], item.summary].filter(Boolean).join(' · ')}
        />
      ))}
    </BlockFrame>
  );
}
