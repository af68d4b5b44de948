import { Group, Pagination, Text } from '@mantine/core';

const CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

interface ListPaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** What the list holds in all, e.g. "12 programs"; left out, the pages stand alone. */
  summary?: string;
}

/**
 * The footer of a paged list: how many in all, and the pages with every button named (axe needs the
 * arrows named too). Hidden when there is a single page and nothing to summarise.
 */
export function ListPagination({ page, totalPages, onChange, summary }: ListPaginationProps) {
  if (totalPages <= 1 && summary === undefined) return null;
  return (
    <Group justify={summary === undefined ? 'flex-end' : 'space-between'} mt="md" wrap="wrap">
      {summary === undefined ? null : (
        <Text size="sm" c="dimmed">
          {summary}
        </Text>
      )}
      {totalPages > 1 ? (
        <Pagination
          total={totalPages}
          value={page}
          onChange={onChange}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
        />
      ) : null}
    </Group>
  );
}
