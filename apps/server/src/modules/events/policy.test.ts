import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import type { Actor } from '../../http/policy';
import { makeTenant, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { visibleSql, visibleTo } from './policy';
import { eventKit } from './test-kit';

/**
 * Registrations check who may see an event against one read of it (`visibleTo`), the lists in SQL
 * (`visibleSql`): the two must agree for every kind of event and every kind of caller.
 */

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

it('answers who may see an event the same in the process as in SQL', async () => {
  const kit = eventKit(t);
  const tenantA = (await makeTenant(t.database)).tenant_id;
  const tenantB = (await makeTenant(t.database)).tenant_id;
  const platform = platformAdmin(await kit.newUser());
  const adminA = tenantAdmin(await kit.newUser(), tenantA);
  const ids: number[] = [];
  for (const visibility of ['public', 'platform', 'tenant'])
    for (const status of ['published', 'draft']) {
      ids.push((await kit.created(platform, { visibility, status, tenant_id: null })).event_id);
      ids.push((await kit.created(adminA, { visibility, status })).event_id);
    }
  const callers: (Actor | null)[] = [
    null,
    platform,
    adminA,
    tenantAdmin(await kit.newUser(), tenantB),
    member(await kit.newUser(), tenantA),
    member(await kit.newUser(), tenantB),
    member(await kit.newUser(), null),
  ];
  const rows = await queryRows<{
    event_id: number;
    status: string;
    visibility: string;
    tenant_id: number | null;
  }>(
    t.database.system,
    sql`select e.event_id, e.status, e.visibility, e.tenant_id from events e where e.event_id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  expect(rows).toHaveLength(12);
  let seen = 0;
  for (const caller of callers) {
    const inSql = await queryRows<{ event_id: number }>(
      t.database.system,
      sql`select e.event_id from events e where e.event_id = any(${`{${ids.join(',')}}`}::int[]) and ${visibleSql(caller)}`,
    );
    const byRule = rows.filter((row) => visibleTo(row, caller)).map((row) => row.event_id);
    expect(byRule.sort()).toEqual(inSql.map((row) => row.event_id).sort());
    seen += byRule.length;
  }
  // Neither everything nor nothing: the callers see different sets.
  expect(seen).toBeGreaterThan(12);
  expect(seen).toBeLessThan(12 * callers.length);
});
