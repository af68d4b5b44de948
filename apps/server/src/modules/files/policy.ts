import { type Actor, isTenantAdmin } from '../../http/policy';
import type { PurposeRule } from './purposes';

/** The facts of a file that decide who may touch it. */
export interface FileAccess {
  ownerId: number;
  tenantId: number | null;
}

/** Administers the file's tenant: a platform admin always; a tenant admin inside that tenant. */
function administers(actor: Actor, file: FileAccess): boolean {
  if (actor.isPlatformAdmin) return true;
  return file.tenantId !== null && actor.tenantId === file.tenantId && isTenantAdmin(actor);
}

/**
 * Whether `actor` may read a file it can see (row-level security has already hidden other tenants'
 * files): the owner and administrators always; others as the purpose says.
 */
export function canReadFile(actor: Actor, file: FileAccess, rule: PurposeRule): boolean {
  if (actor.userId === file.ownerId || administers(actor, file)) return true;
  if (rule.readers === 'signedIn') return true;
  if (rule.readers === 'scope') return file.tenantId === null || file.tenantId === actor.tenantId;
  return false;
}

/** Whether `actor` may delete a file: its owner or an administrator of its tenant. */
export function canDeleteFile(actor: Actor, file: FileAccess): boolean {
  return actor.userId === file.ownerId || administers(actor, file);
}
