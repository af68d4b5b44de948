import { createHash, randomBytes } from 'node:crypto';
import {
  type createInvitationBody,
  ERROR_CODES,
  INVITATION_LIMITS,
  INVITATION_MESSAGES,
  type InvitationCreated,
  type InvitationItem,
  type InvitationList,
  type InvitationPreview,
  type InvitationStatus,
  type invitationListQuery,
  LIST_ALL_CEILING,
  type tenantInvitationListQuery,
} from '@nexus/contracts';
import { and, asc, count, desc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { invitations, roles, tenants } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { inviteRefusal, mayRevoke } from './policy';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVITATION_LIMITS_DEFAULT_DAYS = INVITATION_LIMITS.expiresInDaysDefault;

/** The link's secret: 32 random bytes, base64url (43 characters). */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so the table alone never yields a working link. */
export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type InvitationRow = typeof invitations.$inferSelect;

/** Revoked wins over used, used over expired: the most final reason is the one shown. */
export function invitationStatus(
  row: Pick<InvitationRow, 'revoked_at' | 'uses' | 'max_uses' | 'expires_at'>,
  now = new Date(),
): Exclude<InvitationStatus, 'not_found'> {
  if (row.revoked_at) return 'revoked';
  if (row.uses >= row.max_uses) return 'used';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

export const gone = (message: string) => new AppError(ERROR_CODES.conflict, 410, message);

/** Creates an invitation the actor may create; answers the link, which is never stored. */
export async function createInvitation(
  db: Db,
  actor: Actor,
  body: z.output<typeof createInvitationBody>,
  publicOrigin: string,
): Promise<InvitationCreated> {
  const tenantId = body.tenant_id ?? null;
  const [role] = await db
    .select({
      role_id: roles.role_id,
      role_view: roles.role_view,
      parent_user_id: roles.parent_user_id,
      tenant_id: roles.tenant_id,
    })
    .from(roles)
    .where(and(eq(roles.role_id, body.role_id), eq(roles.is_deleted, false)));
  if (!role) {
    throw badRequest(`role_id: ${INVITATION_MESSAGES.roleNotInvitable}`, [
      { in: 'body', path: 'role_id', message: INVITATION_MESSAGES.roleNotInvitable },
    ]);
  }
  // Permission first, so a refused caller learns nothing about which tenants exist.
  const refusal = inviteRefusal(actor, role, tenantId);
  if (refusal?.status === 403) throw forbidden(refusal.message);
  if (refusal) {
    throw badRequest(`${refusal.field}: ${refusal.message}`, [
      { in: 'body', path: refusal.field, message: refusal.message },
    ]);
  }
  if (tenantId !== null) {
    const [tenant] = await db
      .select({ tenant_id: tenants.tenant_id })
      .from(tenants)
      .where(and(eq(tenants.tenant_id, tenantId), eq(tenants.is_deleted, false)));
    if (!tenant) {
      throw badRequest(`tenant_id: ${INVITATION_MESSAGES.unknownTenant}`, [
        { in: 'body', path: 'tenant_id', message: INVITATION_MESSAGES.unknownTenant },
      ]);
    }
  }
  return issueInvitation(db, actor, {
    roleId: role.role_id,
    tenantId,
    email: body.email ?? null,
    maxUses: body.max_uses,
    expiresInDays: body.expires_in_days,
    publicOrigin,
  });
}

/**
 * Stores an invitation the caller has already been allowed to make (createInvitation's rule, or a
 * seat assignment's) and answers its link, which is never stored.
 */
export async function issueInvitation(
  db: DbOrTx,
  actor: Actor,
  options: {
    roleId: number;
    tenantId: number | null;
    email: string | null;
    maxUses: number;
    expiresInDays: number;
    publicOrigin: string;
  },
): Promise<InvitationCreated> {
  const token = newInvitationToken();
  const [row] = await db
    .insert(invitations)
    .values({
      token_hash: invitationTokenHash(token),
      role_id: options.roleId,
      tenant_id: options.tenantId,
      email: options.email,
      max_uses: options.maxUses,
      expires_at: new Date(Date.now() + options.expiresInDays * DAY_MS),
      created_by: actor.userId,
      modified_by: actor.userId,
    })
    .returning({ invitation_id: invitations.invitation_id, expires_at: invitations.expires_at });
  return {
    invitation_id: row!.invitation_id,
    url: `${options.publicOrigin.replace(/\/+$/, '')}/${token}`,
    expires_at: row!.expires_at.toISOString(),
  };
}

export async function findByToken(db: DbOrTx, token: string, lock: boolean) {
  const query = db
    .select()
    .from(invitations)
    .where(and(eq(invitations.token_hash, invitationTokenHash(token)), eq(invitations.is_deleted, false)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** What the link shows anyone: its state, the role and the organisation, nothing else. */
export async function previewInvitation(db: DbOrTx, token: string): Promise<InvitationPreview> {
  const row = await findByToken(db, token, false);
  if (!row) return { status: 'not_found', role_display_name: null, tenant_name: null };
  const [names] = await db
    .select({ role: roles.display_name, tenant: tenants.tenant_name })
    .from(roles)
    .leftJoin(tenants, eq(tenants.tenant_id, row.tenant_id ?? -1))
    .where(eq(roles.role_id, row.role_id));
  return {
    status: invitationStatus(row),
    role_display_name: names?.role ?? null,
    tenant_name: names?.tenant ?? null,
  };
}

const itemColumns = {
  invitation_id: invitations.invitation_id,
  role_id: invitations.role_id,
  role_display_name: roles.display_name,
  tenant_id: invitations.tenant_id,
  tenant_name: tenants.tenant_name,
  email: invitations.email,
  max_uses: invitations.max_uses,
  uses: invitations.uses,
  expires_at: invitations.expires_at,
  revoked_at: invitations.revoked_at,
  created_at: invitations.created_at,
};

type ItemRow = Awaited<ReturnType<typeof itemsQuery>>[number];

function toItem(row: ItemRow): InvitationItem {
  return {
    ...row,
    role_display_name: row.role_display_name ?? '',
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at ? row.revoked_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    status: invitationStatus(row),
  };
}

function itemsQuery(db: DbOrTx) {
  return db
    .select(itemColumns)
    .from(invitations)
    .leftJoin(roles, eq(roles.role_id, invitations.role_id))
    .leftJoin(tenants, eq(tenants.tenant_id, invitations.tenant_id));
}

/** The caller's own invitations, newest first by default (the generic list pattern's page and limit). */
export async function listMyInvitations(
  db: DbOrTx,
  actor: Actor,
  query: z.output<typeof invitationListQuery>,
): Promise<InvitationList> {
  const mine = and(eq(invitations.created_by, actor.userId), eq(invitations.is_deleted, false));
  return pageOfInvitations(db, mine, query);
}

/** One page of invitations matching `where`, newest first by default (the generic list pattern). */
async function pageOfInvitations(
  db: DbOrTx,
  where: SQL | undefined,
  query: { page: number; limit: number; sortOrder?: 'asc' | 'desc' },
): Promise<InvitationList> {
  const all = query.limit === -1;
  const limit = all ? LIST_ALL_CEILING : query.limit;
  const page = all ? 1 : query.page;
  const order = query.sortOrder === 'asc' ? asc : desc;
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(invitations).where(where),
    itemsQuery(db)
      .where(where)
      .orderBy(order(invitations.created_at), order(invitations.invitation_id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  const total = counted?.total ?? 0;
  return {
    data: rows.map(toItem),
    meta: {
      page,
      limit: query.limit,
      total,
      totalPages: all ? 1 : Math.ceil(total / limit),
      totalExact: true,
    },
  };
}

/** Withdraws an invitation; the link then answers 'revoked'. Revoking twice changes nothing. */
export async function revokeInvitation(db: DbOrTx, actor: Actor, id: number): Promise<InvitationItem> {
  const [row] = await db
    .select({ created_by: invitations.created_by, tenant_id: invitations.tenant_id })
    .from(invitations)
    .where(and(eq(invitations.invitation_id, id), eq(invitations.is_deleted, false)));
  // Someone else's invitation is a 404, never a 403 that confirms it exists.
  if (!row || !mayRevoke(actor, row)) throw notFound('Invitation not found');
  await db
    .update(invitations)
    .set({
      revoked_at: sql`coalesce(${invitations.revoked_at}, now())`,
      modified_by: actor.userId,
      modified_at: sql`now()`,
    })
    .where(eq(invitations.invitation_id, id));
  const [item] = await itemsQuery(db).where(eq(invitations.invitation_id, id));
  return toItem(item!);
}

/**
 * The current context's invitations for its administrators (a tenant's, or the main platform's for a
 * platform admin), whoever created them, newest first. `pending` keeps the ones neither used nor
 * withdrawn (still valid or expired), which are the ones that can be sent again.
 */
export async function listTenantInvitations(
  db: DbOrTx,
  actor: Actor,
  query: z.output<typeof tenantInvitationListQuery>,
): Promise<InvitationList> {
  const scope =
    actor.tenantId === null ? isNull(invitations.tenant_id) : eq(invitations.tenant_id, actor.tenantId);
  const conditions: SQL[] = [scope, eq(invitations.is_deleted, false)];
  if (query.pending) {
    conditions.push(isNull(invitations.revoked_at), lt(invitations.uses, invitations.max_uses));
  }
  return pageOfInvitations(db, and(...conditions), query);
}

export interface ResentInvitation {
  item: InvitationItem;
  /** The new link: mailed to `item.email` when there is one, otherwise answered to the caller. */
  url: string;
}

/**
 * Sends an invitation again: a new secret replaces the old one (the old link stops working, as only
 * the digest is kept and a lost mail may have been forwarded) and it runs for its default length from
 * now. Who may: whoever may revoke it; others get the same 404 as for an id that does not exist. A used
 * or withdrawn invitation cannot be revived (409).
 */
export async function resendInvitation(
  db: DbOrTx,
  actor: Actor,
  id: number,
  publicOrigin: string,
): Promise<ResentInvitation> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.invitation_id, id), eq(invitations.is_deleted, false)));
  if (!row || !mayRevoke(actor, row)) throw notFound('Invitation not found');
  const status = invitationStatus(row);
  if (status === 'used' || status === 'revoked') {
    throw new AppError(ERROR_CODES.conflict, 409, INVITATION_MESSAGES.notPending);
  }
  const token = newInvitationToken();
  // Guarded on the row still being open, so a resend racing an accept or a revoke changes nothing.
  const updated = await db
    .update(invitations)
    .set({
      token_hash: invitationTokenHash(token),
      expires_at: new Date(Date.now() + INVITATION_LIMITS_DEFAULT_DAYS * DAY_MS),
      modified_by: actor.userId,
      modified_at: sql`now()`,
    })
    .where(
      and(
        eq(invitations.invitation_id, id),
        isNull(invitations.revoked_at),
        lt(invitations.uses, invitations.max_uses),
      ),
    )
    .returning({ id: invitations.invitation_id });
  if (updated.length === 0) throw new AppError(ERROR_CODES.conflict, 409, INVITATION_MESSAGES.notPending);
  const [item] = await itemsQuery(db).where(eq(invitations.invitation_id, id));
  return { item: toItem(item!), url: `${publicOrigin.replace(/\/+$/, '')}/${token}` };
}
