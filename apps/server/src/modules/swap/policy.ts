import type { Policy } from '../../http/policy';

/**
 * Issue 22 (docs/swap.md): every signed-in member posts and proposes in the context they are in; who may
 * change a post or answer a proposal (its owner only) is the service's check, since it depends on the row.
 */
export const swapPolicies = {
  signedIn: 'signedIn',
} as const satisfies Record<string, Policy>;
