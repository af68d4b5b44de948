import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { TEMP_ROLE_ID } from '@nexus/contracts';
import { useEffect, useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { useActorId, usePlatformAdmin } from '../../../shared/session/use-actor';
import { Modal } from '../../../shared/ui/Modal';
import { QueryState } from '../../../shared/ui/QueryState';
import { type AdminUser, useGetAdminUserQuery, useListRolesQuery, useSetUserRolesMutation } from '../api';

interface MemberRolesDialogProps {
  user: AdminUser | null;
  /** The tenant whose roles are edited; null on the main platform. */
  tenantId: number | null;
  onClose: () => void;
}

/**
 * Changes the roles a member holds in the current context (updateUser `roles`, docs/identity-users.md).
 * Administrator roles are a platform administrator's to give (docs/permissions.md, "Granting roles"):
 * a tenant admin sees them but cannot tick or untick them. Custom roles are held through group
 * memberships, so they are given in the Group users tab.
 */
export function MemberRolesDialog({ user, tenantId, onClose }: MemberRolesDialogProps) {
  const opened = user !== null;
  const actorId = useActorId();
  const platformAdmin = usePlatformAdmin();
  const detail = useGetAdminUserQuery(user?.user_id ?? 0, { skip: !opened, refetchOnMountOrArgChange: true });
  const roles = useListRolesQuery(undefined, { skip: !opened });
  const [save, saveState] = useSetUserRolesMutation();
  const [checked, setChecked] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);

  const held = (detail.data?.roles ?? []).filter((role) => (role.tenant_id ?? null) === tenantId);
  const heldKey = held.map((role) => role.role_id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another user's roles arrive
  useEffect(() => {
    setChecked(held.map((role) => role.role_id));
    setError(null);
  }, [heldKey, user?.user_id]);

  const options = (roles.data?.data ?? []).filter(
    (role) => role.role_id !== TEMP_ROLE_ID && !role.parent_user_id,
  );
  const locked = (role: { role_view: string | null }) => !platformAdmin && role.role_view === 'admin';
  const name = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username : '';

  const submit = async () => {
    if (!user) return;
    setError(null);
    if (checked.length === 0) {
      setError('Choose at least one role, or use Remove to take them out of the organisation.');
      return;
    }
    try {
      await save({ id: user.user_id, roles: checked, modified_by: actorId }).unwrap();
      onClose();
    } catch (failure) {
      setError((failure as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Roles of ${name}`}>
      <QueryState
        label="roles"
        isLoading={detail.isFetching || roles.isLoading}
        error={detail.error ?? roles.error}
        isEmpty={options.length === 0}
        emptyText="No roles to give"
        onRetry={() => {
          detail.refetch();
          roles.refetch();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {tenantId === null ? 'Roles on the main platform.' : 'Roles in this organisation.'} Custom roles
            are given in the Group users tab.
          </Text>
          <Checkbox.Group value={checked.map(String)} onChange={(values) => setChecked(values.map(Number))}>
            <Stack gap={6} role="group" aria-label="Roles">
              {options.map((role) => (
                <Checkbox
                  key={role.role_id}
                  value={String(role.role_id)}
                  label={role.display_name ?? role.role_name}
                  disabled={locked(role)}
                  description={
                    locked(role)
                      ? 'Only a platform administrator gives or takes administrator roles.'
                      : undefined
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {error ? (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} loading={saveState.isLoading}>
              Save roles
            </Button>
          </Group>
        </Stack>
      </QueryState>
    </Modal>
  );
}
