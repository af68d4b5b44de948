import { describe, expect, it } from 'vitest';
import { resolveActiveRole, sameRole } from './active-role';
import { TEMP_ROLE } from './home-path';

const investor = { role_id: 3, display_name: 'Investor' };
const mentor = { role_id: 6, display_name: 'Mentor' };
const tenantMentor = { role_id: 6, display_name: 'Mentor', tenant_id: 12 };

describe('resolveActiveRole (spec section 4)', () => {
  it('keeps the stored active role when the user holds it', () => {
    expect(resolveActiveRole([investor, mentor], mentor, TEMP_ROLE)).toEqual({
      roles: [investor, mentor],
      active: mentor,
      firstRoleMadeActive: false,
    });
  });

  it('makes the first role active when none is set', () => {
    expect(resolveActiveRole([investor, mentor], null, TEMP_ROLE)).toMatchObject({
      active: investor,
      firstRoleMadeActive: true,
    });
    expect(resolveActiveRole([mentor], undefined, TEMP_ROLE).active).toBe(mentor);
  });

  it('makes the first role active when the stored one is no longer held', () => {
    expect(resolveActiveRole([investor], mentor, TEMP_ROLE)).toMatchObject({
      active: investor,
      firstRoleMadeActive: true,
    });
  });

  it('tells a role held in a tenant from the same role on the main platform', () => {
    expect(resolveActiveRole([mentor, tenantMentor], tenantMentor, TEMP_ROLE).active).toBe(tenantMentor);
    expect(sameRole(mentor, tenantMentor)).toBe(false);
    expect(sameRole(mentor, { role_id: 6, tenant_id: null })).toBe(true);
  });

  it('gives a user with no roles the temp role', () => {
    expect(resolveActiveRole([], null, TEMP_ROLE)).toEqual({
      roles: [TEMP_ROLE],
      active: TEMP_ROLE,
      firstRoleMadeActive: false,
    });
    expect(resolveActiveRole(undefined, undefined, TEMP_ROLE).active).toMatchObject({
      role_id: 19,
      role_name: 'temp',
      display_name: 'Temp',
    });
  });
});
