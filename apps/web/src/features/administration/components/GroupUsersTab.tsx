import { Badge, Group } from '@mantine/core';
import { useState } from 'react';
import { useDeleteGroupUserMutation, useListGroupUsersQuery } from '../api';
import { useActorId } from '../use-actor';
import { ADMIN_PAGE_SIZE, PagedTable } from './PagedTable';

/** Group memberships: which user holds which custom roles under which parent user. */
export function GroupUsersTab() {
  const actorId = useActorId();
  const [page, setPage] = useState(1);
  const query = useListGroupUsersQuery({ page, limit: ADMIN_PAGE_SIZE });
  const [remove] = useDeleteGroupUserMutation();
  return (
    <PagedTable
      label="group users"
      emptyText="No group users yet"
      query={query}
      page={page}
      onPage={setPage}
      rowKey={(row) => row.table_id}
      rowName={(row) => `membership ${row.table_id} of user ${row.user_id}`}
      columns={[
        { header: 'Group', cell: (row) => row.group_name ?? '—' },
        { header: 'User', cell: (row) => `#${row.user_id}` },
        { header: 'Parent user', cell: (row) => (row.parent_user_id ? `#${row.parent_user_id}` : '—') },
        {
          header: 'Roles',
          cell: (row) => (
            <Group gap={4}>
              {row.role_ids.map((id) => (
                <Badge key={id} size="xs" variant="light">
                  {id}
                </Badge>
              ))}
            </Group>
          ),
        },
      ]}
      onDelete={(row) => remove({ id: row.table_id, userId: actorId }).unwrap()}
    />
  );
}
