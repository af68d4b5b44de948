import { Menu, Text } from '@mantine/core';
import { DEFAULT_MENU } from '@nexus/contracts';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { roleLabel } from '../../features/identity';
import { menuSelected } from '../../features/navigation';
import { homePath } from '../../shared/session/home-path';
import { clearTenantContext, setTenantContext } from '../../shared/tenancy/tenant-context';
import type { DeferredMenuProps } from '../../shared/ui/DeferredMenu';
import { useAppDispatch, useAppSelector } from '../store';
import { type Choice, MAIN_PLATFORM_LABEL } from './TenantSwitcher';

/** The "Switch organisation" menu itself, loaded after the frame has painted (see TenantSwitcher). */
export function TenantSwitcherPopup({
  target,
  opened,
  onChange,
  choices,
}: DeferredMenuProps & { choices: Choice[] }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user, isLoggedIn, roleContext, currentTenant, currentRole } = useAppSelector((state) => state.auth);
  const inTenant = roleContext === 'tenant' && currentTenant !== null;

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
    <Menu
      position="bottom-end"
      width={280}
      withinPortal
      withInitialFocusPlaceholder={false}
      opened={opened}
      onChange={onChange}
    >
      <Menu.Target>{target}</Menu.Target>
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
