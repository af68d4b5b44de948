import { ANNOUNCEMENT_MESSAGES } from '@nexus/contracts';
import { forbidden } from '../../http/app-error';
import { type Actor, isTenantAdmin, type Policy } from '../../http/policy';

/** Issue 16 point 3: platform admins and tenant admins write announcements; everyone signed in reads. */
export const announcementPolicies = {
  read: 'signedIn',
  write: { anyOf: ['platformAdmin', 'tenantAdmin'] },
} as const satisfies { read: Policy; write: Policy };

/** True when the actor may write to the audience of `tenantId` (null: the whole platform). */
export function mayAnnounceTo(actor: Actor, tenantId: number | null): boolean {
  if (actor.isPlatformAdmin) return true;
  // A tenant admin writes only inside the tenant it administers now (its current context).
  return tenantId !== null && tenantId === actor.tenantId && isTenantAdmin(actor);
}

/**
 * The audience tenant of a write: the body's, else the caller's current context. Never a tenant the
 * caller does not administer (403, so a tenant admin of A cannot announce to B).
 */
export function audienceTenant(actor: Actor, requested: number | null | undefined): number | null {
  const tenantId = requested === undefined ? actor.tenantId : requested;
  if (!mayAnnounceTo(actor, tenantId)) throw forbidden(ANNOUNCEMENT_MESSAGES.otherTenant);
  return tenantId;
}

/** True when the actor may see the manage view (drafts, scheduled) at all. */
export function managesAnnouncements(actor: Actor): boolean {
  return actor.isPlatformAdmin || isTenantAdmin(actor);
}
