import {
  type assignSeatBody,
  INVITATION_LIMITS,
  INVITATION_MESSAGES,
  SEAT_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  type seatsQuery,
  TEMP_ROLE_ID,
} from '@nexus/contracts';
import { and, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { sessionCache } from '../../auth/session-cache';
import type { Db, Tx } from '../../db/client';
import { roles, tenantSubscriptions, tenants, userRoles, users } from '../../db/schema';
import { inScope } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import { recordAudit } from '../../http/audit';
import type { Actor } from '../../http/policy';
import { assertSeatAvailable, grantRefusal, refreshUserUsage } from '../access';
import { assertKeepsTenantAdmin } from '../identity/users';
import { issueInvitation } from '../invitations';
import { administers, belongsTo } from './service';

export interface SeatOut {
  user_id: number;
  username: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  roles: { role_id: number; role_name: string; display_name: string }[];
  since: string;
}

/**
 * The tenant of a live subscription the actor administers. Someone outside the tenant gets the same
 * 404 as for a subscription that does not exist; a member who is not an admin gets 403.
 */
async function seatTenant(tx: Tx, actor: Actor, subscriptionId: number): Promise<number> {
  const [row] = await tx
    .select({ tenantId: tenantSubscriptions.tenant_id })
    .from(tenantSubscriptions)
    .where(
      and(eq(tenantSubscriptions.subscription_id, subscriptionId), eq(tenantSubscriptions.is_deleted, false)),
    );
  if (!row || !belongsTo(actor, row.tenantId)) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  if (!administers(actor, row.tenantId)) throw forbidden();
  return row.tenantId;
}

const liveIn = (tenantId: number) => and(eq(userRoles.tenant_id, tenantId), eq(userRoles.is_deleted, false));

/** getSeats/{subscription_id}: the tenant's members with their roles there, searched and paged on the server. */
export function listSeats(db: Db, actor: Actor, subscriptionId: number, query: z.output<typeof seatsQuery>) {
  // The subscription is found by id before its tenant is known: read across tenants, then checked.
  return inScope(db, 'all', async (tx) => {
    const tenantId = await seatTenant(tx, actor, subscriptionId);
    const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const match = pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.username, pattern),
          ilike(users.first_name, pattern),
          ilike(users.last_name, pattern),
        )
      : undefined;
    const rows = await tx
      .select({
        user_id: users.user_id,
        username: users.username,
        email: users.email,
        first_name: users.first_name,
        last_name: users.last_name,
        roles: sql<
          SeatOut['roles']
        >`json_agg(json_build_object('role_id', ${roles.role_id}, 'role_name', ${roles.role_name}, 'display_name', ${roles.display_name}) order by ${roles.role_id})`,
        since: sql<string>`min(${userRoles.created_at})`,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(userRoles)
      .innerJoin(users, eq(users.user_id, userRoles.user_id))
      .innerJoin(roles, eq(roles.role_id, userRoles.role_id))
      .where(and(liveIn(tenantId), match))
      .groupBy(users.user_id)
      .orderBy(users.email)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const total = rows[0]?.total ?? (query.page > 1 ? await countSeats(tx, tenantId, match) : 0);
    return {
      data: rows.map(({ total: _total, since, ...seat }) => ({
        ...seat,
        since: new Date(since).toISOString(),
      })),
      meta: {
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
        tenant_id: tenantId,
      },
    };
  });
}

async function countSeats(tx: Tx, tenantId: number, match: ReturnType<typeof or>): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`count(distinct ${userRoles.user_id})::int` })
    .from(userRoles)
    .innerJoin(users, eq(users.user_id, userRoles.user_id))
    .where(and(liveIn(tenantId), match));
  return row?.total ?? 0;
}

export interface SeatInvitation {
  message: string;
  email: string;
  role_id: number;
  tenant_id: number;
  invitation_id: number;
  expires_at: string;
  /** What the mail needs; never part of the answer (the link is for the invited person only). */
  mail: { url: string; roleName: string; tenantName: string };
}

/**
 * assignSeat/{subscription_id}: invites the owner of this email into a role of the tenant (issue 14
 * item 1). Nobody joins a tenant without consent: the seat is taken when the invitation is accepted,
 * by the account holding this address verified. The answer is the same whether or not an account
 * uses the address, so it tells nothing about who has an account. The role follows the one grant
 * rule (a tenant administrator: user roles only); a full or paused subscription is refused at once
 * unless the address belongs to someone who already holds a seat here.
 */
export function assignSeat(
  db: Db,
  actor: Actor,
  subscriptionId: number,
  body: z.output<typeof assignSeatBody>,
  publicOrigin: string,
): Promise<SeatInvitation> {
  return inScope(db, 'all', async (tx) => {
    const tenantId = await seatTenant(tx, actor, subscriptionId);
    const [role] = await tx
      .select({
        role_id: roles.role_id,
        role_view: roles.role_view,
        parent_user_id: roles.parent_user_id,
        tenant_id: roles.tenant_id,
        display_name: roles.display_name,
      })
      .from(roles)
      .where(
        and(
          eq(roles.role_id, body.role_id),
          ne(roles.role_id, TEMP_ROLE_ID),
          isNull(roles.parent_user_id),
          eq(roles.is_deleted, false),
          or(isNull(roles.tenant_id), eq(roles.tenant_id, tenantId)),
        ),
      );
    if (!role)
      throw badRequest(SEAT_MESSAGES.role, [{ in: 'body', path: 'role_id', message: SEAT_MESSAGES.role }]);
    const refusal = grantRefusal(actor, role, tenantId);
    if (refusal === 'adminRole') throw forbidden(INVITATION_MESSAGES.adminRoleRefused);
    if (refusal) throw forbidden();
    // A current member is known to the admin already (getSeats), so asking changes nothing; anyone
    // else needs a free seat, checked the same way whether or not the address has an account.
    const [seated] = await tx
      .select({ id: userRoles.user_role_id })
      .from(userRoles)
      .innerJoin(users, eq(users.user_id, userRoles.user_id))
      .where(and(liveIn(tenantId), eq(users.email, body.email)))
      .limit(1);
    if (!seated) await assertSeatAvailable(tx, tenantId);
    const created = await issueInvitation(tx, actor, {
      roleId: role.role_id,
      tenantId,
      email: body.email,
      maxUses: 1,
      expiresInDays: INVITATION_LIMITS.expiresInDaysDefault,
      publicOrigin,
    });
    const [tenant] = await tx
      .select({ name: tenants.tenant_name })
      .from(tenants)
      .where(eq(tenants.tenant_id, tenantId));
    await recordAudit(tx, actor, {
      action: 'assign_seat',
      entity: 'invitations',
      ids: [created.invitation_id],
      tenantId,
      details: { role_id: role.role_id },
    });
    return {
      message: SEAT_MESSAGES.invited,
      email: body.email,
      role_id: role.role_id,
      tenant_id: tenantId,
      invitation_id: created.invitation_id,
      expires_at: created.expires_at,
      mail: { url: created.url, roleName: role.display_name, tenantName: tenant?.name ?? '' },
    };
  });
}

/** revokeSeat/{subscription_id}/{user_id}: removes every role the user holds in the tenant (soft), freeing the seat. */
export function revokeSeat(db: Db, actor: Actor, subscriptionId: number, userId: number) {
  return inScope(db, 'all', async (tx) => {
    const tenantId = await seatTenant(tx, actor, subscriptionId);
    if (userId === actor.userId) throw badRequest(SEAT_MESSAGES.own);
    sessionCache.forgetUser(userId);
    const removed = await tx
      .update(userRoles)
      .set({ is_deleted: true, deleted_at: new Date(), deleted_by: actor.userId })
      .where(and(liveIn(tenantId), eq(userRoles.user_id, userId)))
      .returning({ id: userRoles.user_role_id, role_id: userRoles.role_id });
    if (removed.length === 0) throw notFound(SEAT_MESSAGES.notSeated);
    const [admin] = await tx
      .select({ role_id: roles.role_id })
      .from(roles)
      .where(
        and(
          inArray(
            roles.role_id,
            removed.map((row) => row.role_id),
          ),
          eq(roles.role_view, 'admin'),
        ),
      )
      .limit(1);
    if (admin) await assertKeepsTenantAdmin(tx, [tenantId]);
    await refreshUserUsage(tx, tenantId);
    await recordAudit(tx, actor, { action: 'revoke_seat', entity: 'user_roles', ids: [userId], tenantId });
    return { user_id: userId, tenant_id: tenantId, removed_roles: removed.length };
  });
}
