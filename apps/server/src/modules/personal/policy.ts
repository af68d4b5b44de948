import type { Policy } from '../../http/policy';

/**
 * Issue 22 point 5: notes and diary entries are the author's alone. Anyone signed in keeps their own;
 * nobody, not even a platform administrator, reads another's (the resources' owner rule has no
 * exemption, so another user's row answers 404).
 */
export const personalPolicies = {
  read: 'signedIn',
  write: 'signedIn',
} as const satisfies { read: Policy; write: Policy };

/** No one reads another person's notes or diary. */
export const nobodyElse = () => false;
