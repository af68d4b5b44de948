import { AUTH_MESSAGES } from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../http/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request's own origin, as the browser addressed it (same-origin requests name it in Origin). */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function isAllowedOrigin(origin: string, request: FastifyRequest, publicOrigin: string): boolean {
  return origin === publicOrigin || origin === ownOrigin(request);
}

/**
 * Cookie sessions make cross-site request forgery possible; SameSite=Lax stops most of it and this
 * stops the rest: a state-changing request that names another origin (or that the browser marks
 * cross-site) is refused before anything runs. Clients that send no Origin (curl, bearer apps) pass.
 */
export function installOriginCheck(app: FastifyInstance, publicOrigin: string): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null' && isAllowedOrigin(origin, request, publicOrigin)) return;
    if (origin !== undefined) throw forbidden(AUTH_MESSAGES.originRefused);
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(AUTH_MESSAGES.originRefused);
  });
}

/**
 * `redirect_uri` must stay on a configured origin (PUBLIC_ORIGIN, ALLOWED_ORIGINS): anything else would
 * make sign-in an open redirect. The request's Host is not trusted here: a proxy that forwards any Host
 * would otherwise let `Host: evil.example` allow `http://evil.example/...` (issue 14 part 9).
 * Returns the address to send in Location, serialised by the URL parser so it is plain ASCII (a raw
 * `。` or CR/LF in a header makes Node throw), or null when refused. Control characters are refused
 * rather than silently dropped by the parser.
 */
export function allowedRedirect(uri: string, origins: readonly string[]): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(uri)) return null;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  return origins.includes(url.origin) ? url.href : null;
}

/**
 * True when the browser says the request comes from our own pages: `Sec-Fetch-Site: same-origin`, and
 * an Origin, when sent, that is one of ours. A request without the marker (an old browser, a typed
 * address, a link from another site) is not.
 */
export function isSameOriginNavigation(request: FastifyRequest, origins: readonly string[]): boolean {
  if (request.headers['sec-fetch-site'] !== 'same-origin') return false;
  const origin = request.headers.origin;
  return origin === undefined || origins.includes(origin) || origin === ownOrigin(request);
}
