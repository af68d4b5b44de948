import { INVITATION_MESSAGES, MEMBER_INVITABLE_ROLE_ID, TEMP_ROLE_ID } from '@nexus/contracts';
import { type Actor, isTenantAdmin } from '../../http/policy';
import { grantRefusal, PLATFORM_ADMIN_ROLE_ID } from '../access';

export interface InvitableRole {
  role_id: number;
  role_view: 'admin' | 'user';
  /** Custom roles hang off a user or a tenant; only system roles (both null) can be invited into. */
  parent_user_id: number | null;
  tenant_id: number | null;
}

export type InviteRefusal = { status: 400 | 403; field?: 'role_id' | 'tenant_id'; message: string };

/** Whether the role can be the subject of an invitation at all, whoever invites. */
export function isInvitableRole(role: InvitableRole): boolean {
  return (
    role.parent_user_id === null &&
    role.tenant_id === null &&
    role.role_id !== TEMP_ROLE_ID &&
    role.role_id !== PLATFORM_ADMIN_ROLE_ID
  );
}

/**
 * Who may invite whom (docs/profiles.md, "Invitations"):
 * - a platform administrator: any invitable system role, on the main platform or in any tenant;
 *   an administrator role needs a tenant;
 * - a tenant administrator: user roles in the tenant they are acting in, nothing else there;
 * - any member with a real role (not only the temporary one): Individual on the main platform.
 * Returns null when allowed, else why not.
 */
export function inviteRefusal(
  actor: Actor,
  role: InvitableRole,
  tenantId: number | null,
): InviteRefusal | null {
  if (!isInvitableRole(role)) {
    return { status: 400, field: 'role_id', message: INVITATION_MESSAGES.roleNotInvitable };
  }
  if (actor.isPlatformAdmin) {
    if (role.role_view === 'admin' && tenantId === null) {
      return { status: 400, field: 'tenant_id', message: INVITATION_MESSAGES.tenantNeeded };
    }
    return null;
  }
  if (tenantId !== null) {
    if (!isTenantAdmin(actor) || actor.tenantId !== tenantId) {
      return { status: 403, message: INVITATION_MESSAGES.tenantAdminOwnTenant };
    }
    // The same rule as every other road to a role in a tenant (access/grants.ts).
    const refusal = grantRefusal(actor, role, tenantId);
    if (refusal === 'adminRole') return { status: 403, message: INVITATION_MESSAGES.adminRoleRefused };
    if (refusal === 'notAdmin') return { status: 403, message: INVITATION_MESSAGES.tenantAdminOwnTenant };
    if (refusal) return { status: 400, field: 'role_id', message: INVITATION_MESSAGES.roleNotInvitable };
    return null;
  }
  if (!actor.roles.some((held) => held.roleId !== TEMP_ROLE_ID)) {
    return { status: 403, message: INVITATION_MESSAGES.tempUser };
  }
  if (role.role_id !== MEMBER_INVITABLE_ROLE_ID) {
    return { status: 403, message: INVITATION_MESSAGES.memberRoleOnly };
  }
  return null;
}

/** Who may revoke an invitation: its creator, a platform admin, or an admin of its tenant. */
export function mayRevoke(
  actor: Actor,
  invitation: { created_by: number | null; tenant_id: number | null },
): boolean {
  if (actor.isPlatformAdmin || invitation.created_by === actor.userId) return true;
  return invitation.tenant_id !== null && actor.tenantId === invitation.tenant_id && isTenantAdmin(actor);
}
