import { Alert, Checkbox, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useActorId, usePlatformAdmin } from '../../../shared/session/use-actor';
import { QueryState } from '../../../shared/ui/QueryState';
import { defaultMenuRows } from '../../navigation';
import {
  useGrantPrivilegeMutation,
  useListCustomRolesQuery,
  useListMenusQuery,
  useListPrivilegesQuery,
  useListRolesQuery,
  useRevokePrivilegeMutation,
} from '../api';
import { buildMenuTree, type MenuNode } from '../menu-tree';

function flattenTree(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}

export const SYSTEM_LOCKED =
  'System roles are the same in every organisation: only a platform administrator changes what they grant.';

/**
 * Roles by menus, showing what each role really opens (docs/permissions.md): a privilege row ticks its
 * box; a role with no rows at all sees the default menu, shown ticked "by default". System role rows
 * (/user/privileges) are a platform administrator's to change, so for anyone else they are read-only
 * and say why; custom roles (/user/customRolePrivilege) are the tenant admin's. Ticking creates a row,
 * unticking deletes it; a refusal is shown, never swallowed.
 */
export function PrivilegeMatrixTab() {
  const actorId = useActorId();
  const platformAdmin = usePlatformAdmin();
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
  // Columns in the sidebar's order: each menu followed by its submenus.
  const menuRows = flattenTree(buildMenuTree(menus.data?.data ?? []));
  const granted = new Map<string, number>();
  const rolesWithRows = new Set<number>();
  for (const row of privileges.data?.data ?? []) {
    granted.set(`${row.role_id}:${row.privilege_menu_id}`, row.privilege_id);
    rolesWithRows.add(row.role_id);
  }
  const defaults = {
    admin: new Set(defaultMenuRows(menuRows, true).map((menu) => menu.menu_id)),
    user: new Set(defaultMenuRows(menuRows, false).map((menu) => menu.menu_id)),
  };
  const byDefault = (role: { role_id: number; role_view: string | null }, menuId: number) =>
    !rolesWithRows.has(role.role_id) && defaults[role.role_view === 'admin' ? 'admin' : 'user'].has(menuId);
  const editable = custom || platformAdmin;

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
      <Text size="sm" c="dimmed">
        A role without any ticked menu sees the default menu (shown as “by default”); ticking a first menu
        limits it to the ticked ones.
      </Text>
      {editable ? null : (
        <Alert color="gray" variant="light" title="Read-only">
          {SYSTEM_LOCKED} Give members custom roles to open more.
        </Alert>
      )}
      {error ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="Not changed"
          withCloseButton
          onClose={() => setError(null)}
        >
          {error}
        </Alert>
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
                    <Table.Th scope="row">
                      {roleName}
                      {rolesWithRows.has(role.role_id) ? null : (
                        <Text size="xs" c="dimmed">
                          Default menu
                        </Text>
                      )}
                    </Table.Th>
                    {menuRows.map((menu) => {
                      const key = `${role.role_id}:${menu.menu_id}`;
                      const explicit = granted.has(key);
                      const implied = !explicit && byDefault(role, menu.menu_id);
                      const state = explicit ? 'may open' : implied ? 'opens by default' : 'may not open';
                      return (
                        <Table.Td key={menu.menu_id} ta="center">
                          <Checkbox
                            aria-label={`${roleName} ${state} ${menu.menu_name}${editable ? '' : ' (read-only)'}`}
                            checked={explicit || implied}
                            color={implied ? 'gray' : undefined}
                            disabled={!editable || pending === key}
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
