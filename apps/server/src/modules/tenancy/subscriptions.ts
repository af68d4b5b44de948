import {
  type createSubscriptionBody,
  PLANS,
  SUBSCRIPTION_MESSAGES,
  TENANT_MESSAGES,
  type UsageWarning,
  type updateSubscriptionBody,
  type updateUsageBody,
} from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditEvents, tenantApiUsage, tenantSubscriptions, tenants } from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError, badRequest, codeForStatus, forbidden, notFound } from '../../http/app-error';
import { recordAudit } from '../../http/audit';
import type { Actor } from '../../http/policy';
import { refreshUserUsage } from '../access';
import type { ApiMeter } from './metering';
import { administers, belongsTo } from './service';
import { type Usage, usageWarnings } from './usage';

type SubscriptionRow = typeof tenantSubscriptions.$inferSelect;

export interface SubscriptionOut {
  subscription_id: number;
  tenant_id: number;
  plan: string;
  status: SubscriptionRow['status'];
  limits: Usage;
  current_usage: Usage;
  usage_data: Record<string, unknown>[];
  period_start: string;
  period_end: string;
  created_by: number | null;
  modified_by: number | null;
  warnings?: UsageWarning[];
}

function subscriptionOut(row: SubscriptionRow): SubscriptionOut {
  return {
    subscription_id: row.subscription_id,
    tenant_id: row.tenant_id,
    plan: row.plan,
    status: row.status,
    limits: row.limits as Usage,
    current_usage: row.current_usage as Usage,
    usage_data: Array.isArray(row.usage_data) ? (row.usage_data as Record<string, unknown>[]) : [],
    period_start: row.period_start.toISOString(),
    period_end: row.period_end.toISOString(),
    created_by: row.created_by,
    modified_by: row.modified_by,
  };
}

const conflict = (message: string) => new AppError(codeForStatus(409), 409, message);
const live = (tenantId: number) =>
  and(eq(tenantSubscriptions.tenant_id, tenantId), eq(tenantSubscriptions.is_deleted, false));

function checkPeriod(start: Date, end: Date): void {
  if (end <= start) {
    throw badRequest(SUBSCRIPTION_MESSAGES.periodOrder, [
      { in: 'body', path: 'period_end', message: SUBSCRIPTION_MESSAGES.periodOrder },
    ]);
  }
}

/**
 * getSubscriptionByTenant/{tenantId}: its tenant admins and platform admins (members who are not
 * admins: 403; anyone else: 404). api_calls is the live meter; warnings list metrics at 80 % or more.
 */
export async function getSubscriptionByTenant(
  db: Db,
  meter: ApiMeter,
  actor: Actor,
  tenantId: number,
): Promise<SubscriptionOut> {
  if (!belongsTo(actor, tenantId)) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  if (!administers(actor, tenantId)) throw forbidden();
  const calls = await meter.callsOf(tenantId);
  const [row] = await inScope(db, tenantId, (tx) =>
    tx
      .select({ subscription: tenantSubscriptions })
      .from(tenantSubscriptions)
      .innerJoin(tenants, eq(tenants.tenant_id, tenantSubscriptions.tenant_id))
      .where(and(live(tenantId), eq(tenants.is_deleted, false))),
  );
  if (!row) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
  const out = subscriptionOut(row.subscription);
  out.current_usage = { ...out.current_usage, api_calls: calls };
  out.warnings = usageWarnings(out.limits, out.current_usage);
  return out;
}

/** createSubscription: platform admins; one live subscription per tenant. */
export async function createSubscription(
  db: Db,
  actor: Actor,
  body: z.output<typeof createSubscriptionBody>,
): Promise<SubscriptionOut> {
  const start = body.period_start ? new Date(body.period_start) : new Date();
  const end = body.period_end
    ? new Date(body.period_end)
    : new Date(
        Date.UTC(
          start.getUTCFullYear(),
          start.getUTCMonth() + 1,
          start.getUTCDate(),
          start.getUTCHours(),
          start.getUTCMinutes(),
          start.getUTCSeconds(),
        ),
      );
  checkPeriod(start, end);
  return inScope(db, body.tenant_id, async (tx) => {
    const [tenant] = await tx
      .select({ id: tenants.tenant_id })
      .from(tenants)
      .where(and(eq(tenants.tenant_id, body.tenant_id), eq(tenants.is_deleted, false)));
    if (!tenant) throw notFound(TENANT_MESSAGES.notFound);
    const [row] = await tx
      .insert(tenantSubscriptions)
      .values({
        tenant_id: body.tenant_id,
        plan: body.plan,
        status: body.status,
        limits: { ...PLANS[body.plan], ...body.limits },
        current_usage: { users: 0, storage_gb: 0, api_calls: 0 },
        period_start: start,
        period_end: end,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(SUBSCRIPTION_MESSAGES.exists);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'tenant_subscriptions',
      ids: [row.subscription_id],
      tenantId: body.tenant_id,
      details: { label: row.plan, status: row.status },
    });
    await refreshUserUsage(tx, body.tenant_id);
    const [fresh] = await tx
      .select()
      .from(tenantSubscriptions)
      .where(eq(tenantSubscriptions.subscription_id, row.subscription_id));
    return subscriptionOut(fresh!);
  });
}

/** updateSubscription/{id}: platform admins change plan, limits, status and period. */
export async function updateSubscription(
  db: Db,
  actor: Actor,
  subscriptionId: number,
  body: z.output<typeof updateSubscriptionBody>,
): Promise<SubscriptionOut> {
  // Found by its own id, whichever tenant it serves: the route is a platform admin's.
  return inScope(db, 'all', async (tx) => {
    const [current] = await tx
      .select()
      .from(tenantSubscriptions)
      .where(
        and(
          eq(tenantSubscriptions.subscription_id, subscriptionId),
          eq(tenantSubscriptions.is_deleted, false),
        ),
      )
      .for('update');
    if (!current) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
    const start = body.period_start ? new Date(body.period_start) : current.period_start;
    const end = body.period_end ? new Date(body.period_end) : current.period_end;
    checkPeriod(start, end);
    const basis = body.plan ? PLANS[body.plan] : (current.limits as Usage);
    const limits = body.plan || body.limits ? { ...basis, ...body.limits } : current.limits;
    const [row] = await tx
      .update(tenantSubscriptions)
      .set({
        plan: body.plan ?? current.plan,
        status: body.status ?? current.status,
        limits,
        period_start: start,
        period_end: end,
        modified_by: actor.userId,
        modified_at: new Date(),
      })
      .where(eq(tenantSubscriptions.subscription_id, subscriptionId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'tenant_subscriptions',
      ids: [subscriptionId],
      tenantId: current.tenant_id,
      details: {
        fields: Object.keys(body)
          .filter((key) => key !== 'created_by' && key !== 'modified_by')
          .sort(),
        label: row!.plan,
        status: row!.status,
      },
    });
    return subscriptionOut(row!);
  });
}

/**
 * updateUsage: a platform admin's correction of `current_usage`, written to audit_events with the
 * values before and after. A corrected api_calls also resets the period's meter.
 */
export async function updateUsage(
  db: Db,
  actor: Actor,
  body: z.output<typeof updateUsageBody>,
): Promise<SubscriptionOut> {
  return inScope(db, body.tenant_id, async (tx) => {
    const [current] = await tx.select().from(tenantSubscriptions).where(live(body.tenant_id)).for('update');
    if (!current) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
    const before = current.current_usage as Usage;
    const after = { ...before, ...body.usage_data };
    if (body.usage_data.api_calls !== undefined) {
      await tx
        .insert(tenantApiUsage)
        .values({
          tenant_id: body.tenant_id,
          period_start: current.period_start,
          calls: body.usage_data.api_calls,
        })
        .onConflictDoUpdate({
          target: [tenantApiUsage.tenant_id, tenantApiUsage.period_start],
          set: { calls: body.usage_data.api_calls },
        });
    }
    const [row] = await tx
      .update(tenantSubscriptions)
      .set({ current_usage: after, modified_by: actor.userId, modified_at: new Date() })
      .where(eq(tenantSubscriptions.subscription_id, current.subscription_id))
      .returning();
    await tx.insert(auditEvents).values({
      actor_user_id: actor.userId,
      tenant_id: body.tenant_id,
      action: 'update_usage',
      entity: 'tenant_subscriptions',
      entity_id: String(current.subscription_id),
      details: { before, after },
    });
    return subscriptionOut(row!);
  });
}
