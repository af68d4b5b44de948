import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { AxiosRequestConfig } from 'axios';

export interface HttpQueryArgs {
  url: string;
  method?: AxiosRequestConfig['method'];
  data?: unknown;
  params?: AxiosRequestConfig['params'];
}

/** What a failed RTK Query call stores: the spec section 8 message plus the status, if any. */
export interface HttpQueryError {
  status?: number;
  message: string;
  code?: string;
}

function serverCode(error: unknown): string | undefined {
  const data = (error as { response?: { data?: { code?: unknown } } })?.response?.data;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/**
 * RTK Query on the shared axios instance, so every call keeps the same credentials and error rule.
 * The client is imported on first use: public pages such as /login make no call, and axios would
 * otherwise weigh on their 150 KB budget (issue 2 part 7).
 */
export const httpBaseQuery: BaseQueryFn<HttpQueryArgs, unknown, HttpQueryError> = async (args, api) => {
  const { errorMessage, errorStatus, http } = await import('./http');
  try {
    const response = await http.request({ ...args, signal: api.signal });
    return { data: response.data };
  } catch (error) {
    return {
      error: {
        status: errorStatus(error),
        message: errorMessage(error, 'Request failed'),
        code: serverCode(error),
      },
    };
  }
};

/** The one API slice; each feature injects its endpoints into it (STYLE "Web, one folder per area"). */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: ['User', 'Role', 'Menu', 'Tenant'],
  endpoints: () => ({}),
});
