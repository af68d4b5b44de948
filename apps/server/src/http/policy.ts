import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './app-error';

/** A role the signed-in user holds, on the main platform (tenantId null) or inside a tenant. */
export interface ActorRole {
  roleId: number;
  roleName: string;
  roleView: 'admin' | 'user';
  tenantId: number | null;
}

/** Who is calling. Audit stamps and tenant scope come from here, never from the request body. */
export interface Actor {
  userId: number;
  /** The current tenant (role context "tenant"), or null on the main platform. */
  tenantId: number | null;
  isPlatformAdmin: boolean;
  roles: readonly ActorRole[];
  /**
   * Paths of the menus the actor's roles grant in its current tenant (docs/permissions.md), filled
   * in for every request made in a tenant; empty on the main platform, where menus are navigation only.
   */
  privileges?: readonly string[];
}

export type ActorResolver = (request: FastifyRequest) => Actor | null | Promise<Actor | null>;

/** Who may call a route. Every route declares one; registration refuses a route without it. */
export type Policy =
  | 'public'
  | 'signedIn'
  | 'platformAdmin'
  | 'tenantAdmin'
  | 'teacher'
  | { privilege: string }
  | { anyOf: readonly Policy[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every registered route with its policy, for the access snapshot test. */
    routePolicies: { method: string; url: string; policy: string }[];
  }
}

/** True when the actor administers its current tenant (a platform admin administers every tenant). */
export function isTenantAdmin(actor: Actor): boolean {
  if (actor.isPlatformAdmin) return true;
  if (actor.tenantId === null) return false;
  return actor.roles.some((role) => role.roleView === 'admin' && role.tenantId === actor.tenantId);
}

/** The seeded system role of teachers (issue 5: teachers author programs). */
export const TEACHER_ROLE_NAME = 'teacher';

/** True when the actor holds the teacher role in its current context (a tenant, or the main platform). */
export function isTeacher(actor: Actor): boolean {
  return actor.roles.some((role) => role.roleName === TEACHER_ROLE_NAME && role.tenantId === actor.tenantId);
}

/** True when the actor's roles in its current tenant grant the menu at `path`. */
export function hasPrivilege(actor: Actor, path: string): boolean {
  return actor.privileges?.includes(path) ?? false;
}

/** Pure check of a signed-in actor against a policy; a platform admin passes every policy. */
export function allows(policy: Policy, actor: Actor): boolean {
  if (policy === 'public' || policy === 'signedIn' || actor.isPlatformAdmin) return true;
  if (policy === 'platformAdmin') return false;
  if (policy === 'tenantAdmin') return isTenantAdmin(actor);
  if (policy === 'teacher') return isTeacher(actor);
  if ('privilege' in policy) return hasPrivilege(actor, policy.privilege);
  return policy.anyOf.some((inner) => allows(inner, actor));
}

export function describePolicy(policy: Policy): string {
  if (typeof policy === 'string') return policy;
  if ('privilege' in policy) return `privilege:${policy.privilege}`;
  return `anyOf(${policy.anyOf.map(describePolicy).join(',')})`;
}

/** Internals of documentation plugins: their routes are public and carry no policy of their own. */
const POLICY_EXEMPT_PREFIXES = ['/api/docs'];

/**
 * Installs the guard: an onRoute hook that refuses a route without a policy, and an onRequest hook that
 * answers 401 (signed out) or 403 (not allowed) before the body is even read.
 */
export function installPolicies(
  app: FastifyInstance,
  resolveActor: ActorResolver | undefined,
  privilegesOf?: (actor: Actor) => readonly string[] | Promise<readonly string[]>,
): void {
  app.decorate('routePolicies', []);
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    let policy = route.config?.policy;
    if (!policy) {
      if (!POLICY_EXEMPT_PREFIXES.some((prefix) => url.startsWith(prefix))) {
        throw new Error(`Route ${String(route.method)} ${url} has no policy: set config.policy`);
      }
      policy = 'public';
      route.config = { ...route.config, policy };
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routePolicies.push({ method, url, policy: describePolicy(policy) });
    }
  });

  app.addHook('onRequest', async (request) => {
    const policy = request.routeOptions.config.policy;
    // The not-found handler serves the SPA or a JSON 404; it has no policy and needs no actor.
    if (!policy || request.is404) return;
    const actor = resolveActor ? await resolveActor(request) : null;
    // A new object: a resolver may hand out the same actor to many requests.
    request.actor =
      actor && privilegesOf && actor.tenantId !== null
        ? { ...actor, privileges: await privilegesOf(actor) }
        : actor;
    if (policy === 'public') return;
    if (!request.actor) throw unauthorized();
    if (!allows(policy, request.actor)) throw forbidden();
  });
}
