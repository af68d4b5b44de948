import { describe, expect, it } from 'vitest';
import { homePath, isTempRole } from './home-path';

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
