import { Checkbox, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { QueryState } from '../../../shared/ui/QueryState';
import {
  useGrantPrivilegeMutation,
  useListCustomRolesQuery,
  useListMenusQuery,
  useListPrivilegesQuery,
  useListRolesQuery,
  useRevokePrivilegeMutation,
} from '../api';
import { useActorId } from '../use-actor';

/**
 * Roles by menus: a ticked box is a privilege row (system roles: /user/privileges; custom roles:
 * /user/customRolePrivilege). Ticking creates it, unticking deletes it; both are one click to undo.
 */
export function PrivilegeMatrixTab() {
  const actorId = useActorId();
  const [kind, setKind] = useState<'system' | 'custom'>('system');
  const custom = kind === 'custom';
  const systemRoles = useListRolesQuery(undefined, { skip: custom });
  const customRoles = useListCustomRolesQuery(undefined, { skip: !custom });
  const roles = custom ? customRoles : systemRoles;
  const menus = useListMenusQuery();
  const privileges = useListPrivilegesQuery({ custom });
  const [grant] = useGrantPrivilegeMutation();
  const [revoke] = useRevokePrivilegeMutation();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const roleRows = roles.data?.data ?? [];
  const menuRows = menus.data?.data ?? [];
  const granted = new Map<string, number>();
  for (const row of privileges.data?.data ?? []) {
    granted.set(`${row.role_id}:${row.privilege_menu_id}`, row.privilege_id);
  }

  const toggle = async (roleId: number, menuId: number) => {
    const key = `${roleId}:${menuId}`;
    const id = granted.get(key);
    setPending(key);
    setError(null);
    try {
      if (id === undefined) await grant({ custom, role_id: roleId, menuId, userId: actorId }).unwrap();
      else await revoke({ custom, id, userId: actorId }).unwrap();
    } catch (failure) {
      setError((failure as HttpQueryError).message);
    } finally {
      setPending(null);
    }
  };

  const failed = roles.error ?? menus.error ?? privileges.error;
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Kind of role"
        value={kind}
        onChange={(value) => setKind(value as 'system' | 'custom')}
        data={[
          { value: 'system', label: 'System roles' },
          { value: 'custom', label: 'Custom roles' },
        ]}
        w="fit-content"
      />
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      <QueryState
        label="the privilege matrix"
        isLoading={roles.isLoading || menus.isLoading || privileges.isLoading}
        error={failed}
        isEmpty={roleRows.length === 0 || menuRows.length === 0}
        emptyText={menuRows.length === 0 ? 'No menus to grant yet' : 'No roles yet'}
        onRetry={() => {
          roles.refetch();
          menus.refetch();
          privileges.refetch();
        }}
      >
        <Table.ScrollContainer minWidth={200 + menuRows.length * 90}>
          <Table withColumnBorders aria-label="Privilege matrix" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Role</Table.Th>
                {menuRows.map((menu) => (
                  <Table.Th key={menu.menu_id} ta="center">
                    {menu.menu_name}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roleRows.map((role) => {
                const roleName = role.display_name ?? role.role_name;
                return (
                  <Table.Tr key={role.role_id}>
                    <Table.Th scope="row">{roleName}</Table.Th>
                    {menuRows.map((menu) => {
                      const key = `${role.role_id}:${menu.menu_id}`;
                      return (
                        <Table.Td key={menu.menu_id} ta="center">
                          <Checkbox
                            aria-label={`${roleName} may open ${menu.menu_name}`}
                            checked={granted.has(key)}
                            disabled={pending === key}
                            onChange={() => toggle(role.role_id, menu.menu_id)}
                            styles={{ body: { justifyContent: 'center' } }}
                          />
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryState>
    </Stack>
  );
}
