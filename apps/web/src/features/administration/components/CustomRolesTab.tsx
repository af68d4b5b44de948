import { Alert, Badge, Button, Group, Select, Stack, Table, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useActorId } from '../../../shared/session/use-actor';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Modal } from '../../../shared/ui/Modal';
import { QueryState } from '../../../shared/ui/QueryState';
import {
  type AdminRole,
  useCreateCustomRoleMutation,
  useDeleteCustomRoleMutation,
  useListCustomRolesQuery,
  useMyRightsQuery,
  useUpdateCustomRoleMutation,
} from '../api';

interface RoleForm {
  display_name: string;
  role_view: 'admin' | 'user';
}

function toRoleName(display: string): string {
  return display
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** Custom roles of this admin (roles with a parent_user_id): create, rename, delete with confirmation. */
export function CustomRolesTab() {
  const actorId = useActorId();
  const query = useListCustomRolesQuery();
  // The server refuses the writes anyway; offering only what it allows spares a pointless 403.
  const rights = useMyRightsQuery();
  const mayManage = rights.data?.manage_custom_roles === true;
  const [create] = useCreateCustomRoleMutation();
  const [update] = useUpdateCustomRoleMutation();
  const [remove] = useDeleteCustomRoleMutation();
  const [editing, setEditing] = useState<AdminRole | 'new' | null>(null);
  const [target, setTarget] = useState<AdminRole | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<RoleForm>({
    initialValues: { display_name: '', role_view: 'user' },
    validate: { display_name: (value) => (value.trim() ? null : 'Enter a role name') },
  });
  const rows = query.data?.data ?? [];

  const open = (role: AdminRole | 'new') => {
    form.setValues(
      role === 'new'
        ? { display_name: '', role_view: 'user' }
        : { display_name: role.display_name ?? role.role_name, role_view: role.role_view ?? 'user' },
    );
    setSaveError(null);
    setEditing(role);
  };

  const save = form.onSubmit(async (values) => {
    try {
      const body = { display_name: values.display_name.trim(), role_view: values.role_view };
      if (editing === 'new') {
        await create({ ...body, role_name: toRoleName(values.display_name), created_by: actorId }).unwrap();
      } else if (editing) {
        await update({ id: editing.role_id, ...body, modified_by: actorId }).unwrap();
      }
      setEditing(null);
    } catch (failure) {
      setSaveError((failure as HttpQueryError).message);
    }
  });

  return (
    <Stack gap="md">
      {mayManage ? (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => open('new')}>
            New custom role
          </Button>
        </Group>
      ) : rights.data ? (
        <Alert color="gray" title="You cannot manage custom roles here">
          Creating, changing and deleting custom roles needs the Custom roles privilege. Ask a platform
          administrator for it.
        </Alert>
      ) : null}
      <QueryState
        label="custom roles"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={rows.length === 0}
        emptyText="No custom roles yet"
        onRetry={() => query.refetch()}
      >
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-label="Custom roles">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Role</Table.Th>
                <Table.Th>View</Table.Th>
                {mayManage ? <Table.Th>Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((role) => {
                const name = role.display_name ?? role.role_name;
                return (
                  <Table.Tr key={role.role_id}>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{role.role_view ?? 'user'}</Badge>
                    </Table.Td>
                    {mayManage ? (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => open(role)}
                            aria-label={`Edit ${name}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setTarget(role)}
                            aria-label={`Delete ${name}`}
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New custom role' : 'Edit custom role'}
      >
        <form onSubmit={save} noValidate>
          <Stack gap="sm">
            <TextInput label="Role name" required {...form.getInputProps('display_name')} />
            <Select
              label="View"
              data={[
                { value: 'user', label: 'User' },
                { value: 'admin', label: 'Admin' },
              ]}
              allowDeselect={false}
              {...form.getInputProps('role_view')}
            />
            {saveError ? (
              <Badge color="red" variant="light" role="alert">
                {saveError}
              </Badge>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                Cancel
              </Button>
              <Button type="submit">Save</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={target !== null}
        title="Delete custom role"
        message={`Delete the role ${target?.display_name ?? target?.role_name ?? ''}? Members holding it lose its menus.`}
        confirmLabel="Delete"
        onCancel={() => setTarget(null)}
        onConfirm={() => remove({ id: target?.role_id ?? 0, userId: actorId }).unwrap()}
      />
    </Stack>
  );
}
