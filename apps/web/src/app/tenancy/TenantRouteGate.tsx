import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { sameRole } from '../../shared/session/active-role';
import { loadUserTenants, setTenantContext } from '../../shared/tenancy/tenant-context';
import { findRouteTenant, roleForTenantRoute, type TenantRouteKind } from '../../shared/tenancy/tenant-route';
import { readStoredTenantContext } from '../../shared/tenancy/tenant-storage';
import NotFoundPage from '../screens/NotFoundPage';
import { useAppDispatch, useAppSelector } from '../store';

/** Shown while the user's tenants load or the context is being entered; nothing of the page runs yet. */
export function TenantResolving({ label }: { label: string }) {
  return (
    <Center mih={240} role="status" aria-live="polite" aria-label={label}>
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden="true" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

interface TenantsUnavailableProps {
  /** The failure to show instead of the tenant list's. */
  message?: string;
  /** What Try again does instead of reloading the tenant list. */
  onRetry?: () => void;
}

/** The user's tenants could not be loaded: membership is unknown, so neither the page nor a 404. */
export function TenantsUnavailable({ message, onRetry }: TenantsUnavailableProps) {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.auth.user?.user_id ?? null);
  const tenantError = useAppSelector((state) => state.auth.tenantError);
  const retry = onRetry ?? (userId !== null ? () => void dispatch(loadUserTenants(userId)) : undefined);
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle aria-hidden="true" />}
      title="We could not load your organisations"
      role="alert"
      m="md"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message ?? tenantError ?? 'Request failed'}</Text>
        {retry && (
          <Button size="xs" variant="light" onClick={retry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

interface TenantRouteGateProps {
  kind: TenantRouteKind;
  children: ReactNode;
}

/**
 * A tenant route (/t/{tenant_type}/{tenant_name}/..., spec section 2) takes its tenant context from
 * its path, not from browser storage (issue 23 part 10): for a member of the tenant it enters that
 * tenant in the fitting role before the page mounts, so the page's very first call already carries
 * the tenant's X-Tenant-Id; anyone else gets the 404 page inside the frame.
 */
export function TenantRouteGate({ kind, children }: TenantRouteGateProps) {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const { tenant_type: tenantType = '', tenant_name: tenantName = '' } = useParams();
  const tenantsStatus = useAppSelector((state) => state.auth.tenantsStatus);
  const tenants = useAppSelector((state) => state.auth.availableTenants);
  const user = useAppSelector((state) => state.auth.user);
  const roleContext = useAppSelector((state) => state.auth.roleContext);
  const currentTenant = useAppSelector((state) => state.auth.currentTenant);
  const currentRole = useAppSelector((state) => state.auth.currentRole);

  const tenant = findRouteTenant(tenants, tenantType, tenantName);
  const inThisTenant =
    roleContext === 'tenant' && tenant !== undefined && currentTenant?.tenant_id === tenant.tenant_id;
  const stored = readStoredTenantContext();
  const preferred = inThisTenant
    ? currentRole
    : stored && tenant && stored.tenant.tenant_id === tenant.tenant_id
      ? stored.role
      : null;
  const role = tenant ? roleForTenantRoute(user, tenant, kind, preferred) : undefined;
  const ready = inThisTenant && currentRole !== null && role !== undefined && sameRole(currentRole, role);
  const here = `${pathname}${search}`;

  useEffect(() => {
    if (!tenant || !role || ready) return;
    void dispatch(setTenantContext({ tenant, role, route: here }));
  }, [dispatch, tenant, role, ready, here]);

  if (ready) return <>{children}</>;
  if (tenant && role) return <TenantResolving label={`Opening ${tenant.tenant_name}`} />;
  if (tenantsStatus === 'succeeded') return <NotFoundPage />;
  if (tenantsStatus === 'failed') return <TenantsUnavailable />;
  return <TenantResolving label="Loading your organisations" />;
}
