import type { AxiosHeaders, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../api/http';
import { setTenantIdSource, TENANT_HEADER, tenantIdOf } from './tenant-header';
import { RIVERSIDE } from './test-fixtures';

/** The headers a GET would go out with, without a network. */
async function sentHeaders(): Promise<AxiosHeaders> {
  let seen: AxiosHeaders | undefined;
  await http.get('/operations/user/roles/getRoles', {
    adapter: async (config: InternalAxiosRequestConfig) => {
      seen = config.headers;
      return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
    },
  });
  return seen!;
}

describe('X-Tenant-Id header', () => {
  afterEach(() => setTenantIdSource(() => null));

  it('is sent with the tenant id while in tenant context', async () => {
    setTenantIdSource(() => tenantIdOf({ roleContext: 'tenant', currentTenant: RIVERSIDE }));
    expect((await sentHeaders()).get(TENANT_HEADER)).toBe('11');
  });

  it('is not sent on the main platform', async () => {
    setTenantIdSource(() => tenantIdOf({ roleContext: 'main_platform', currentTenant: null }));
    expect((await sentHeaders()).has(TENANT_HEADER)).toBe(false);
  });

  it('is not sent for a tenant left over outside tenant context, nor for a bad id', async () => {
    setTenantIdSource(() => tenantIdOf({ roleContext: 'main_platform', currentTenant: RIVERSIDE }));
    expect((await sentHeaders()).has(TENANT_HEADER)).toBe(false);
    setTenantIdSource(() => Number.NaN);
    expect((await sentHeaders()).has(TENANT_HEADER)).toBe(false);
  });
});
