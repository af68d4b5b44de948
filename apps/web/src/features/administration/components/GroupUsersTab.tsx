import { Badge, Button, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useActorId } from '../../../shared/session/use-actor';
import { Modal } from '../../../shared/ui/Modal';
import {
  type AdminUser,
  useCreateGroupUserMutation,
  useDeleteGroupUserMutation,
  useListCustomRolesQuery,
  useListGroupUsersQuery,
  useListUsersQuery,
  useMyRightsQuery,
} from '../api';
import { ADMIN_PAGE_SIZE, PagedTable } from './PagedTable';

interface MembershipForm {
  group_name: string;
  user_id: string | null;
  role_ids: string[];
}

const nameOf = (user: AdminUser) =>
  `${[user.firstName, user.lastName].filter(Boolean).join(' ') || user.username} (@${user.username})`;

/**
 * Group memberships: which user holds which custom roles under which parent user, by name. "Add to
 * group" grants custom roles to a user chosen by name (inside a tenant, one of its members: the list
 * of users is the tenant's); the server stamps the parent user and the tenant. The member's next
 * request opens what the roles grant.
 */
export function GroupUsersTab() {
  const actorId = useActorId();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const query = useListGroupUsersQuery({ page, limit: ADMIN_PAGE_SIZE });
  // Names of the users on this page (members and parent users), one list call.
  const ids = [
    ...new Set(
      (query.data?.data ?? []).flatMap((row) =>
        row.parent_user_id ? [row.user_id, row.parent_user_id] : [row.user_id],
      ),
    ),
  ].sort((a, b) => a - b);
  const named = useListUsersQuery(
    { page: 1, limit: Math.max(ids.length, 1), filterFields: { user_id: ids } },
    { skip: ids.length === 0 },
  );
  const userName = (id: number) => {
    const user = named.data?.data.find((item) => item.user_id === id);
    return user ? nameOf(user) : named.isFetching ? '…' : `User ${id}`;
  };
  const [memberSearch, setMemberSearch] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  // Choosing a member writes its label into the search box: that is not a new search.
  const [debouncedSearch] = useDebouncedValue(memberSearch === picked?.label ? '' : memberSearch.trim(), 300);
  const candidates = useListUsersQuery(
    {
      page: 1,
      limit: 20,
      sortField: 'username',
      sortOrder: 'asc',
      ...(debouncedSearch
        ? { search: debouncedSearch, searchFields: ['username', 'firstName', 'lastName'] }
        : {}),
    },
    { skip: !adding },
  );
  const roles = useListCustomRolesQuery();
  // Groups hand out custom roles: offered only to those who may manage them (docs/permissions.md).
  const mayManage = useMyRightsQuery().data?.manage_custom_roles === true;
  const [create, createState] = useCreateGroupUserMutation();
  const [remove] = useDeleteGroupUserMutation();
  const form = useForm<MembershipForm>({
    initialValues: { group_name: '', user_id: null, role_ids: [] },
    validate: {
      user_id: (value) => (value ? null : 'Choose a member'),
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
    setMemberSearch('');
    setPicked(null);
    setSaveError(null);
    setAdding(true);
  };
  const save = form.onSubmit(async (values) => {
    setSaveError(null);
    try {
      await create({
        user_id: Number(values.user_id),
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
        rowName={(row) => `membership ${row.group_name || row.table_id} of ${userName(row.user_id)}`}
        columns={[
          { header: 'Group', cell: (row) => row.group_name || '—' },
          { header: 'User', cell: (row) => userName(row.user_id) },
          { header: 'Parent user', cell: (row) => (row.parent_user_id ? userName(row.parent_user_id) : '—') },
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
            <Select
              label="Member"
              placeholder="Search by name or username"
              required
              searchable
              searchValue={memberSearch}
              onSearchChange={setMemberSearch}
              filter={({ options }) => options}
              nothingFoundMessage={candidates.isFetching ? 'Searching…' : 'No member matches'}
              data={[
                ...(picked && !candidates.data?.data.some((user) => String(user.user_id) === picked.value)
                  ? [picked]
                  : []),
                ...(candidates.data?.data ?? []).map((user) => ({
                  value: String(user.user_id),
                  label: nameOf(user),
                })),
              ]}
              {...form.getInputProps('user_id')}
              onChange={(value, option) => {
                setPicked(value ? option : null);
                form.setFieldValue('user_id', value);
              }}
            />
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
