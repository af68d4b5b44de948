import { describe, expect, it } from 'vitest';
import type { SessionRole } from '../session/types';
import { findRouteTenant, isUrlScopedPath, roleForTenantRoute } from './tenant-route';
import { NORTHSTAR, NORTHSTAR_MENTOR, RIVERSIDE, RIVERSIDE_ADMIN, TENANT_USER } from './test-fixtures';

const RIVERSIDE_TEACHER: SessionRole = {
  role_id: 14,
  display_name: 'Teacher',
  role_view: 'user',
  tenant_id: 11,
};

describe('tenant routes (spec sections 2 and 4)', () => {
  it('knows which paths name their tenant', () => {
    expect(isUrlScopedPath('/t/institute/Riverside/admin-center')).toBe(true);
    expect(isUrlScopedPath('/license-ums/4')).toBe(true);
    expect(isUrlScopedPath('/admin-center')).toBe(false);
    expect(isUrlScopedPath('/tenant-setup')).toBe(false);
  });

  it('finds the tenant by type and name together', () => {
    expect(findRouteTenant([RIVERSIDE, NORTHSTAR], 'institute', RIVERSIDE.tenant_name)).toBe(RIVERSIDE);
    expect(findRouteTenant([RIVERSIDE, NORTHSTAR], 'incubator', RIVERSIDE.tenant_name)).toBeUndefined();
  });

  it('takes the admin role for the admin center and a member role for the home', () => {
    const user = { roles: [...TENANT_USER.roles, RIVERSIDE_TEACHER] };
    expect(roleForTenantRoute(user, RIVERSIDE, 'admin')).toEqual(RIVERSIDE_ADMIN);
    expect(roleForTenantRoute(user, RIVERSIDE, 'home')).toEqual(RIVERSIDE_TEACHER);
    // Their only role there, whatever its view.
    expect(roleForTenantRoute(TENANT_USER, RIVERSIDE, 'home')).toEqual(RIVERSIDE_ADMIN);
  });

  it('keeps the role the person acts in when it fits the page', () => {
    const user = { roles: [...TENANT_USER.roles, RIVERSIDE_TEACHER] };
    expect(roleForTenantRoute(user, RIVERSIDE, 'home', RIVERSIDE_ADMIN)).toEqual(RIVERSIDE_ADMIN);
    expect(roleForTenantRoute(user, RIVERSIDE, 'admin', RIVERSIDE_TEACHER)).toEqual(RIVERSIDE_ADMIN);
    // A role of another tenant is not kept.
    expect(roleForTenantRoute(user, RIVERSIDE, 'home', NORTHSTAR_MENTOR)).toEqual(RIVERSIDE_TEACHER);
  });

  it('opens the admin center in the member role for a member without an admin role there', () => {
    expect(roleForTenantRoute(TENANT_USER, NORTHSTAR, 'admin')).toEqual(NORTHSTAR_MENTOR);
  });

  it('has no role for a person holding none in the tenant', () => {
    expect(roleForTenantRoute({ roles: [] }, RIVERSIDE, 'home')).toBeUndefined();
    expect(roleForTenantRoute({ roles: [] }, RIVERSIDE, 'admin')).toBeUndefined();
  });

  it('falls back to the roles the tenant list carries when the session lists none there', () => {
    const listed = { ...RIVERSIDE, roles: [{ role_id: 40, role_view: 'admin' }] };
    expect(roleForTenantRoute({ roles: [] }, listed, 'admin')).toEqual({
      role_id: 40,
      role_view: 'admin',
      tenant_id: 11,
    });
  });
});
