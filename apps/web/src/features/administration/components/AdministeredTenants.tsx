import { Alert, Button, Group, Text } from '@mantine/core';
import { DEFAULT_MENU } from '@nexus/contracts';
import { IconBuilding } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import type { SessionRole, SessionTenant } from '../../../shared/session/types';
import { administeredTenants, setTenantContext } from '../../../shared/tenancy/tenant-context';
import { menuSelected } from '../../navigation';

/**
 * On the main platform's admin center: the organisations the user administers, each one click from
 * its own admin center. A tenant admin manages its members there, not here (where the server shows
 * them only their own records).
 */
export function AdministeredTenants() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.auth.user);
  const tenants = useAppSelector((state) => state.auth.availableTenants);
  const administered = administeredTenants(user, tenants);
  if (administered.length === 0) return null;

  const open = async (tenant: SessionTenant, role: SessionRole) => {
    const route = await dispatch(setTenantContext({ tenant, role })).unwrap();
    dispatch(menuSelected({ menu: DEFAULT_MENU }));
    navigate(route);
  };

  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconBuilding aria-hidden="true" />}
      title="Organisations you administer"
    >
      <Text size="sm" mb="sm">
        Their members, roles and invitations are managed in each organisation's own admin center.
      </Text>
      <Group gap="sm">
        {administered.map(({ tenant, role }) => (
          <Button
            key={tenant.tenant_id}
            size="xs"
            variant="light"
            onClick={() => void open(tenant, role)}
            aria-label={`Open the admin center of ${tenant.tenant_name}`}
          >
            {tenant.tenant_name}
          </Button>
        ))}
      </Group>
    </Alert>
  );
}
