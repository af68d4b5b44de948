import { Alert, Badge, Button, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAppSelector } from '../../../app/store';
import { errorMessage } from '../../../shared/api/http';
import { useActorId, usePlatformAdmin } from '../../../shared/session/use-actor';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import {
  type AdminUser,
  type SearchUsersArgs,
  useDisableUserMutation,
  useEnableUserMutation,
  useListUsersQuery,
  useSearchUsersQuery,
  useSetUserRolesMutation,
  useSubscriptionByTenantQuery,
} from '../api';
import { useRevokeSeatMutation } from '../seats-api';
import { MemberRolesDialog } from './MemberRolesDialog';
import { PendingInvitations } from './PendingInvitations';

export const USERS_PAGE_SIZE = 10;
const SORTS = [
  { value: 'user_id:desc', label: 'Newest first' },
  { value: 'user_id:asc', label: 'Oldest first' },
  { value: 'username:asc', label: 'Username A–Z' },
  { value: 'username:desc', label: 'Username Z–A' },
];
const EMAIL_SORT = { value: 'email:asc', label: 'Email A–Z' };

/** "Tenant Admin · Navy": a role, and the organisation it is held in when it is held in one. */
export function roleLabel(role: NonNullable<AdminUser['roles']>[number]): string {
  const name = role.display_name || role.role_name || `Role ${role.role_id}`;
  return role.tenant_id ? `${name} · ${role.tenant_name ?? `organisation ${role.tenant_id}`}` : name;
}

/**
/** The current tenant when the session acts inside one (the X-Tenant-Id the HTTP client sends). */
export function useContextTenantId(): number | null {
  return useAppSelector((state) =>
    state.auth.roleContext === 'tenant' ? (state.auth.currentTenant?.tenant_id ?? null) : null,
  );
}

const displayName = (user: AdminUser) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

/**
 * Users: searched, sorted and paged on the server. Actions per row: change roles in this context,
 * remove from the organisation (inside a tenant; the seat is freed), disable (platform admins). Every
 * destructive action asks first and shows the server's refusal (e.g. the last administrator). A
 * platform administrator's list comes from searchUsers, which answers each person's roles and where
 * they hold them.
 */
export function UsersTab() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState('user_id:desc');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [sortField, sortOrder] = sort.split(':') as [
    NonNullable<SearchUsersArgs['sortField']>,
    'asc' | 'desc',
  ];
  // A tenant administrator sees members as membership needs them: no email to show, search or sort by
  // (docs/tenancy.md); the server refuses those fields to them.
  const platformAdmin = usePlatformAdmin();
  const searchFields = platformAdmin
    ? ['username', 'email', 'firstName', 'lastName']
    : ['username', 'firstName', 'lastName'];
  const actorId = useActorId();
  // People join through links used elsewhere: opening the tab reads the list again.
  const memberList = useListUsersQuery(
    {
      page,
      limit: USERS_PAGE_SIZE,
      sortField,
      sortOrder,
      ...(debounced ? { search: debounced, searchFields } : {}),
    },
    { refetchOnMountOrArgChange: true, skip: platformAdmin },
  );
  const everyone = useSearchUsersQuery(
    { page, limit: USERS_PAGE_SIZE, sortField, sortOrder, ...(debounced ? { search: debounced } : {}) },
    { refetchOnMountOrArgChange: true, skip: !platformAdmin },
  );
  const query = platformAdmin ? everyone : memberList;
  const [disable] = useDisableUserMutation();
  const [enable, enabling] = useEnableUserMutation();
  const [enableFailure, setEnableFailure] = useState<string | null>(null);
  const enableUser = async (user: AdminUser) => {
    setEnableFailure(null);
    try {
      await enable(user.username).unwrap();
    } catch (error) {
      setEnableFailure(errorMessage(error, `${user.username} could not be enabled.`));
    }
  };
  const tenantId = useContextTenantId();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [removing, setRemoving] = useState<AdminUser | null>(null);
  const subscription = useSubscriptionByTenantQuery(tenantId ?? 0, { skip: tenantId === null });
  const [revokeSeat] = useRevokeSeatMutation();
  const [setRoles] = useSetUserRolesMutation();
  // Removing frees the seat of the organisation's subscription; an organisation without one (older
  // data) drops the member's roles there through the same roles call.
  const remove = (user: AdminUser) => {
    const subscriptionId = subscription.data?.subscription_id;
    return subscriptionId
      ? revokeSeat({ subscriptionId, userId: user.user_id }).unwrap()
      : setRoles({ id: user.user_id, roles: [], modified_by: actorId }).unwrap();
  };
  // Disabling an account is a platform admin's call (the server refuses anyone else), never one's own.
  const rows = query.data?.data ?? [];

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchField
          label="Search users"
          hideLabel
          placeholder={platformAdmin ? 'Search by name, username or email' : 'Search by name or username'}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Select
          aria-label="Sort users"
          data={platformAdmin ? [...SORTS, EMAIL_SORT] : SORTS}
          value={sort}
          allowDeselect={false}
          onChange={(value) => {
            if (value) setSort(value);
            setPage(1);
          }}
          w={170}
        />
      </Group>
      {enableFailure ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => setEnableFailure(null)}>
          {enableFailure}
        </Alert>
      ) : null}
      <QueryState
        label="users"
        isLoading={query.isFetching && !query.data}
        error={query.error}
        isEmpty={rows.length === 0}
        emptyText={debounced ? 'No users match your search' : 'No users yet'}
        onRetry={() => query.refetch()}
      >
        <Table.ScrollContainer minWidth={platformAdmin ? 760 : 560}>
          <Table striped highlightOnHover aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                {platformAdmin ? <Table.Th>Email</Table.Th> : null}
                {platformAdmin ? <Table.Th>Roles</Table.Th> : null}
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.user_id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {displayName(user)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      @{user.username}
                    </Text>
                  </Table.Td>
                  {platformAdmin ? <Table.Td>{user.email}</Table.Td> : null}
                  {platformAdmin ? (
                    <Table.Td>
                      {user.roles && user.roles.length > 0 ? (
                        <Group gap={4}>
                          {user.roles.map((role) => (
                            <Badge
                              key={`${role.role_id}-${role.tenant_id ?? 'main'}`}
                              variant="outline"
                              color={role.tenant_id ? 'grape' : 'blue'}
                              style={{ textTransform: 'none' }}
                            >
                              {roleLabel(role)}
                            </Badge>
                          ))}
                        </Group>
                      ) : (
                        <Text size="xs" c="dimmed">
                          No role
                        </Text>
                      )}
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Badge color={user.enabled ? 'green' : 'gray'} variant="light">
                      {user.enabled ? 'Active' : 'Disabled'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {tenantId !== null || platformAdmin ? (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setEditing(user)}
                          aria-label={`Change roles of ${user.username}`}
                        >
                          Roles
                        </Button>
                      ) : null}
                      {tenantId !== null && user.user_id !== actorId ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setRemoving(user)}
                          aria-label={`Remove ${user.username} from the organisation`}
                        >
                          Remove
                        </Button>
                      ) : null}
                      {user.enabled && platformAdmin && user.user_id !== actorId ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setTarget(user)}
                          aria-label={`Disable ${user.username}`}
                        >
                          Disable
                        </Button>
                      ) : null}
                      {!user.enabled && platformAdmin ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="green"
                          loading={enabling.isLoading && enabling.originalArgs === user.username}
                          onClick={() => void enableUser(user)}
                          aria-label={`Enable ${user.username}`}
                        >
                          Enable
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {query.data?.meta.total === 1 ? '1 user' : `${query.data?.meta.total ?? 0} users`}
          </Text>
          <Pagination
            total={query.data?.meta.totalPages ?? 1}
            value={page}
            onChange={setPage}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        </Group>
      </QueryState>
      <ConfirmDialog
        opened={target !== null}
        title="Disable user"
        message={`Disable ${target?.username ?? ''}? They will no longer be able to sign in.`}
        confirmLabel="Disable"
        onCancel={() => setTarget(null)}
        onConfirm={() => disable(target?.username ?? '').unwrap()}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove from the organisation"
        message={
          removing
            ? `Remove ${displayName(removing)} from this organisation? They lose every role here and their seat is freed; their account stays.`
            : ''
        }
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={() => (removing ? remove(removing) : Promise.resolve())}
      />
      <MemberRolesDialog user={editing} tenantId={tenantId} onClose={() => setEditing(null)} />
      {tenantId !== null ? <PendingInvitations /> : null}
    </Stack>
  );
}
