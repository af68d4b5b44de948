import { Button, Group, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { QueryState } from '../../../shared/ui/QueryState';
import type { CursorPage } from '../api';

interface ChunkResult<T> {
  data?: CursorPage<T> | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface CursorListProps<T, A> {
  /** Names what is listed, for the loading, error and empty states ("connections"). */
  label: string;
  emptyText: string;
  emptyAction?: ReactNode;
  /** The RTK Query hook reading one page, called once per page with `args(cursor)`. */
  query: (args: A) => ChunkResult<T>;
  /** The hook's argument for a page: the first with `undefined`, then the last page's `next_cursor`. */
  args: (cursor: string | undefined) => A;
  render: (item: T) => ReactNode;
  /** Resets the pages when it changes (a search, a tab). */
  resetKey: string;
}

function Chunk<T, A>({
  cursor,
  first,
  props,
  onMore,
  last,
}: {
  cursor: string | undefined;
  first: boolean;
  props: CursorListProps<T, A>;
  onMore: (next: string) => void;
  last: boolean;
}) {
  const query = props.query(props.args(cursor));
  const items = query.data?.data ?? [];
  const next = query.data?.meta.next_cursor ?? null;
  const body = (
    <>
      {items.map(props.render)}
      {last && next ? (
        <Group justify="center">
          <Button variant="light" loading={query.isFetching} onClick={() => onMore(next)}>
            Show more
          </Button>
        </Group>
      ) : null}
    </>
  );
  if (!first) return body;
  return (
    <QueryState
      label={props.label}
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={items.length === 0}
      emptyText={props.emptyText}
      emptyAction={props.emptyAction}
      onRetry={() => query.refetch()}
    >
      {body}
    </QueryState>
  );
}

/** A list paged by the server's cursor: the first page, then "Show more" appends the next. */
export function CursorList<T, A>(props: CursorListProps<T, A>) {
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key: props.resetKey,
    cursors: [undefined],
  });
  const cursors = state.key === props.resetKey ? state.cursors : [undefined];
  return (
    <Stack gap="sm">
      {cursors.map((cursor, index) => (
        <Chunk
          key={cursor ?? 'first'}
          cursor={cursor}
          first={index === 0}
          last={index === cursors.length - 1}
          props={props}
          onMore={(next) => setState({ key: props.resetKey, cursors: [...cursors, next] })}
        />
      ))}
    </Stack>
  );
}
