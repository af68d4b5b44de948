import { describe, expect, it } from 'vitest';
import type { LoadedSession } from '../../shared/session/session-load';
import { ADMIN, INVESTOR } from '../../shared/session/test-fixtures';
import { landingAfterSignIn, registrationRedirectFor } from './landing';

function session(overrides: Partial<LoadedSession['user']>, activeRoleStored: boolean): LoadedSession {
  return {
    user: { user_id: 7, username: 'ada', roles: [INVESTOR], active_role: INVESTOR, ...overrides },
    emailVerified: true,
    activeRoleStored,
  };
}

const noTenant = { currentTenant: null, currentRole: null };

describe('landingAfterSignIn (spec section 4)', () => {
  it('lands on the stored active role', () => {
    expect(
      landingAfterSignIn(
        session({ roles: [INVESTOR, ADMIN], active_role: ADMIN }, true),
        noTenant,
        undefined,
      ),
    ).toBe('/admin-center');
  });

  it('sends a multi-role user without a stored active role to /select-role, though the first is now active', () => {
    expect(
      landingAfterSignIn(
        session({ roles: [INVESTOR, ADMIN], active_role: INVESTOR }, false),
        noTenant,
        undefined,
      ),
    ).toBe('/select-role');
  });

  it('lets the return-to path win', () => {
    expect(landingAfterSignIn(session({}, true), noTenant, '/messages')).toBe('/messages');
  });

  it('uses the stored tenant context', () => {
    const tenant = {
      currentTenant: { tenant_type: 'institute', tenant_name: 'MIT' },
      currentRole: { role_id: 9, role_view: 'admin' as const },
    };
    expect(landingAfterSignIn(session({}, true), tenant, undefined)).toBe('/t/institute/MIT/admin-center');
  });

  it('sends the temp role to its registration redirect', () => {
    const temp = { role_id: 19, role_name: 'temp', display_name: 'Temp' };
    expect(
      landingAfterSignIn(
        session({ roles: [temp], active_role: temp, registration_redirect: '/registration/diaspora' }, false),
        noTenant,
        undefined,
      ),
    ).toBe('/registration/diaspora');
  });
});

describe('registrationRedirectFor', () => {
  it('keeps a registration form the person was heading for', () => {
    expect(registrationRedirectFor('/registration/investor')).toBe('/registration/investor');
    expect(registrationRedirectFor('/volunteer-registration?ref=x')).toBe('/volunteer-registration');
    expect(registrationRedirectFor('/individual-registration')).toBe('/individual-registration');
  });

  it('is /onboarding otherwise', () => {
    expect(registrationRedirectFor(undefined)).toBe('/onboarding');
    expect(registrationRedirectFor('/calendar')).toBe('/onboarding');
  });
});
