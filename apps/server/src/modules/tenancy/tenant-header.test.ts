import { AUTH_COOKIE, ERROR_CODES, TENANT_MESSAGES } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHelpers } from '../../auth/auth-flow.fixture';
import { userRoles } from '../../db/schema';
import { makeTenant } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());
const { ipFor, post, cookieOf, userWithPassword } = authHelpers(() => t);

async function memberOf(tenantId: number) {
  const { user, password } = await userWithPassword();
  await t.database.db.insert(userRoles).values({ user_id: user.user_id, role_id: 15, tenant_id: tenantId });
  const cookie = cookieOf(
    await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() }),
  )!;
  return { user, cookie };
}

const profileIn = (cookie: string, tenantHeader: string) =>
  t.app.inject({
    method: 'GET',
    url: '/auth/profile',
    headers: { cookie: `${AUTH_COOKIE}=${cookie}`, 'x-tenant-id': tenantHeader },
  });

describe('X-Tenant-Id (issue 14 part 12)', () => {
  it('answers 403 with its own code for a tenant the caller holds no role in', async () => {
    const mine = await makeTenant(t.database);
    const other = await makeTenant(t.database);
    const { cookie } = await memberOf(mine.tenant_id);
    const refused = await profileIn(cookie, String(other.tenant_id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: TENANT_MESSAGES.notMember, code: ERROR_CODES.tenantRefused });
    expect((await profileIn(cookie, String(mine.tenant_id))).statusCode).toBe(200);
  });

  it('answers 403 after the caller left the tenant', async () => {
    const tenant = await makeTenant(t.database);
    const { user, cookie } = await memberOf(tenant.tenant_id);
    await t.database.db
      .update(userRoles)
      .set({ is_deleted: true })
      .where(eq(userRoles.user_id, user.user_id));
    expect((await profileIn(cookie, String(tenant.tenant_id))).statusCode).toBe(403);
  });

  it.each(['abc', '1.5', '+1', '0'])('answers 400 to the malformed header %s', async (value) => {
    const tenant = await makeTenant(t.database);
    const { cookie } = await memberOf(tenant.tenant_id);
    const response = await profileIn(cookie, value);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(TENANT_MESSAGES.badTenantHeader);
  });
});
