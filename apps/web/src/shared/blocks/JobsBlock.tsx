import { POSTING_TYPE_LABELS, type PostingType } from '@nexus/contracts';
import { useBlockJobsQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';
import { whenIn } from './format';

export interface JobsBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  search?: string;
  jobType?: PostingType;
  seeAllHref?: string;
  emptyText?: string;
  order?: 2 | 3;
}

/** Open jobs and internships, newest first, each linking to its posting. */
export function JobsBlock({
  title = 'Jobs and internships',
  description,
  limit = 5,
  search,
  jobType,
  seeAllHref = '/search-jobs',
  emptyText = 'No open postings match yet',
  order,
}: JobsBlockProps) {
  const query = useBlockJobsQuery({ limit, search, jobType });
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
      {items.map((posting) => (
        <BlockItem
          key={posting.posting_id}
          href={`/search-jobs/${posting.posting_id}`}
          title={posting.title}
          meta={[
            posting.organisation,
            POSTING_TYPE_LABELS[posting.job_type],
            posting.remote ? 'Remote' : posting.city,
            `Closes ${whenIn(posting.closes_at)}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        />
      ))}
    </BlockFrame>
  );
}
