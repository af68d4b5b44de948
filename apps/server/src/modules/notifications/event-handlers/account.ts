/**
 * Notices about the person's account: a role granted, an invitation accepted, a support answer.
 * One file per area (index.ts).
 */
import { eq } from 'drizzle-orm';
import { roles } from '../../../db/schema';
import type { EventDispatcher } from '../../../kernel/events';
import { type NotifyContext, notify } from '../deliver';
import { personName } from './names';

/** Access, invitations and support (issue 22 point 5). */
export function registerAccountNotices(events: EventDispatcher, context: NotifyContext): void {
  events.on('access.role.granted', 'notifications.role-granted', async (event, tx) => {
    const { user_id: userId, role_id: roleId, tenant_id: tenantId } = event.payload;
    const [role] = await tx.select({ name: roles.display_name }).from(roles).where(eq(roles.role_id, roleId));
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'account',
      title: `You now have the role ${role?.name ?? 'assigned to you'}`,
      body: 'Switch to it from your account menu to see what it opens.',
      link: '/settings',
      eventId: event.id,
      handler: 'notifications.role-granted',
    });
  });

  events.on('invitation.accepted', 'notifications.invitation-accepted', async (event, tx) => {
    const { user_id: userId, invited_by: inviter, tenant_id: tenantId } = event.payload;
    // The person who accepted knows already; the one who invited them is told.
    if (inviter === null || inviter === userId) return;
    await notify(tx, context, {
      userId: inviter,
      tenantId,
      category: 'invitations',
      title: `${await personName(tx, userId)} accepted your invitation`,
      body: 'They have joined with the role you invited them into.',
      link: '/settings',
      eventId: event.id,
      handler: 'notifications.invitation-accepted',
    });
  });

  // Support (issue 22 point 5): the asker hears of an administrator's answer; staff read the queue.
  events.on('support.request.replied', 'notifications.support-replied', async (event, tx) => {
    const { request_id, requester_id, author_id, from_staff, tenant_id } = event.payload;
    if (!from_staff) return;
    await notify(tx, context, {
      userId: requester_id,
      tenantId: tenant_id,
      category: 'account',
      title: `${await personName(tx, author_id)} answered your support request`,
      body: 'Open the request to read the answer and reply.',
      link: `/student/support?request=${request_id}`,
      eventId: event.id,
      handler: 'notifications.support-replied',
    });
  });
}
