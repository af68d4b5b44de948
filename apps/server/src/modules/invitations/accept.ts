import { INVITATION_MESSAGES, type InvitationAccepted, TEMP_ROLE_ID } from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations, invitationUses, roles, users } from '../../db/schema';
import { forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { dropTempRole, grantRole } from '../access';
import { findByToken, gone, invitationStatus } from './service';

/**
 * Applies an invitation to the caller once: grants the role (in its tenant, taking a seat), drops the
 * temporary role and counts the use, in one transaction. Accepting is the invited person's consent
 * (issue 14 item 1). An invitation bound to an address is accepted only by the account holding that
 * address verified (item 2). The invitation row is locked first, so concurrent accepts queue up and
 * can never push `uses` past `max_uses`.
 */
export async function acceptInvitation(db: Db, actor: Actor, token: string): Promise<InvitationAccepted> {
  return db.transaction(async (tx) => {
    const invitation = await findByToken(tx, token, true);
    if (!invitation) throw notFound(INVITATION_MESSAGES.notFound);
    const [role] = await tx
      .select({ display_name: roles.display_name })
      .from(roles)
      .where(eq(roles.role_id, invitation.role_id));
    const result = (status: InvitationAccepted['status']): InvitationAccepted => ({
      status,
      role_id: invitation.role_id,
      role_display_name: role?.display_name ?? '',
      tenant_id: invitation.tenant_id,
    });
    const [usedBefore] = await tx
      .select({ id: invitationUses.invitation_use_id })
      .from(invitationUses)
      .where(
        and(
          eq(invitationUses.invitation_id, invitation.invitation_id),
          eq(invitationUses.user_id, actor.userId),
        ),
      );
    if (usedBefore) return result('already_applied');
    if (invitation.revoked_at) throw gone(INVITATION_MESSAGES.revoked);
    const status = invitationStatus(invitation);
    if (status === 'expired') throw gone(INVITATION_MESSAGES.expired);
    if (status === 'used') throw gone(INVITATION_MESSAGES.used);
    const [me] = await tx
      .select({ email: users.email, verified: users.email_verified, active_role_id: users.active_role_id })
      .from(users)
      .where(eq(users.user_id, actor.userId));
    if (invitation.email) {
      if (me?.email !== invitation.email) throw forbidden(INVITATION_MESSAGES.wrongEmail);
      if (!me.verified) throw forbidden(INVITATION_MESSAGES.unverifiedEmail);
    }

    const granted = await grantRole(tx, {
      userId: actor.userId,
      roleId: invitation.role_id,
      tenantId: invitation.tenant_id,
      grantedBy: actor.userId,
    });
    // Someone who already holds the role spends no use of a shared link.
    if (!granted) return result('already_applied');
    await dropTempRole(tx, actor.userId);
    if (me && (me.active_role_id === null || me.active_role_id === TEMP_ROLE_ID)) {
      await tx
        .update(users)
        .set({ active_role_id: invitation.role_id, modified_by: actor.userId, modified_at: sql`now()` })
        .where(eq(users.user_id, actor.userId));
    }
    await tx
      .insert(invitationUses)
      .values({ invitation_id: invitation.invitation_id, user_id: actor.userId });
    await tx
      .update(invitations)
      .set({ uses: sql`${invitations.uses} + 1`, modified_at: sql`now()` })
      .where(eq(invitations.invitation_id, invitation.invitation_id));
    await recordEvent(tx, 'invitation.accepted', {
      invitation_id: invitation.invitation_id,
      user_id: actor.userId,
      tenant_id: invitation.tenant_id,
      role_id: invitation.role_id,
      invited_by: invitation.created_by ?? null,
    });
    return result('applied');
  });
}
