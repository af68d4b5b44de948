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

/** `redirect_uri` must stay on our own origin: anything else would make sign-in an open redirect. */
export function isAllowedRedirect(uri: string, request: FastifyRequest, publicOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return isAllowedOrigin(url.origin, request, publicOrigin);
}
