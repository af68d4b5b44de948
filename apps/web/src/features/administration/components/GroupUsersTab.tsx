import { Badge, Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { Modal } from '../../../shared/ui/Modal';
import {
  useCreateGroupUserMutation,
  useDeleteGroupUserMutation,
  useLazyFindUserByEmailQuery,
  useListCustomRolesQuery,
  useListGroupUsersQuery,
  useMyRightsQuery,
} from '../api';
import { useActorId } from '../use-actor';
import { ADMIN_PAGE_SIZE, PagedTable } from './PagedTable';

interface MembershipForm {
  group_name: string;
  email: string;
  role_ids: string[];
}

/**
 * Group memberships: which user holds which custom roles under which parent user. "Add to group"
 * grants custom roles to a user found by email (inside a tenant, one of its members); the server
 * stamps the parent user and the tenant.
 */
export function GroupUsersTab() {
  const actorId = useActorId();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const query = useListGroupUsersQuery({ page, limit: ADMIN_PAGE_SIZE });
  const [findUser] = useLazyFindUserByEmailQuery();
  const roles = useListCustomRolesQuery();
  // Groups hand out custom roles: offered only to those who may manage them (docs/permissions.md).
  const mayManage = useMyRightsQuery().data?.manage_custom_roles === true;
  const [create, createState] = useCreateGroupUserMutation();
  const [remove] = useDeleteGroupUserMutation();
  const form = useForm<MembershipForm>({
    initialValues: { group_name: '', email: '', role_ids: [] },
    validate: {
      email: (value) =>
        /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : 'Enter a valid email address',
      role_ids: (value) => (value.length > 0 ? null : 'Choose at least one custom role'),
    },
  });
  const roleRows = roles.data?.data ?? [];
  const roleName = (id: number) => {
    const role = roleRows.find((item) => item.role_id === id);
    return role ? (role.display_name ?? role.role_name) : `#${id}`;
  };

  const open = () => {
    form.reset();
    setSaveError(null);
    setAdding(true);
  };
  const save = form.onSubmit(async (values) => {
    setSaveError(null);
    try {
      const user = await findUser(values.email.trim().toLowerCase(), true).unwrap();
      await create({
        user_id: user.user_id,
        role_ids: values.role_ids.map(Number),
        group_name: values.group_name.trim(),
        created_by: actorId,
      }).unwrap();
      setAdding(false);
    } catch (failure) {
      setSaveError((failure as HttpQueryError).message ?? 'Request failed');
    }
  });

  return (
    <Stack gap="md">
      {mayManage ? (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={open}>
            Add to group
          </Button>
        </Group>
      ) : null}
      <PagedTable
        label="group users"
        emptyText="No group users yet"
        query={query}
        page={page}
        onPage={setPage}
        rowKey={(row) => row.table_id}
        rowName={(row) => `membership ${row.table_id} of user ${row.user_id}`}
        columns={[
          { header: 'Group', cell: (row) => row.group_name || '—' },
          { header: 'User', cell: (row) => `#${row.user_id}` },
          { header: 'Parent user', cell: (row) => (row.parent_user_id ? `#${row.parent_user_id}` : '—') },
          {
            header: 'Roles',
            cell: (row) => (
              <Group gap={4}>
                {row.role_ids.map((id) => (
                  <Badge key={id} size="xs" variant="light">
                    {roleName(id)}
                  </Badge>
                ))}
              </Group>
            ),
          },
        ]}
        onDelete={(row) => remove({ id: row.table_id, userId: actorId }).unwrap()}
      />
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add to group">
        <form onSubmit={save} noValidate>
          <Stack gap="sm">
            <TextInput label="Group name" maxLength={100} {...form.getInputProps('group_name')} />
            <TextInput label="Member's email" type="email" required {...form.getInputProps('email')} />
            <MultiSelect
              label="Custom roles"
              placeholder={roleRows.length === 0 ? 'Create a custom role first' : 'Choose roles'}
              required
              data={roleRows.map((role) => ({
                value: String(role.role_id),
                label: role.display_name ?? role.role_name,
              }))}
              {...form.getInputProps('role_ids')}
            />
            {saveError ? (
              <Text c="red" size="sm" role="alert">
                {saveError}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAdding(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={createState.isLoading}>
                Add
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
