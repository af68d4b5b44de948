import { Text, UnstyledButton } from '@mantine/core';
import { IconBuilding, IconChevronDown } from '@tabler/icons-react';
import { shallowEqual } from 'react-redux';
import { selectNavigationAccess } from '../../features/navigation';
import type { SessionRole, SessionTenant } from '../../shared/session/types';
import { rolesInTenant } from '../../shared/tenancy/tenant-context';
import { DeferredMenu } from '../../shared/ui/DeferredMenu';
import { useAppSelector } from '../store';

export const MAIN_PLATFORM_LABEL = 'Main platform';

export interface Choice {
  tenant: SessionTenant;
  role: SessionRole;
}

/**
 * "Switch organisation" (issue 4 part 6): the main platform and each tenant the user belongs to,
 * with the role held there. Choosing one sets or clears the tenant context (spec section 4), resets
 * the selected menu to Home and opens the landing path. Shown only to users with a tenant role.
 * Inside a tenant, the custom roles its admins granted the user there (group memberships, spec
 * section 6) are choices too: acting in one shows exactly the menus it grants. The button paints with
 * the frame; the menu follows (TenantSwitcherPopup).
 */
const loadPopup = () => import('./TenantSwitcherPopup').then((module) => module.TenantSwitcherPopup);

export function TenantSwitcher() {
  const { user, availableTenants, roleContext, currentTenant } = useAppSelector(
    (state) => ({
      user: state.auth.user,
      availableTenants: state.auth.availableTenants,
      roleContext: state.auth.roleContext,
      currentTenant: state.auth.currentTenant,
    }),
    shallowEqual,
  );
  const customRoles = useAppSelector((state) => selectNavigationAccess(state).customRoles);
  const inTenant = roleContext === 'tenant' && currentTenant !== null;
  const choices: Choice[] = availableTenants.flatMap((tenant) => {
    const role = rolesInTenant(user, tenant.tenant_id)[0];
    if (!role) return [];
    // Custom roles are known for the current context only (they load with its menus).
    const custom = inTenant && currentTenant.tenant_id === tenant.tenant_id ? customRoles : [];
    return [{ tenant, role }, ...custom.map((item) => ({ tenant, role: item }))];
  });
  if (choices.length === 0) return null;

  const current = inTenant ? currentTenant.tenant_name : MAIN_PLATFORM_LABEL;

  return (
    <DeferredMenu
      load={loadPopup}
      menuProps={{ choices }}
      target={
        <UnstyledButton
          aria-label={`Switch organisation, current: ${current}`}
          style={{ borderRadius: 8 }}
          p={6}
        >
          <span style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <IconBuilding size={18} aria-hidden="true" />
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
              {current}
            </Text>
            <IconChevronDown size={14} aria-hidden="true" />
          </span>
        </UnstyledButton>
      }
    />
  );
}
