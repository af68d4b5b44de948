import type { SessionUser } from '../../shared/session/types';

export interface NextStep {
  id: 'verify-email' | 'complete-profile' | 'choose-role';
  title: string;
  description: string;
  action: string;
  /** A client route, or (external) a provider page reached by a full visit. */
  href: string;
  external?: boolean;
}

export interface NextStepInput {
  user: SessionUser;
  otpVerified: boolean;
  /** The provider's hosted page: a signed-in visit with an unconfirmed address asks for the mailed code. */
  verifyHref: string;
  /** Where the profile is edited: /settings once it exists, else /account. */
  profileHref: string;
}

/** Profile fields a member is expected to fill in before others see a useful card (spec section 3 "User"). */
const PROFILE_FIELDS = ['firstName', 'lastName', 'phone_number', 'profile_image'] as const;

/** How much of the profile is filled in, 0 to 100. */
export function profileCompleteness(user: SessionUser): number {
  const filled = PROFILE_FIELDS.filter((field) => {
    const value = user[field];
    return typeof value === 'string' && value.trim() !== '';
  }).length;
  return Math.round((filled / PROFILE_FIELDS.length) * 100);
}

/** What the home page suggests doing next, most pressing first. */
export function nextSteps({ user, otpVerified, verifyHref, profileHref }: NextStepInput): NextStep[] {
  const steps: NextStep[] = [];
  if (!otpVerified) {
    steps.push({
      id: 'verify-email',
      title: 'Confirm your email address',
      description: `We mail a six-digit code to ${user.email ?? 'your address'}; entering it confirms the address.`,
      action: 'Confirm address',
      href: verifyHref,
      external: true,
    });
  }
  const completeness = profileCompleteness(user);
  if (completeness < 100) {
    steps.push({
      id: 'complete-profile',
      title: 'Complete your profile',
      description: `Your profile is ${completeness}% complete. A name, phone number and photo help others find you.`,
      action: 'Edit profile',
      href: profileHref,
    });
  }
  if (user.roles.length > 1) {
    steps.push({
      id: 'choose-role',
      title: 'Working in another role?',
      description: `You hold ${user.roles.length} roles. Switch to see the platform as another one.`,
      action: 'Switch role',
      href: '/select-role',
    });
  }
  return steps;
}
