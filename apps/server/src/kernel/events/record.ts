import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { DOMAIN_EVENTS, type DomainEventName, type DomainEventPayload } from '@nexus/contracts';
import type { DbOrTx } from '../../db/client';
import { domainEvents } from '../../db/schema';

/** The events recorded while one request (or one drain) runs, so it can dispatch them after commit. */
export interface EventScope {
  recorded: string[];
}

export const eventScope = new AsyncLocalStorage<EventScope>();

/**
 * Records a domain event in the outbox inside the caller's transaction: it exists exactly when the
 * write it describes commits. The payload is checked against the catalogue (packages/contracts
 * events.ts); a payload that does not match throws and so fails the write, as a bug should.
 */
export async function recordEvent<N extends DomainEventName>(
  tx: DbOrTx,
  name: N,
  payload: DomainEventPayload<N>,
): Promise<string> {
  const definition = DOMAIN_EVENTS[name];
  if (!definition) throw new Error(`Unknown domain event ${String(name)}`);
  const parsed = definition.payload.parse(payload) as Record<string, unknown>;
  const id = randomUUID();
  const tenantId = typeof parsed.tenant_id === 'number' ? parsed.tenant_id : null;
  await tx
    .insert(domainEvents)
    .values({ id, name, version: definition.version, payload: parsed, tenant_id: tenantId });
  // A rolled-back write leaves its id here but no row: dispatching it then finds nothing to do.
  eventScope.getStore()?.recorded.push(id);
  return id;
}

/**
 * Names for dispatch an event that the caller's own statement wrote to the outbox (a database
 * function that must write it in the same statement as the change it describes), as `recordEvent`
 * does for the events it writes. The statement must have committed or be in the caller's transaction.
 */
export function recordedInStatement(id: string): void {
  eventScope.getStore()?.recorded.push(id);
}

/** Work a handler leaves for after its delivery commits (a socket emit that must not run ahead of it). */
export const commitScope = new AsyncLocalStorage<(() => void)[]>();

/**
 * Runs `task` once the handler's delivery has committed, and never when it rolls back. Returns
 * false outside a handler (no delivery transaction to wait for): the caller then decides itself.
 */
export function afterCommit(task: () => void): boolean {
  const tasks = commitScope.getStore();
  if (!tasks) return false;
  tasks.push(task);
  return true;
}
