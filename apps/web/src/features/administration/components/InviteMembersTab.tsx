import { TEMP_ROLE_ID } from '@nexus/contracts';
import { useAppSelector } from '../../../app/store';
import { QueryState } from '../../../shared/ui/QueryState';
import { InvitationsSection } from '../../invitations';
import { type AdminRole, useListRolesQuery } from '../api';

/** What a tenant admin may invite people as (docs/profiles.md): the system roles of the user view. */
export function invitableTenantRoles(roles: readonly AdminRole[]) {
  return roles
    .filter((role) => role.role_view === 'user' && !role.parent_user_id && role.role_id !== TEMP_ROLE_ID)
    .map((role) => ({ value: String(role.role_id), label: role.display_name ?? role.role_name }));
}

/** Inside a tenant: invitation links that make their users members of the current tenant. */
export function InviteMembersTab() {
  const tenantId = useAppSelector((state) =>
    state.auth.roleContext === 'tenant' ? (state.auth.currentTenant?.tenant_id ?? null) : null,
  );
  const roles = useListRolesQuery();
  const options = invitableTenantRoles(roles.data?.data ?? []);
  return (
    <QueryState
      label="roles"
      isLoading={roles.isLoading}
      error={roles.error}
      isEmpty={options.length === 0 || tenantId === null}
      emptyText={tenantId === null ? 'Enter the organisation to invite its members' : 'No roles to invite as'}
      onRetry={() => roles.refetch()}
    >
      <InvitationsSection roles={options} tenantId={tenantId} />
    </QueryState>
  );
}
