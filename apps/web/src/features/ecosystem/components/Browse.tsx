import { SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { SearchField } from '../../../shared/ui/SearchField';
import { CursorList } from '../../network';
import type { CursorPage } from '../api';
import { type FilterDef, Filters } from './Filters';

type Args = Record<string, string | undefined> & { cursor?: string };
interface Result<T> {
  data?: CursorPage<T> | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * A browsable list: a search box, filter selects and pages of cards ("Show more"). With no search word
 * and no filter it lists everything, newest first (every list works with its defaults alone).
 */
export function Browse<T>({
  label,
  searchLabel,
  filters,
  query,
  render,
  emptyText,
  filteredEmptyText,
  emptyAction,
  extraArgs = {},
}: {
  label: string;
  searchLabel: string;
  filters: FilterDef[];
  query: (args: Args) => Result<T>;
  render: (item: T) => ReactNode;
  emptyText: string;
  filteredEmptyText: string;
  emptyAction?: ReactNode;
  extraArgs?: Record<string, string | undefined>;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [values, setValues] = useState<Record<string, string | undefined>>({});
  const filtered = Boolean(debounced) || Object.values(values).some(Boolean);
  const args = { ...extraArgs, ...values, search: debounced || undefined };
  return (
    <Stack gap="md">
      <SearchField label={searchLabel} value={search} onChange={setSearch} />
      <Filters
        defs={filters}
        values={values}
        onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
      />
      <CursorList<T, Args>
        label={label}
        emptyText={filtered ? filteredEmptyText : emptyText}
        emptyAction={filtered ? undefined : emptyAction}
        resetKey={JSON.stringify(args)}
        query={query}
        args={(cursor) => ({ ...args, cursor })}
        render={render}
      />
    </Stack>
  );
}

/** Cards two or three abreast on wide screens, one on a phone. */
export function CardGrid({ children }: { children: ReactNode }) {
  return <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>;
}
