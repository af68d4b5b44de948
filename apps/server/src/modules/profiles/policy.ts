import type { PROFILE_VISIBILITIES } from '@nexus/contracts';
import type { Actor, Policy } from '../../http/policy';

/** Every profile call needs a session: profiles are private pages (spec section 2, "Profiles"). */
export const profilePolicy: Policy = 'signedIn';

export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

/** What decides whether one member sees another's profile. */
export interface ProfileOwner {
  userId: number;
  visibility: ProfileVisibility;
  /** True when owner and viewer are close: a common tenant, or connected on the network (queries.ts closeTo). */
  sharesTenant: boolean;
}

/**
 * Whether `viewer` may see `owner`'s profile. The owner and platform administrators always may;
 * 'public' means every signed-in member; 'connections' means the owner's
 * network connections and the members of a shared tenant (queries.ts closeTo); 'private' means nobody else. The directory's SQL predicate
 * (directory.ts) encodes the same rules; profiles.test.ts checks both against each other.
 */
export function canSeeProfile(viewer: Actor, owner: ProfileOwner): boolean {
  if (viewer.userId === owner.userId || viewer.isPlatformAdmin) return true;
  if (owner.visibility === 'public') return true;
  if (owner.visibility === 'connections') return owner.sharesTenant;
  return false;
}

/** Whether a section is on show to `viewer`: the owner sees all theirs, others only the shown ones. */
export function canSeeSection(viewer: Actor, ownerId: number, shownOnProfile: boolean): boolean {
  return viewer.userId === ownerId || shownOnProfile;
}

/** Email and phone leave the server only for the owner or when the owner chose to show them. */
export function contactShown(viewer: Actor, ownerId: number, ownerAllows: boolean): boolean {
  return viewer.userId === ownerId || ownerAllows;
}
