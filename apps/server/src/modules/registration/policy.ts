import type { Policy } from '../../http/policy';

/**
 * Anyone signed in (the temp role included: registering is how it goes away, spec section 6) reads,
 * saves and submits their own forms; only a platform administrator lists everyone's.
 */
export const registrationPolicies = {
  own: 'signedIn',
  list: 'platformAdmin',
} as const satisfies Record<string, Policy>;
