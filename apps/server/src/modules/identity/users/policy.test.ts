import { describe, expect, it } from 'vitest';
import { member, platformAdmin, tenantAdmin } from '../../../test/factories';
import { refusedFields, roleScopes, userAccess } from './policy';

describe('user policy', () => {
  it('gives a platform admin every record and every field', () => {
    const access = userAccess(platformAdmin(1), 2, []);
    expect(access).toEqual({ self: false, platformAdmin: true, tenantId: null });
    expect(refusedFields(access!, ['roles', 'enabled', 'roll_number', 'firstName'])).toEqual([]);
  });

  it('gives a member only their own record and only the self-service fields', () => {
    expect(userAccess(member(1, null), 2, [null])).toBeNull();
    const own = userAccess(member(1, null), 1, [])!;
    expect(
      refusedFields(own, ['firstName', 'active_role', 'email', 'roles', 'enabled', 'roll_number']),
    ).toEqual(['roles', 'enabled', 'roll_number']);
  });

  it("gives a tenant admin their tenant's members, for roles only, and nobody else", () => {
    expect(userAccess(tenantAdmin(1, 7), 2, [8, null])).toBeNull();
    const inside = userAccess(tenantAdmin(1, 7), 2, [7])!;
    expect(inside).toEqual({ self: false, platformAdmin: false, tenantId: 7 });
    expect(refusedFields(inside, ['roles', 'firstName', 'enabled'])).toEqual(['firstName', 'enabled']);
  });

  it('replaces roles in the context, plus the tenants a platform admin names', () => {
    const admin = platformAdmin(1);
    expect(roleScopes(userAccess(admin, 2, [])!, admin, [null, 5])).toEqual(new Set([null, 5]));
    const tenant = tenantAdmin(1, 7);
    const access = userAccess(tenant, 2, [7])!;
    expect(roleScopes(access, tenant, [7])).toEqual(new Set([7]));
    expect(roleScopes(access, tenant, [7, null])).toEqual({ outside: null });
  });
});
