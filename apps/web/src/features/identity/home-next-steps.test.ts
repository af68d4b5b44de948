import { describe, expect, it } from 'vitest';
import { INVESTOR } from '../../shared/session/test-fixtures';
import { nextSteps, profileCompleteness } from './home-next-steps';

const complete = {
  user_id: 7,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone_number: '+44 20 7946 0958',
  profile_image: '/img/ada.png',
  email: 'ada@nexus.local',
  roles: [INVESTOR],
};
const input = { verifyHref: '/auth/redirect?x', profileHref: '/settings' };

describe('home next steps', () => {
  it('asks to confirm the address first when otpVerified is false', () => {
    const steps = nextSteps({ ...input, user: complete, otpVerified: false });
    expect(steps.map((step) => step.id)).toEqual(['verify-email']);
    expect(steps[0]).toMatchObject({ href: '/auth/redirect?x', external: true });
  });

  it('asks to complete the profile with how far it is', () => {
    const user = { ...complete, phone_number: null, profile_image: '' };
    expect(profileCompleteness(user)).toBe(50);
    const steps = nextSteps({ ...input, user, otpVerified: true });
    expect(steps).toEqual([expect.objectContaining({ id: 'complete-profile', href: '/settings' })]);
    expect(steps[0]?.description).toContain('50%');
  });

  it('offers a role switch to a multi-role user', () => {
    const user = { ...complete, roles: [INVESTOR, { role_id: 6 }] };
    expect(nextSteps({ ...input, user, otpVerified: true }).map((step) => step.id)).toEqual(['choose-role']);
  });

  it('has nothing to suggest when all is done', () => {
    expect(nextSteps({ ...input, user: complete, otpVerified: true })).toEqual([]);
  });
});
