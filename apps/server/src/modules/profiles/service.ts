import {
  PROFILE_MESSAGES,
  type ProfileSection,
  type ProfileSectionRecord,
  type ProfileView,
  type updateMyProfileBody,
} from '@nexus/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { sessionCache } from '../../auth/session-cache';
import { type DbOrTx, queryRows } from '../../db/client';
import { users } from '../../db/schema';
import { inScope } from '../../db/scope';
import { notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { canSeeProfile, canSeeSection, contactShown, type ProfileVisibility } from './policy';
import { closeTo, liveUser, mainSettingsJoin, roleNamesOf } from './queries';
import { findSection, sectionsOf } from './sections';

interface OwnerRow {
  user_id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  profile_image: string | null;
  headline: string | null;
  bio: string | null;
  location: string | null;
  email: string;
  phone_number: string | null;
  visibility: ProfileVisibility;
  show_email: boolean;
  show_phone: boolean;
  shares_tenant: boolean;
}

async function loadOwner(db: DbOrTx, viewer: Actor, userId: number): Promise<OwnerRow | undefined> {
  // The owner's privacy is its main-platform settings row (row-level security scope 'main').
  const [row] = await inScope(db, 'main', (tx) =>
    queryRows<OwnerRow>(
      tx,
      sql`select u.user_id, u.username, u.first_name, u.last_name, u.profile_image, u.headline, u.bio,
          u.location, u.email, u.phone_number,
          coalesce(s.profile_visibility, 'public') as visibility,
          coalesce(s.show_email, false) as show_email,
          coalesce(s.show_phone, false) as show_phone,
          ${closeTo(viewer.userId)} as shares_tenant
        from users u
        ${mainSettingsJoin}
        where u.user_id = ${userId} and ${liveUser}`,
    ),
  );
  return row;
}

/** The owner when `viewer` may see their profile; a hidden profile is a 404 like a missing one. */
async function visibleOwner(db: DbOrTx, viewer: Actor, userId: number): Promise<OwnerRow> {
  const owner = await loadOwner(db, viewer, userId);
  if (
    !owner ||
    !canSeeProfile(viewer, {
      userId: owner.user_id,
      visibility: owner.visibility,
      sharesTenant: owner.shares_tenant,
    })
  ) {
    throw notFound(PROFILE_MESSAGES.notFound);
  }
  return owner;
}

/** What `userId` shows `viewer` (spec section 2, /profile/{userId}), respecting the owner's privacy. */
export async function getProfile(db: DbOrTx, viewer: Actor, userId: number): Promise<ProfileView> {
  const owner = await visibleOwner(db, viewer, userId);
  const [roles, sections] = await Promise.all([roleNamesOf(db, [userId]), sectionsOf(db, userId)]);
  const view: ProfileView = {
    user_id: owner.user_id,
    username: owner.username,
    firstName: owner.first_name,
    lastName: owner.last_name,
    profile_image: owner.profile_image,
    headline: owner.headline,
    bio: owner.bio,
    location: owner.location,
    roles: roles.get(userId) ?? [],
    sections: sections.filter((s) => canSeeSection(viewer, userId, s.show_on_profile)),
    is_self: viewer.userId === userId,
  };
  if (contactShown(viewer, userId, owner.show_email)) view.email = owner.email;
  if (contactShown(viewer, userId, owner.show_phone)) view.phone_number = owner.phone_number;
  return view;
}

/** Another member's section, when both the profile and the section are on show to `viewer`. */
export async function getUserSection(
  db: DbOrTx,
  viewer: Actor,
  userId: number,
  section: ProfileSection,
): Promise<ProfileSectionRecord> {
  await visibleOwner(db, viewer, userId);
  const record = await findSection(db, userId, section);
  if (!record || !canSeeSection(viewer, userId, record.show_on_profile)) {
    throw notFound(PROFILE_MESSAGES.sectionNotFound);
  }
  return record;
}

/** Changes the caller's own profile fields (names, headline, bio, location, photo link, phone). */
export async function updateMyProfile(
  db: DbOrTx,
  viewer: Actor,
  body: z.output<typeof updateMyProfileBody>,
): Promise<ProfileView> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (body.firstName !== undefined) changes.first_name = body.firstName;
  if (body.lastName !== undefined) changes.last_name = body.lastName;
  if (body.headline !== undefined) changes.headline = body.headline;
  if (body.bio !== undefined) changes.bio = body.bio;
  if (body.location !== undefined) changes.location = body.location;
  if (body.profile_image !== undefined) changes.profile_image = body.profile_image;
  if (body.phone_number !== undefined) changes.phone_number = body.phone_number;
  // The session carries the names (/auth/profile).
  sessionCache.forgetUser(viewer.userId);
  await db
    .update(users)
    .set({ ...changes, modified_by: viewer.userId, modified_at: sql`now()` })
    .where(eq(users.user_id, viewer.userId));
  return getProfile(db, viewer, viewer.userId);
}
