import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { makeTenant, makeUser } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { audienceUserIds } from './audience';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function reached(audience: { tenant_id: number | null; role_id: number | null }) {
  const rows = await t.database.read<{ user_id: number }>(audienceUserIds(audience), false, 'all');
  return new Set(rows.map((row) => row.user_id));
}

describe('audienceUserIds (for the notifications fan-out)', () => {
  it('addresses the people the feed shows the announcement to, and nobody else', async () => {
    const tenant = (await makeTenant(t.database)).tenant_id;
    const other = (await makeTenant(t.database)).tenant_id;
    const teacherHere = (await makeUser(t.database)).user_id;
    const memberHere = (await makeUser(t.database)).user_id;
    const teacherElsewhere = (await makeUser(t.database)).user_id;
    const disabledHere = (await makeUser(t.database, { enabled: false })).user_id;
    const formerHere = (await makeUser(t.database)).user_id;
    await t.database.system.insert(userRoles).values([
      { user_id: teacherHere, role_id: 14, tenant_id: tenant },
      { user_id: memberHere, role_id: 13, tenant_id: tenant },
      { user_id: teacherElsewhere, role_id: 14, tenant_id: other },
      { user_id: disabledHere, role_id: 13, tenant_id: tenant },
      { user_id: formerHere, role_id: 13, tenant_id: tenant, is_deleted: true },
    ]);

    const everyone = await reached({ tenant_id: tenant, role_id: null });
    expect([teacherHere, memberHere].every((id) => everyone.has(id))).toBe(true);
    expect([teacherElsewhere, disabledHere, formerHere].some((id) => everyone.has(id))).toBe(false);

    const teachers = await reached({ tenant_id: tenant, role_id: 14 });
    expect(teachers.has(teacherHere)).toBe(true);
    expect(teachers.has(memberHere)).toBe(false);
    expect(teachers.has(teacherElsewhere)).toBe(false);

    const teachersAnywhere = await reached({ tenant_id: null, role_id: 14 });
    expect(teachersAnywhere.has(teacherHere) && teachersAnywhere.has(teacherElsewhere)).toBe(true);
    expect(teachersAnywhere.has(memberHere)).toBe(false);

    const platform = await reached({ tenant_id: null, role_id: null });
    expect([teacherHere, memberHere, teacherElsewhere].every((id) => platform.has(id))).toBe(true);
    expect(platform.has(disabledHere)).toBe(false);
  });
});
