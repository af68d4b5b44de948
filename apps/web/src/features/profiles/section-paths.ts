import type { ProfileSection } from '@nexus/contracts';

/** Where the owner edits each section (spec section 2 routes; /fundrasing-profile is the spec's spelling). */
export function sectionEditPath(section: ProfileSection, userId: number): string {
  switch (section) {
    case 'entrepreneurial':
      return '/profile/entrepreneurial';
    case 'volunteer':
      return `/volunteer-profile/${userId}`;
    case 'employability':
      return '/employability-profile';
    case 'self-assessment':
      return '/self-assessment';
    case 'fundraising':
      return '/fundrasing-profile';
  }
}

/** A route parameter as a user id, or null when it is not a positive whole number. */
export function userIdParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** First and last name, else the username. */
export function displayName(person: { firstName: string | null; lastName: string | null; username: string }) {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username;
}
