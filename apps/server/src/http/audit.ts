import type { Tx } from '../db/client';
import { auditEvents } from '../db/schema';
import type { Actor } from './policy';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'assign_seat'
  | 'revoke_seat'
  | 'update_usage'
  | 'disable'
  | 'enable'
  | 'suspend'
  | 'resume';

export interface AuditEntry {
  action: AuditAction;
  /** The table the change is about, e.g. `custom_menus`. */
  entity: string;
  ids: (number | string)[];
  /** Small and never secret: names of changed fields, a label. */
  details?: Record<string, unknown>;
  /** The tenant the change belongs to; the actor's current tenant when absent. */
  tenantId?: number | null;
}

/** Fields whose value names a row well enough for the admin center's "Recent changes". */
const LABEL_FIELDS = ['display_name', 'role_name', 'menu_name', 'group_name', 'tenant_name', 'plan'] as const;

export function labelOf(row: Record<string, unknown>): string | undefined {
  for (const field of LABEL_FIELDS) {
    const value = row[field];
    if (typeof value === 'string' && value.length > 0) return value.slice(0, 120);
  }
  return undefined;
}

/**
 * One audit event per change, written in the transaction of the change itself: a change that rolls
 * back leaves no event, and an event never describes a change that did not happen. The transaction's
 * scope must admit the event's tenant (row-level security on audit_events).
 */
export async function recordAudit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actor_user_id: actor.userId,
    tenant_id: entry.tenantId === undefined ? actor.tenantId : entry.tenantId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.ids.join(',').slice(0, 2000),
    details: entry.details ?? null,
  });
}
