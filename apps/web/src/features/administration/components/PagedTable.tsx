import { Button, Group, Pagination, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { QueryState } from '../../../shared/ui/QueryState';
import type { ListResult } from '../api';

export const ADMIN_PAGE_SIZE = 10;

interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface PagedTableProps<T> {
  label: string;
  emptyText: string;
  query: { data?: ListResult<T>; isLoading: boolean; error?: unknown; refetch: () => unknown };
  page: number;
  onPage: (page: number) => void;
  columns: Column<T>[];
  rowKey: (row: T) => number;
  rowName: (row: T) => string;
  /** Deletes one row; asked for confirmation first. */
  onDelete: (row: T) => Promise<unknown>;
}

/** A server-paged list with a confirmed delete per row (group users, user settings). */
export function PagedTable<T>({
  label,
  emptyText,
  query,
  page,
  onPage,
  columns,
  rowKey,
  rowName,
  onDelete,
}: PagedTableProps<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const rows = query.data?.data ?? [];
  return (
    <>
      <QueryState
        label={label}
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={rows.length === 0}
        emptyText={emptyText}
        onRetry={() => query.refetch()}
      >
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header}>{column.header}</Table.Th>
                ))}
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                  ))}
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${rowName(row)}`}
                      onClick={() => setTarget(row)}
                    >
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" wrap="wrap" mt="sm">
          <Text size="sm" c="dimmed">
            {query.data?.meta.total ?? 0} in all
          </Text>
          <Pagination
            total={query.data?.meta.totalPages ?? 1}
            value={page}
            onChange={onPage}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      </QueryState>
      <ConfirmDialog
        opened={target !== null}
        title="Delete"
        message={`Delete ${target ? rowName(target) : ''}? This cannot be undone.`}
        confirmLabel="Delete"
        onCancel={() => setTarget(null)}
        onConfirm={() => (target ? onDelete(target) : Promise.resolve())}
      />
    </>
  );
}
