import { describe, expect, it } from 'vitest';
import { isOpenToTempRole } from './temp-role-paths';

describe('temp role pages (spec section 6: onboarding and the account page)', () => {
  it('opens onboarding and every registration form', () => {
    for (const path of [
      '/onboarding',
      '/registration/investor',
      '/registration/startup-hub',
      '/registration/anything-else',
      '/individual-registration',
      '/volunteer-registration',
    ]) {
      expect(isOpenToTempRole(path), path).toBe(true);
    }
  });

  it('opens the account page and its own actions', () => {
    for (const path of ['/account', '/account/', '/settings', '/change-password', '/select-role']) {
      expect(isOpenToTempRole(path), path).toBe(true);
    }
  });

  it('keeps the sign-in entry points open', () => {
    for (const path of ['/account-callback', '/sign-up', '/register']) {
      expect(isOpenToTempRole(path), path).toBe(true);
    }
  });

  it('closes every other private page', () => {
    for (const path of [
      '/user/home',
      '/user-home',
      '/admin-center',
      '/calendar',
      '/registration',
      '/profiles',
      '/',
    ]) {
      expect(isOpenToTempRole(path), path).toBe(false);
    }
  });
});
