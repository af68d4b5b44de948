import { type CommunityScope, useBlockCompetitionsQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';
import { counted, whenIn } from './format';

export interface CompetitionsBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  when?: 'upcoming' | 'past' | 'all';
  community?: CommunityScope;
  seeAllHref?: string;
  emptyText?: string;
  order?: 2 | 3;
}

/** Open competitions (by default) from the competitions list, each linking to its overview. */
export function CompetitionsBlock({
  title = 'Open competitions',
  description,
  limit = 5,
  when = 'upcoming',
  community,
  seeAllHref = '/competition-block',
  emptyText = 'No open competitions right now',
  order,
}: CompetitionsBlockProps) {
  const query = useBlockCompetitionsQuery({ limit, when, community });
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
      {items.map((competition) => (
        <BlockItem
          key={competition.competition_id}
          href={`/competition/overview/${competition.competition_id}`}
          title={competition.title}
          meta={[
            competition.ends_at ? `Final deadline ${whenIn(competition.ends_at)}` : 'No deadline yet',
            counted(competition.entries, 'entry', 'entries'),
            competition.has_entered ? 'You take part' : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        />
      ))}
    </BlockFrame>
  );
}
