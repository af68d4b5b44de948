import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, tenantAdmin } from '../../../test/factories';
import { makeApp, type TestApp } from '../../../test/make-app';
import { grant, liveRoles } from './test-helpers';

const USERS = '/operations/global-user/users';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

/** A tenant with its admin (acting there) and a member who also belongs to another tenant. */
async function tenantWithMember() {
  const tenant = await makeTenant(t.database);
  const elsewhere = await makeTenant(t.database);
  const admin = await makeUser(t.database);
  const person = await makeUser(t.database, { phone_number: '+44 20 7946 0958', age: 41, gender: 'female' });
  await grant(t.database, admin.user_id, 2, tenant.tenant_id);
  await grant(t.database, person.user_id, 13, tenant.tenant_id);
  await grant(t.database, person.user_id, 18, elsewhere.tenant_id);
  t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
  return { tenant, elsewhere, admin, person };
}

describe('what a tenant admin sees of a member (issue 14 item 1)', () => {
  it('answers getUser/{id} with name, username and the roles held in this tenant only', async () => {
    const { tenant, person } = await tenantWithMember();
    const response = await t.app.inject({ method: 'GET', url: `${USERS}/getUser/${person.user_id}` });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'enabled',
      'firstName',
      'lastName',
      'roles',
      'user_id',
      'username',
    ]);
    expect(data.roles).toEqual([expect.objectContaining({ role_id: 13, tenant_id: tenant.tenant_id })]);
    const asked = await t.app.inject({
      method: 'GET',
      url: `${USERS}/getUser/${person.user_id}?fields=email,phone_number,age,gender`,
    });
    expect(asked.json().data).toEqual({});
  });

  it('lists members without private fields and refuses to filter, search or sort by them', async () => {
    const { person } = await tenantWithMember();
    const listed = await t.app.inject({ method: 'GET', url: `${USERS}/getUser?limit=100` });
    expect(listed.statusCode).toBe(200);
    const row = listed.json().data.find((item: { user_id: number }) => item.user_id === person.user_id);
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty('email');
    expect(row).not.toHaveProperty('phone_number');
    for (const query of [
      `filterFields=${encodeURIComponent(JSON.stringify({ phone_number: '+44 20 7946 0958' }))}`,
      'fields=email',
      'sortField=age',
      `search=x&searchFields=${encodeURIComponent(JSON.stringify(['email']))}`,
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: `${USERS}/getUser?${query}` });
      expect(refused.statusCode, query).toBe(400);
    }
    const byEmail = await t.app.inject({
      method: 'GET',
      url: `${USERS}/getUser?search=${encodeURIComponent(person.email)}`,
    });
    expect(byEmail.json().data).toEqual([]);
  });
});

describe('administrator roles through updateUser (issue 14 item 3)', () => {
  it('refuses a tenant admin roles 1, 2 and 18 for a member, and grants a user role', async () => {
    const { tenant, person } = await tenantWithMember();
    for (const role_id of [1, 2, 18]) {
      const refused = await t.app.inject({
        method: 'PUT',
        url: `${USERS}/updateUser/${person.user_id}`,
        payload: {
          roles: [
            { role_id: 13, tenant_id: tenant.tenant_id },
            { role_id, tenant_id: tenant.tenant_id },
          ],
        },
      });
      expect(refused.statusCode, String(role_id)).toBe(403);
      expect(refused.json().message).toBe('A tenant administrator cannot grant this role.');
    }
    const granted = await t.app.inject({
      method: 'PUT',
      url: `${USERS}/updateUser/${person.user_id}`,
      payload: {
        roles: [
          { role_id: 13, tenant_id: tenant.tenant_id },
          { role_id: 14, tenant_id: tenant.tenant_id },
        ],
      },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data).not.toHaveProperty('email');
    const inTenant = (await liveRoles(t.database, person.user_id)).filter(
      (r) => r.tenant_id === tenant.tenant_id,
    );
    expect(inTenant.map((r) => r.role_id).sort()).toEqual([13, 14]);
  });

  it('keeps a fellow administrator’s role when a tenant admin saves their list unchanged', async () => {
    const { tenant } = await tenantWithMember();
    const fellow = await makeUser(t.database);
    await grant(t.database, fellow.user_id, 2, tenant.tenant_id);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${USERS}/updateUser/${fellow.user_id}`,
      payload: {
        roles: [
          { role_id: 2, tenant_id: tenant.tenant_id },
          { role_id: 14, tenant_id: tenant.tenant_id },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
  });
});
