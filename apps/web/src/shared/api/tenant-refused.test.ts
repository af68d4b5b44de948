import { ERROR_CODES } from '@nexus/contracts';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTenantIdSource, setTenantRefusedHandler, TENANT_HEADER } from '../tenancy/tenant-header';
import { http } from './http';

const original = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = original;
  setTenantIdSource(() => null);
  setTenantRefusedHandler(() => undefined);
});

function answering(respond: (config: InternalAxiosRequestConfig) => { status: number; data: unknown }) {
  const seen: (string | undefined)[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config.headers.get(TENANT_HEADER) as string | undefined);
    const { status, data } = respond(config);
    const response = { status, statusText: '', data, headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, response);
    return response;
  };
  http.defaults.adapter = adapter;
  return seen;
}

describe('a tenant the server refuses (issue 14 part 12)', () => {
  it('clears the tenant context and asks again on the main platform', async () => {
    let tenant: number | null = 7;
    setTenantIdSource(() => tenant);
    const cleared = vi.fn(() => {
      tenant = null;
    });
    setTenantRefusedHandler(cleared);
    const seen = answering((config) =>
      config.headers.has(TENANT_HEADER)
        ? { status: 403, data: { message: 'not a member', code: ERROR_CODES.tenantRefused } }
        : { status: 200, data: { data: [] } },
    );
    const response = await http.get('/api/user/tenants/getUserTenants/5');
    expect(response.data).toEqual({ data: [] });
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['7', undefined]);
  });

  it('passes any other 403 through, keeping the tenant', async () => {
    setTenantIdSource(() => 7);
    const cleared = vi.fn();
    setTenantRefusedHandler(cleared);
    answering(() => ({ status: 403, data: { message: 'no', code: ERROR_CODES.forbidden } }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ response: { status: 403 } });
    expect(cleared).not.toHaveBeenCalled();
  });
});
