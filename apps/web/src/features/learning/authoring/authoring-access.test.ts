import { describe, expect, it } from 'vitest';
import { type AuthoringSession, canAuthorPrograms, ownerLabel } from './authoring-access';

const platform = (role: AuthoringSession['currentRole']): AuthoringSession => ({
  roleContext: 'main_platform',
  currentTenant: null,
  currentRole: null,
  user: { roles: role ? [role] : [], active_role: role },
});
const tenant = { tenant_id: 4, tenant_name: 'Acme Academy' };
const inTenant = (role: AuthoringSession['currentRole']): AuthoringSession => ({
  roleContext: 'tenant',
  currentTenant: tenant,
  currentRole: role,
  user: { roles: role ? [role] : [] },
});

describe('canAuthorPrograms', () => {
  it('lets platform admins and platform teachers author on the main platform', () => {
    expect(canAuthorPrograms(platform({ role_id: 1, role_name: 'admin', role_view: 'admin' }))).toBe(true);
    expect(canAuthorPrograms(platform({ role_id: 14, role_name: 'teacher', role_view: 'user' }))).toBe(true);
  });

  it('refuses learners and a user without roles', () => {
    expect(canAuthorPrograms(platform({ role_id: 15, role_name: 'student', role_view: 'user' }))).toBe(false);
    expect(canAuthorPrograms(platform(null))).toBe(false);
  });

  it('lets tenant admins and teachers of the current tenant author there', () => {
    expect(
      canAuthorPrograms(
        inTenant({ role_id: 2, role_name: 'tenant-admin', role_view: 'admin', tenant_id: 4 }),
      ),
    ).toBe(true);
    expect(
      canAuthorPrograms(inTenant({ role_id: 14, role_name: 'teacher', role_view: 'user', tenant_id: 4 })),
    ).toBe(true);
    expect(
      canAuthorPrograms(inTenant({ role_id: 15, role_name: 'student', role_view: 'user', tenant_id: 4 })),
    ).toBe(false);
  });

  it('does not count a teacher role held in another tenant', () => {
    expect(
      canAuthorPrograms(inTenant({ role_id: 14, role_name: 'teacher', role_view: 'user', tenant_id: 9 })),
    ).toBe(false);
  });

  it('names the owner of a new program', () => {
    expect(ownerLabel(platform(null))).toBe('the whole platform');
    expect(ownerLabel(inTenant(null))).toBe('Acme Academy');
  });
});
