import { ERROR_CODES, HTTP_CLIENT_TIMEOUT_MS } from '@nexus/contracts';
import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { currentTenantId, TENANT_HEADER, tenantRefused } from '../tenancy/tenant-header';

/**
 * The one HTTP client of the web app (DESIGN section 2). Same origin, so the session cookie is
 * first-party; `withCredentials` keeps it on calls should the API ever move to another origin
 * (spec section 7: "with credentials sent"). No timeout by default (spec section 9).
 *
 * A 401 is passed on as a rejection: there is deliberately no response interceptor that redirects,
 * because the call layer must not decide where a signed-out user goes (spec section 8).
 */
export const http = axios.create({
  baseURL: '',
  withCredentials: true,
  timeout: HTTP_CLIENT_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
});

/** Spec section 4 tenant context: calls made inside a tenant carry its id; main-platform calls do not. */
http.interceptors.request.use((config) => {
  const tenantId = currentTenantId();
  if (tenantId !== null) config.headers.set(TENANT_HEADER, String(tenantId));
  return config;
});

type RetriableConfig = InternalAxiosRequestConfig & { tenantRetried?: boolean };

/**
 * A 403 TENANT_REFUSED means the tenant this call named is no longer the user's (left, removed): the
 * tenant context is cleared and the call asked once more on the main platform, which is now the
 * context the app is in. Any other failure passes through untouched.
 */
http.interceptors.response.use(undefined, async (error: unknown) => {
  if (!axios.isAxiosError(error)) throw error;
  const config = error.config as RetriableConfig | undefined;
  const data = error.response?.data as { code?: unknown } | undefined;
  const refused = error.response?.status === 403 && data?.code === ERROR_CODES.tenantRefused;
  if (!refused || !config || config.tenantRetried || !config.headers?.has(TENANT_HEADER)) throw error;
  await tenantRefused();
  config.tenantRetried = true;
  config.headers.delete(TENANT_HEADER);
  return http.request(config);
});

function serverMessage(error: unknown): string | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const data = (error as AxiosError<unknown>).response?.data;
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

function ownMessage(error: unknown): string | undefined {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (error && typeof error === 'object' && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  if (typeof error === 'string' && error.trim() !== '') return error;
  return undefined;
}

/**
 * Spec section 8, "Message choice": the server's response `message` first, then the error's own
 * message (axios supplies 'Network Error', 'timeout of Nms exceeded', 'Request failed with status
 * code N'), then the caller's default.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? ownMessage(error) ?? fallback;
}

/** HTTP status of a failed call, if the server answered at all. */
export function errorStatus(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}
