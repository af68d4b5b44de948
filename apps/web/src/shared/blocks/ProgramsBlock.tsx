import { useBlockProgramsQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';

export interface ProgramsBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  /** Words matched against the programs' names and descriptions. */
  search?: string;
  /** One program category, as the authors typed it. */
  category?: string;
  seeAllHref?: string;
  emptyText?: string;
  order?: 2 | 3;
}

/** Published programs the caller may see (newest or best match first), each linking to its overview. */
export function ProgramsBlock({
  title = 'Programs',
  description,
  limit = 5,
  search,
  category,
  seeAllHref = '/lxp',
  emptyText = 'No programs match yet',
  order,
}: ProgramsBlockProps) {
  const query = useBlockProgramsQuery({ limit, search, category });
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
      {items.map((program) => (
        <BlockItem
          key={program.program_id}
          href={`/programs/overview/${program.program_id}`}
          title={program.program_name}
          meta={[program.program_category, program.description].filter(Boolean).join(' · ')}
        />
      ))}
    </BlockFrame>
  );
}
