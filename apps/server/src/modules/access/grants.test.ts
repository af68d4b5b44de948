import { describe, expect, it } from 'vitest';
import { member, platformAdmin, tenantAdmin } from '../../test/factories';
import { type GrantableRole, grantRefusal } from './grants';

const system = (role_id: number, role_view: 'admin' | 'user' = 'user'): GrantableRole => ({
  role_id,
  role_view,
  parent_user_id: null,
  tenant_id: null,
});

describe('the one rule for granting a role', () => {
  it('refuses every administrator role (1 Platform Admin, 2 Tenant Admin, 18 Institute Admin) to a tenant admin', () => {
    const admin = tenantAdmin(5, 7);
    for (const role of [system(1, 'admin'), system(2, 'admin'), system(18, 'admin')]) {
      expect(grantRefusal(admin, role, 7)).toBe('adminRole');
    }
    expect(grantRefusal(admin, system(14), 7)).toBeNull();
    expect(grantRefusal(admin, { ...system(40), tenant_id: 7 }, 7)).toBeNull();
  });

  it('lets a tenant admin grant only inside the tenant they administer', () => {
    const admin = tenantAdmin(5, 7);
    expect(grantRefusal(admin, system(14), 8)).toBe('notAdmin');
    expect(grantRefusal(admin, system(14), null)).toBe('notAdmin');
    expect(grantRefusal(member(5, 7), system(14), 7)).toBe('notAdmin');
  });

  it('never grants temp inside a tenant, nor a tenant’s own role outside it, even for a platform admin', () => {
    const admin = platformAdmin(1);
    expect(grantRefusal(admin, system(19), 7)).toBe('role');
    expect(grantRefusal(admin, { ...system(40), tenant_id: 8 }, 7)).toBe('role');
    expect(grantRefusal(admin, system(2, 'admin'), 7)).toBeNull();
    expect(grantRefusal(tenantAdmin(5, 7), { ...system(41), parent_user_id: 5 }, 7)).toBe('role');
  });
});
