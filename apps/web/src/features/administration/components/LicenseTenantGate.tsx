import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import NotFoundPage from '../../../app/screens/NotFoundPage';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { TenantResolving, TenantsUnavailable } from '../../../app/tenancy/TenantRouteGate';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { usePlatformAdmin } from '../../../shared/session/use-actor';
import { setTenantContext } from '../../../shared/tenancy/tenant-context';
import { roleForTenantRoute } from '../../../shared/tenancy/tenant-route';
import { adminApi } from '../api';
import { seatsApi } from '../seats-api';

type Found = { tenantId: number | null; platformTenant?: number } | { error: string };
type Owner = { licenseId: string } & Found;

/**
 * Licenses already traced to their tenant, by user and license. Entering the tenant remounts the page
 * (the frame does so on every change of scope), and this spares asking the server a second time.
 */
const owners = new Map<string, number>();

/**
 * /license-ums/{licenseId} names a tenant's subscription, so the tenant comes from the record, not
 * from browser storage (issue 23 part 10). Among the tenants the person administers (the one named by
 * ?tenant= when given, else the current one first), the one whose subscription is this license is
 * entered before the page mounts; a license of no tenant they administer is the 404 page. A platform
 * administrator coming from /clients with ?tenant= sees any tenant's seats without entering it; one
 * opening the bare address of a license of a tenant they do not administer is taken to that tenant's
 * ?tenant= address, found from the license itself.
 */
export function LicenseTenantGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const { licenseId = '' } = useParams();
  const [params] = useSearchParams();
  const platformAdmin = usePlatformAdmin();
  const tenantsStatus = useAppSelector((state) => state.auth.tenantsStatus);
  const tenants = useAppSelector((state) => state.auth.availableTenants);
  const user = useAppSelector((state) => state.auth.user);
  const roleContext = useAppSelector((state) => state.auth.roleContext);
  const currentTenant = useAppSelector((state) => state.auth.currentTenant);
  const currentRole = useAppSelector((state) => state.auth.currentRole);
  const ownerKey = `${user?.user_id ?? 0}:${licenseId}`;
  const known = owners.get(ownerKey);
  const [owner, setOwner] = useState<Owner | null>(
    known === undefined ? null : { licenseId, tenantId: known },
  );
  const [attempt, setAttempt] = useState(0);

  const named = params.has('tenant') ? Number(params.get('tenant')) : null;
  const currentId = roleContext === 'tenant' ? (currentTenant?.tenant_id ?? null) : null;
  const administered = tenants.filter(
    (tenant) => roleForTenantRoute(user, tenant, 'admin')?.role_view === 'admin',
  );
  const candidates = (
    named !== null
      ? administered.filter((tenant) => tenant.tenant_id === named)
      : [...administered].sort(
          (a, b) => Number(b.tenant_id === currentId) - Number(a.tenant_id === currentId),
        )
  ).map((tenant) => tenant.tenant_id);
  const candidateKey = candidates.join(',');
  const asPlatformAdmin = platformAdmin && named !== null && candidates.length === 0;
  const settled = tenantsStatus === 'succeeded' && !asPlatformAdmin;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) asks once more
  useEffect(() => {
    if (!settled || owners.has(ownerKey)) return;
    let cancelled = false;
    const find = async (): Promise<Found> => {
      for (const tenantId of candidateKey ? candidateKey.split(',').map(Number) : []) {
        const request = dispatch(adminApi.endpoints.subscriptionByTenant.initiate(tenantId));
        try {
          const subscription = await request.unwrap();
          if (subscription && String(subscription.subscription_id) === licenseId) return { tenantId };
        } catch (failure) {
          // A tenant without a subscription answers 404: the license is not that one's.
          if ((failure as HttpQueryError).status !== 404) {
            return { error: (failure as HttpQueryError).message ?? 'Request failed' };
          }
        } finally {
          request.unsubscribe();
        }
      }
      if (platformAdmin && named === null) return platformLookup();
      return { tenantId: null };
    };
    /** A platform administrator may read any license's seats; their answer names its tenant. */
    const platformLookup = async (): Promise<Found> => {
      const request = dispatch(
        seatsApi.endpoints.seats.initiate({ subscriptionId: Number(licenseId), page: 1, limit: 1 }),
      );
      try {
        const seats = await request.unwrap();
        return { tenantId: null, platformTenant: seats.meta.tenant_id };
      } catch (failure) {
        const status = (failure as HttpQueryError).status;
        if (status === 404 || status === 400) return { tenantId: null };
        return { error: (failure as HttpQueryError).message ?? 'Request failed' };
      } finally {
        request.unsubscribe();
      }
    };
    void find().then((found) => {
      if ('tenantId' in found && typeof found.tenantId === 'number') owners.set(ownerKey, found.tenantId);
      if (!cancelled) setOwner({ licenseId, ...found });
    });
    return () => {
      cancelled = true;
    };
  }, [dispatch, settled, candidateKey, licenseId, ownerKey, attempt, platformAdmin, named]);

  const resolved = owner?.licenseId === licenseId ? owner : null;
  const tenant =
    resolved && 'tenantId' in resolved && resolved.tenantId !== null
      ? tenants.find((item) => item.tenant_id === resolved.tenantId)
      : undefined;
  const inTenant = tenant !== undefined && currentId === tenant.tenant_id;
  const role = tenant ? roleForTenantRoute(user, tenant, 'admin', inTenant ? currentRole : null) : undefined;
  const ready = inTenant && role !== undefined && currentRole?.role_id === role.role_id;
  const here = `${pathname}${search}`;

  useEffect(() => {
    if (!tenant || !role || ready) return;
    void dispatch(setTenantContext({ tenant, role, route: here }));
  }, [dispatch, tenant, role, ready, here]);

  if (asPlatformAdmin || ready) return <>{children}</>;
  if (tenantsStatus === 'failed') return <TenantsUnavailable />;
  if (resolved && 'error' in resolved) {
    const retry = () => {
      setOwner(null);
      setAttempt((count) => count + 1);
    };
    return <TenantsUnavailable message={resolved.error} onRetry={retry} />;
  }
  if (resolved && 'platformTenant' in resolved && resolved.platformTenant !== undefined) {
    return <Navigate replace to={`${pathname}?tenant=${resolved.platformTenant}`} />;
  }
  if (resolved && !tenant) return <NotFoundPage />;
  return <TenantResolving label={tenant ? `Opening ${tenant.tenant_name}` : 'Finding the license'} />;
}
