import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { vi } from 'vitest';
import { http } from '../shared/api/http';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request the app made, as a handler and a test's assertions see it. */
export interface HttpCall {
  method: HttpMethod;
  /** The path without its query string, e.g. `/api/community/getTopic/5`. */
  path: string;
  /** The query string's values merged with axios `params`, the latter as the app passed them. */
  query: Record<string, unknown>;
  /** The body: parsed back from JSON, a FormData as sent, undefined when there is none. */
  body: unknown;
  /** What the route's `:name` segments or named regex groups matched. */
  params: Record<string, string>;
  /** How the caller asked to read the answer, e.g. `blob` for a download; undefined for JSON. */
  responseType?: string;
}

/** What a route answers: a JSON body (status 200), a `reply(...)`, or a function of the call giving either. */
export type HttpAnswer = ((call: HttpCall) => unknown) | object | string | number | boolean | null;

/** A status other than 200; a handler returns or throws it (non-2xx reach the app as an AxiosError). */
export class HttpReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export const reply = (status: number, body?: unknown) => new HttpReply(status, body);

/** The server's error shape: `{ message, ...extra }`, which `errorMessage` shows to the user. */
export const httpError = (status: number, message: string, extra: object = {}) =>
  new HttpReply(status, { message, ...extra });

interface Route {
  method: HttpMethod | '*';
  path: string | RegExp;
  answer: HttpAnswer;
}

function matchPath(pattern: string | RegExp, path: string): Record<string, string> | null {
  if (pattern instanceof RegExp) {
    const match = pattern.exec(path);
    return match ? { ...match.groups } : null;
  }
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const actual = got[index]!;
    if (segment.startsWith(':') && actual !== '') params[segment.slice(1)] = decodeURIComponent(actual);
    else if (segment !== actual) return null;
  }
  return params;
}

function readBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

function toResponse(config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse {
  const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
  if (status >= 200 && status < 300) return response;
  // The same error axios's own adapters raise through `settle`, so interceptors and errorMessage see a real one.
  const code = status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  throw new AxiosError(`Request failed with status code ${status}`, code, config, {}, response);
}

/**
 * Stands in for the API server in component tests. It replaces the adapter of the app's axios
 * instance, so requests still pass its interceptors and a failure is the AxiosError the app handles
 * in production. Routes answer by method and path (`:name` segments or a RegExp); the route added
 * last wins, so a test can override one a shared setup added. A request no route matches gets a
 * 404 naming it and is listed in `unmatched`. `vi.restoreAllMocks()` takes the stand-in away.
 */
export function mockHttp() {
  const routes: Route[] = [];
  const calls: HttpCall[] = [];
  const unmatched: string[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const url = new URL(config.url ?? '', 'http://test.invalid');
    const method = (config.method ?? 'get').toUpperCase() as HttpMethod;
    const call: HttpCall = {
      method,
      path: url.pathname,
      query: { ...Object.fromEntries(url.searchParams), ...config.params },
      body: readBody(config.data),
      params: {},
      responseType: config.responseType,
    };
    calls.push(call);
    for (const route of [...routes].reverse()) {
      if (route.method !== '*' && route.method !== method) continue;
      const params = matchPath(route.path, call.path);
      if (!params) continue;
      call.params = params;
      let answer: unknown;
      try {
        answer = typeof route.answer === 'function' ? await route.answer(call) : route.answer;
      } catch (thrown) {
        if (!(thrown instanceof HttpReply)) throw thrown;
        answer = thrown;
      }
      return answer instanceof HttpReply
        ? toResponse(config, answer.status, answer.body)
        : toResponse(config, 200, answer);
    }
    unmatched.push(`${method} ${call.path}`);
    return toResponse(config, 404, { message: `mockHttp: no route for ${method} ${call.path}` });
  };
  vi.spyOn(http.defaults as { adapter: AxiosAdapter }, 'adapter').mockImplementation(adapter);

  const on = (method: HttpMethod | '*', path: string | RegExp, answer: HttpAnswer) => {
    routes.push({ method, path, answer });
    return server;
  };
  const server = {
    /** Every request in the order made, matched or not. */
    calls,
    /** `METHOD /path` of each request no route answered. */
    unmatched,
    on,
    get: (path: string | RegExp, answer: HttpAnswer) => on('GET', path, answer),
    post: (path: string | RegExp, answer: HttpAnswer) => on('POST', path, answer),
    put: (path: string | RegExp, answer: HttpAnswer) => on('PUT', path, answer),
    patch: (path: string | RegExp, answer: HttpAnswer) => on('PATCH', path, answer),
    delete: (path: string | RegExp, answer: HttpAnswer) => on('DELETE', path, answer),
    /** The requests to one route, in order; the path is matched as a route's is. */
    callsTo: (method: HttpMethod | '*', path: string | RegExp) =>
      calls.filter((call) => (method === '*' || call.method === method) && matchPath(path, call.path)),
  };
  return server;
}

export type MockHttp = ReturnType<typeof mockHttp>;
