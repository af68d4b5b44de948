import { type HttpCall, type HttpMethod, httpError, mockHttp } from '../../test/mock-http';

export type Handler = (call: HttpCall) => unknown;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The admin center tests' server: routes keyed by a path fragment, or "METHOD fragment", the first
 * listed match winning; anything else answers 404 "Not found".
 */
export function serveFragments(routes: Record<string, Handler> | [string, Handler][]) {
  const server = mockHttp().on('*', /./, httpError(404, 'Not found'));
  const listed = Array.isArray(routes) ? routes : Object.entries(routes);
  // mockHttp lets the route added last win: add them backwards so the first listed wins here.
  for (const [key, handler] of [...listed].reverse()) {
    const [method, fragment] = key.includes(' ')
      ? (key.split(' ') as [HttpMethod, string])
      : ['*' as const, key];
    server.on(method, new RegExp(literal(fragment)), handler);
  }
  return server;
}
