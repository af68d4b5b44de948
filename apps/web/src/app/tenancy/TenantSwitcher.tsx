import { Menu, Text, UnstyledButton } from '@mantine/core';
import { DEFAULT_MENU } from '@nexus/contracts';
import { IconBuilding, IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { roleLabel } from '../../features/identity';
import { menuSelected, selectNavigationAccess } from '../../features/navigation';
import { homePath } from '../../shared/session/home-path';
import type { SessionRole, SessionTenant } from '../../shared/session/types';
import { clearTenantContext, rolesInTenant, setTenantContext } from '../../shared/tenancy/tenant-context';
import { useAppDispatch, useAppSelector } from '../store';

export const MAIN_PLATFORM_LABEL = 'Main platform';

interface Choice {
  tenant: SessionTenant;
  role: SessionRole;
}

/**
 * "Switch organisation" (issue 4 part 6): the main platform and each tenant the user belongs to,
 * with the role held there. Choosing one sets or clears the tenant context (spec section 4), resets
 * the selected menu to Home and opens the landing path. Shown only to users with a tenant role.
 * Inside a tenant, the custom roles its admins granted the user there (group memberships, spec
 * section 6) are choices too: acting in one shows exactly the menus it grants.
 */
export function TenantSwitcher() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user, isLoggedIn, availableTenants, roleContext, currentTenant, currentRole } = useAppSelector(
    (state) => state.auth,
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

  const toMainPlatform = async () => {
    await dispatch(clearTenantContext());
    dispatch(menuSelected({ menu: DEFAULT_MENU }));
    navigate(homePath({ isLoggedIn, user }));
  };
  const toTenant = async ({ tenant, role }: Choice) => {
    const route = await dispatch(setTenantContext({ tenant, role })).unwrap();
    dispatch(menuSelected({ menu: DEFAULT_MENU }));
    navigate(route);
  };

  const mark = (selected: boolean) =>
    selected ? <IconCheck size={16} aria-hidden="true" /> : <span style={{ width: 16 }} />;

  return (
    <Menu position="bottom-end" width={280} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Switch organisation</Menu.Label>
        <Menu.Item
          leftSection={mark(!inTenant)}
          aria-current={inTenant ? undefined : 'true'}
          onClick={() => void toMainPlatform()}
        >
          {MAIN_PLATFORM_LABEL}
        </Menu.Item>
        {choices.map((choice) => {
          const selected =
            inTenant &&
            currentTenant.tenant_id === choice.tenant.tenant_id &&
            currentRole?.role_id === choice.role.role_id;
          const role = roleLabel(choice.role);
          return (
            <Menu.Item
              key={`${choice.tenant.tenant_id}:${choice.role.role_id}`}
              leftSection={mark(selected)}
              aria-current={selected ? 'true' : undefined}
              aria-label={`${choice.tenant.tenant_name}, as ${role}`}
              onClick={() => void toTenant(choice)}
            >
              <Text size="sm" lh={1.3}>
                {choice.tenant.tenant_name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.3}>
                as {role}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
