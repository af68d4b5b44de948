import { describe, expect, it } from 'vitest';
import {
  hasTempRole,
  homePath,
  internalPath,
  isTempRole,
  landingPath,
  roleHomePath,
  tenantHomePath,
} from './home-path';

const admin = { role_id: 1, role_name: 'platform_admin', role_view: 'admin' };
const member = { role_id: 5, role_name: 'entrepreneur', role_view: 'user' };
const temp = { role_id: 19, role_name: 'temp', role_view: 'user' };

describe('homePath (spec section 2, 404 link)', () => {
  it('sends a signed-out visitor to /login', () => {
    expect(homePath({ isLoggedIn: false, user: null })).toBe('/login');
    expect(homePath({ isLoggedIn: false, user: { roles: [admin], active_role: admin } })).toBe('/login');
  });

  it('sends the temp role to /account, by id or by name', () => {
    expect(homePath({ isLoggedIn: true, user: { roles: [temp], active_role: temp } })).toBe('/account');
    const byId = { role_id: 19, role_name: 'x' };
    const byName = { role_id: 99, role_name: 'temp' };
    expect(homePath({ isLoggedIn: true, user: { roles: [byId], active_role: byId } })).toBe('/account');
    expect(homePath({ isLoggedIn: true, user: { roles: [byName], active_role: byName } })).toBe('/account');
  });

  it('treats a user without roles as temp', () => {
    expect(homePath({ isLoggedIn: true, user: { roles: [], active_role: null } })).toBe('/account');
  });

  it('sends an admin role view to /admin-center', () => {
    expect(homePath({ isLoggedIn: true, user: { roles: [member, admin], active_role: admin } })).toBe(
      '/admin-center',
    );
  });

  it('sends any other active role to /user/home', () => {
    expect(homePath({ isLoggedIn: true, user: { roles: [admin, member], active_role: member } })).toBe(
      '/user/home',
    );
  });

  it('falls back to the first role when none is active', () => {
    expect(homePath({ isLoggedIn: true, user: { roles: [admin], active_role: null } })).toBe('/admin-center');
  });

  it('recognises the temp role', () => {
    expect(isTempRole(temp)).toBe(true);
    expect(isTempRole(member)).toBe(false);
  });
});

describe('landingPath (spec section 4, in its exact order)', () => {
  const tenant = { tenant_type: 'incubator', tenant_name: 'Spark Lab' };
  const tenantAdmin = { role_id: 7, role_name: 'incubator_admin', role_view: 'admin' };
  const tenantMember = { role_id: 8, role_name: 'incubatee', role_view: 'user' };

  it('1. a saved return-to path wins over every other rule', () => {
    expect(
      landingPath({
        returnTo: '/calendar?view=week',
        user: { roles: [temp], active_role: temp },
        currentTenant: tenant,
        currentRole: tenantAdmin,
      }),
    ).toBe('/calendar?view=week');
  });

  it('ignores a return-to path that leaves the site', () => {
    expect(
      landingPath({ returnTo: '//evil.example/x', user: { roles: [member], active_role: member } }),
    ).toBe('/user/home');
    expect(
      landingPath({ returnTo: 'https://evil.example', user: { roles: [member], active_role: member } }),
    ).toBe('/user/home');
  });

  it('2. the temp role goes to the registration redirect, by id or by name', () => {
    const byId = { role_id: 19, role_name: 'x' };
    const byName = { role_id: 99, role_name: 'temp' };
    const user = (role: typeof byId) => ({
      roles: [role],
      active_role: role,
      registration_redirect: '/registration/investor',
    });
    expect(landingPath({ user: user(byId) })).toBe('/registration/investor');
    expect(landingPath({ user: user(byName) })).toBe('/registration/investor');
  });

  it('2. the temp role goes to /onboarding without a (safe) registration redirect', () => {
    expect(landingPath({ user: { roles: [temp], active_role: temp } })).toBe('/onboarding');
    expect(landingPath({ user: { roles: [temp], active_role: temp, registration_redirect: null } })).toBe(
      '/onboarding',
    );
    expect(
      landingPath({ user: { roles: [temp], active_role: temp, registration_redirect: '//evil.example' } }),
    ).toBe('/onboarding');
  });

  it('2. a user with no roles, or only the temp role and none active, counts as temp', () => {
    expect(landingPath({ user: { roles: [], active_role: null } })).toBe('/onboarding');
    expect(landingPath({ user: {} })).toBe('/onboarding');
    expect(landingPath({ user: { roles: [temp], active_role: null } })).toBe('/onboarding');
  });

  it('2. the temp role comes before a stored tenant and role', () => {
    expect(
      landingPath({
        user: { roles: [temp], active_role: temp },
        currentTenant: tenant,
        currentRole: tenantAdmin,
      }),
    ).toBe('/onboarding');
  });

  it('3. a stored tenant and admin role land on the tenant admin-center', () => {
    expect(
      landingPath({
        user: { roles: [member], active_role: member },
        currentTenant: tenant,
        currentRole: tenantAdmin,
      }),
    ).toBe('/t/incubator/Spark%20Lab/admin-center');
  });

  it('3. a stored tenant and any other role land on the tenant user home', () => {
    expect(
      landingPath({
        user: { roles: [admin], active_role: admin },
        currentTenant: tenant,
        currentRole: tenantMember,
      }),
    ).toBe('/t/incubator/Spark%20Lab/user/home');
  });

  it('3. needs both the tenant and the role', () => {
    expect(landingPath({ user: { roles: [member], active_role: member }, currentTenant: tenant })).toBe(
      '/user/home',
    );
    expect(landingPath({ user: { roles: [member], active_role: member }, currentRole: tenantAdmin })).toBe(
      '/user/home',
    );
  });

  it('4. an active admin role lands on /admin-center, another on /user/home', () => {
    expect(landingPath({ user: { roles: [member, admin], active_role: admin } })).toBe('/admin-center');
    expect(landingPath({ user: { roles: [admin, member], active_role: member } })).toBe('/user/home');
  });

  it('5. exactly one role and none active: the same rule for that role', () => {
    expect(landingPath({ user: { roles: [admin], active_role: null } })).toBe('/admin-center');
    expect(landingPath({ user: { roles: [member] } })).toBe('/user/home');
  });

  it('6. several roles and none active: /select-role', () => {
    expect(landingPath({ user: { roles: [admin, member], active_role: null } })).toBe('/select-role');
    expect(landingPath({ user: { roles: [temp, member], active_role: null } })).toBe('/select-role');
  });
});

describe('role and tenant homes', () => {
  it('builds tenant routes with encoded segments', () => {
    expect(tenantHomePath({ tenant_type: 'startup-hub', tenant_name: 'a/b' }, admin)).toBe(
      '/t/startup-hub/a%2Fb/admin-center',
    );
    expect(tenantHomePath({ tenant_type: 'institute', tenant_name: 'MIT' }, member)).toBe(
      '/t/institute/MIT/user/home',
    );
  });

  it('reads the role view for the main platform', () => {
    expect(roleHomePath(admin)).toBe('/admin-center');
    expect(roleHomePath(member)).toBe('/user/home');
    expect(roleHomePath({ role_id: 4 })).toBe('/user/home');
  });

  it('treats the active role, else the first, else none as the current role', () => {
    expect(hasTempRole({ roles: [member], active_role: temp })).toBe(true);
    expect(hasTempRole({ roles: [temp, member], active_role: member })).toBe(false);
    expect(hasTempRole({ roles: [] })).toBe(true);
    expect(hasTempRole({ roles: [member] })).toBe(false);
  });

  it('accepts only paths on this site', () => {
    expect(internalPath('/account?x=1#y')).toBe('/account?x=1#y');
    expect(internalPath('//evil.example')).toBeUndefined();
    expect(internalPath('/\\evil.example')).toBeUndefined();
    expect(internalPath('https://evil.example')).toBeUndefined();
    expect(internalPath('')).toBeUndefined();
    expect(internalPath(null)).toBeUndefined();
  });
});
