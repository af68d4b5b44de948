import { userRoles } from '../db/schema';
import type { Actor } from '../http/policy';
import { makeUser, member } from './factories';
import type { TestApp } from './make-app';

/**
 * Requests made as one person or another, and people to act as: the setup the community and network
 * test files share. `homeTenantId` is where a person acts unless told otherwise.
 */
export function actingKit(t: TestApp, homeTenantId: number) {
  return {
    /** One request as `actor` (null: signed out). */
    call(actor: Actor | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
      t.actAs(actor);
      return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
    },
    /** A person acting in a tenant who also holds the member role there (the network reads user_roles). */
    async person(tenantId: number = homeTenantId) {
      const user = await makeUser(t.database);
      await t.database.system
        .insert(userRoles)
        .values({ user_id: user.user_id, role_id: 13, tenant_id: tenantId });
      return { actor: member(user.user_id, tenantId), id: user.user_id, username: user.username };
    },
  };
}
