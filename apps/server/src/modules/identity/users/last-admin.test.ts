import { PLATFORM_ADMIN_ROLE_ID, USER_MESSAGES } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eraseAccount } from '../../../auth/session-routes';
import { users } from '../../../db/schema';
import { makeUser, platformAdmin } from '../../../test/factories';
import { makeApp, type TestApp } from '../../../test/make-app';
import { grant, userRow } from './test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

/** A real platform administrator: the flag and the platform role 1, as the seed makes them. */
async function makeAdmin() {
  const row = await makeUser(t.database, { is_platform_admin: true });
  await grant(t.database, row.user_id, PLATFORM_ADMIN_ROLE_ID);
  return row;
}

let sole: Awaited<ReturnType<typeof makeAdmin>>;
/** Someone the guard does not count (no role 1), acting with a platform admin's rights. */
let operator: Awaited<ReturnType<typeof makeUser>>;

beforeEach(async () => {
  // Each test starts from exactly one counted administrator: earlier ones are retired directly.
  await t.database.db
    .update(users)
    .set({ is_platform_admin: false })
    .where(eq(users.is_platform_admin, true));
  sole = await makeAdmin();
  operator = await makeUser(t.database);
});

const inject = (method: 'DELETE' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object });

function expectRefused(response: { statusCode: number; json(): { message: string; code: string } }) {
  expect(response.statusCode).toBe(409);
  expect(response.json()).toMatchObject({ message: USER_MESSAGES.lastPlatformAdmin, code: 'CONFLICT' });
}

describe('the platform keeps its last administrator', () => {
  it('refuses the sole admin deleting themselves (deleteUser/{id}/{own id}) and the row stays live', async () => {
    t.actAs(platformAdmin(sole.user_id));
    const url = `/operations/global-user/users/deleteUser/${sole.user_id}/${sole.user_id}`;
    expectRefused(await inject('DELETE', url));
    expect(await userRow(t.database, sole.user_id)).toMatchObject({ is_deleted: false, enabled: true });
  });

  it('allows the same delete once a second administrator exists', async () => {
    await makeAdmin();
    t.actAs(platformAdmin(sole.user_id));
    const url = `/operations/global-user/users/deleteUser/${sole.user_id}/${sole.user_id}`;
    expect((await inject('DELETE', url)).statusCode).toBe(200);
  });

  it('refuses disabling by username, enabled:false and taking role 1 away through updateUser', async () => {
    t.actAs(platformAdmin(operator.user_id));
    expectRefused(await inject('PUT', `/operations/global-user/profile/users/${sole.username}/disable`));
    const update = `/operations/global-user/users/updateUser/${sole.user_id}`;
    expectRefused(await inject('PUT', update, { enabled: false }));
    expectRefused(await inject('PUT', update, { roles: [13] }));
    expect(await userRow(t.database, sole.user_id)).toMatchObject({ enabled: true, is_deleted: false });
  });

  it('refuses deleteMany that includes the last administrator, and deletes none of the listed users', async () => {
    const bystander = await makeUser(t.database);
    t.actAs(platformAdmin(operator.user_id));
    expectRefused(
      await inject('PUT', '/api/auth/deleteMany', {
        user_ids: [bystander.user_id, sole.user_id],
        deleted_by: operator.user_id,
      }),
    );
    expect((await userRow(t.database, bystander.user_id)).is_deleted).toBe(false);
  });

  it('refuses erasing the account of the last administrator', async () => {
    await expect(eraseAccount(t.database.db, sole.user_id)).rejects.toMatchObject({ status: 409 });
    expect((await userRow(t.database, sole.user_id)).username).toBe(sole.username);
  });
});

describe('system roles', () => {
  it('refuses deleting a seeded system role, singly and in bulk (409)', async () => {
    t.actAs(platformAdmin(operator.user_id));
    const one = await inject('DELETE', `/operations/user/roles/deleteRole/1/${operator.user_id}`);
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(USER_MESSAGES.systemRoleDelete);
    const many = await inject('PUT', '/operations/user/roles/deleteMany', {
      role_ids: [14],
      deleted_by: operator.user_id,
    });
    expect(many.statusCode).toBe(409);
  });
});

describe('ids in paths', () => {
  it.each(['+1', '%201', '1.0', '1e0', '01', '0x1'])('answers 400 to the id %s', async (spelled) => {
    t.actAs(platformAdmin(sole.user_id));
    const response = await inject('DELETE', `/operations/user/roles/deleteRole/${spelled}/${sole.user_id}`);
    expect(response.statusCode).toBe(400);
    const self = await inject(
      'DELETE',
      `/operations/global-user/users/deleteUser/${sole.user_id}/${spelled}`,
    );
    expect(self.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/user/tenants/getTenant/${spelled}` })).statusCode,
    ).toBe(400);
  });
});
