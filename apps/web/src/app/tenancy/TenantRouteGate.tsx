import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { http } from '../../shared/api/http';
import { sameRole } from '../../shared/session/active-role';
import type { SessionRole, SessionTenant } from '../../shared/session/types';
import { PLATFORM_ADMIN_ROLE_ID, usePlatformAdmin } from '../../shared/session/use-actor';
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

/** Spec section 7, tenants: the organisations of one type (a platform admin may read every one). */
const TENANTS_BY_TYPE_PATH = '/api/user/tenants/getTenantsByType';

type Visit = { key: string; tenant: SessionTenant | null } | { key: string; error: string };

/**
 * A platform administrator holds no role in most tenants, yet administers them all (the server lets
 * them act in any with X-Tenant-Id): a tenant route of one they are not a member of is found among the
 * tenants of its type and entered in their platform admin role, instead of the 404 a stranger gets.
 */
function usePlatformAdminVisit(wanted: boolean, tenantType: string, tenantName: string, attempt: number) {
  const key = `${tenantType}/${tenantName}/${attempt}`;
  const [visit, setVisit] = useState<Visit | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    http.get<{ data: SessionTenant[] }>(`${TENANTS_BY_TYPE_PATH}/${encodeURIComponent(tenantType)}`).then(
      ({ data }) => {
        const found = (data.data ?? []).find((item) => item.tenant_name === tenantName) ?? null;
        const tenant = found && {
          tenant_id: found.tenant_id,
          tenant_type: found.tenant_type,
          tenant_name: found.tenant_name,
        };
        if (!cancelled) setVisit({ key, tenant });
      },
      (failure: { response?: { status?: number; data?: { message?: string } } }) => {
        if (cancelled) return;
        const status = failure.response?.status;
        // An unknown tenant type is a 400 or 404: the route names no tenant.
        if (status === 400 || status === 404) setVisit({ key, tenant: null });
        else setVisit({ key, error: failure.response?.data?.message ?? 'Request failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, key, tenantType, tenantName]);
  return wanted && visit?.key === key ? visit : null;
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

  const platformAdmin = usePlatformAdmin();
  const adminRole = useAppSelector(
    (state) =>
      (state.auth.user?.roles ?? []).find(
        (held) => held.role_id === PLATFORM_ADMIN_ROLE_ID && !held.tenant_id,
      ) as SessionRole | undefined,
  );
  const [attempt, setAttempt] = useState(0);
  const member = findRouteTenant(tenants, tenantType, tenantName);
  const visit = usePlatformAdminVisit(
    platformAdmin && tenantsStatus === 'succeeded' && member === undefined,
    tenantType,
    tenantName,
    attempt,
  );
  const visited = visit && 'tenant' in visit ? (visit.tenant ?? undefined) : undefined;
  const tenant = member ?? visited;
  const inThisTenant =
    roleContext === 'tenant' && tenant !== undefined && currentTenant?.tenant_id === tenant.tenant_id;
  const stored = readStoredTenantContext();
  const preferred = inThisTenant
    ? currentRole
    : stored && tenant && stored.tenant.tenant_id === tenant.tenant_id
      ? stored.role
      : null;
  // Kept as one object while the visit lasts, so entering the tenant is asked for once.
  const visitRole = useMemo(
    () => (visited && adminRole ? { ...adminRole, role_view: 'admin' as const } : undefined),
    [visited, adminRole],
  );
  const role = member ? roleForTenantRoute(user, member, kind, preferred) : visitRole;
  const ready = inThisTenant && currentRole !== null && role !== undefined && sameRole(currentRole, role);
  const here = `${pathname}${search}`;

  useEffect(() => {
    if (!tenant || !role || ready) return;
    void dispatch(setTenantContext({ tenant, role, route: here }));
  }, [dispatch, tenant, role, ready, here]);

  if (ready) return <>{children}</>;
  if (tenant && role) return <TenantResolving label={`Opening ${tenant.tenant_name}`} />;
  if (visit && 'error' in visit) {
    return <TenantsUnavailable message={visit.error} onRetry={() => setAttempt((count) => count + 1)} />;
  }
  if (platformAdmin && tenantsStatus === 'succeeded' && member === undefined && !visit) {
    return <TenantResolving label="Finding the organisation" />;
  }
  if (tenantsStatus === 'succeeded') return <NotFoundPage />;
  if (tenantsStatus === 'failed') return <TenantsUnavailable />;
  return <TenantResolving label="Loading your organisations" />;
}
