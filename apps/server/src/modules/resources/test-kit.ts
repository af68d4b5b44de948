import { FILES_API, RESOURCE_ITEMS_API } from '@nexus/contracts';
import { expect } from 'vitest';
import { tenantSubscriptions } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { itemBody } from '../../test/area-bodies';
import { makeTenant, makeUser } from '../../test/factories';
import type { TestApp } from '../../test/make-app';
import { multipart } from '../../test/upload-fixtures';

export { itemBody } from '../../test/area-bodies';

/** A valid item body, to spread overrides on. */
/** Calls of the resources API as one actor or another, for this module's tests. */
export function resourceKit(t: TestApp) {
  const call = (
    actor: Actor | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    t.actAs(actor);
    return t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };
  const kit = {
    call,
    newUser: async () => (await makeUser(t.database)).user_id,
    async tenant(limits: Record<string, number> = {}) {
      const tenant = await makeTenant(t.database);
      await t.database.system.insert(tenantSubscriptions).values({
        tenant_id: tenant.tenant_id,
        limits,
        period_start: new Date(Date.now() - 1000),
        period_end: new Date(Date.now() + 30 * 24 * 3600 * 1000),
      } as typeof tenantSubscriptions.$inferInsert);
      return tenant.tenant_id;
    },
    create: (actor: Actor | null, body: Record<string, unknown>) =>
      call(actor, 'POST', `${RESOURCE_ITEMS_API}/createItem`, body),
    async created(actor: Actor, overrides: Record<string, unknown> = {}) {
      const response = await kit.create(actor, itemBody(overrides));
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { item_id: number; status: string; title: string };
    },
    get: (actor: Actor | null, id: number) => call(actor, 'GET', `${RESOURCE_ITEMS_API}/getItem/${id}`),
    search: (actor: Actor | null, query = '') => call(actor, 'GET', `${RESOURCE_ITEMS_API}/getItems${query}`),
    async upload(actor: Actor, file: { name: string; type?: string; data: Buffer }, purpose = 'document') {
      t.actAs(actor);
      return t.app.inject({ method: 'POST', url: `${FILES_API}/upload`, ...multipart(file, { purpose }) });
    },
  };
  return kit;
}
