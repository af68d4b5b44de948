import { Badge, Table } from '@mantine/core';
import { QueryState } from '../../../shared/ui/QueryState';
import { useListRolesQuery } from '../api';

/** System roles (read only). */
export function RolesTab() {
  const query = useListRolesQuery();
  const rows = query.data?.data ?? [];
  return (
    <QueryState
      label="roles"
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={rows.length === 0}
      emptyText="No roles yet"
      onRetry={() => query.refetch()}
    >
      <Table.ScrollContainer minWidth={360}>
        <Table striped aria-label="Roles">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Role</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>View</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((role) => (
              <Table.Tr key={role.role_id}>
                <Table.Td>{role.display_name ?? role.role_name}</Table.Td>
                <Table.Td>{role.role_name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={role.role_view === 'admin' ? 'grape' : 'blue'}>
                    {role.role_view ?? 'user'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </QueryState>
  );
}
