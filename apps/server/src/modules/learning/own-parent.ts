import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { inScope, scopeOf } from '../../db/scope';
import { badRequest } from '../../http/app-error';
import type { Actor } from '../../http/policy';

export const invalid = (field: string, message: string) =>
  badRequest(`${field}: ${message}`, [{ in: 'body', path: field, message }]);

/** The parent a new course, module or unit hangs under: live, and of the caller's own scope (never the platform's from a tenant). */
export async function assertOwnParent(
  db: DbOrTx,
  actor: Actor,
  table: PgTable,
  idColumn: PgColumn,
  tenantColumn: PgColumn,
  deleted: PgColumn,
  id: number,
  field: string,
) {
  const rows = await inScope(db, scopeOf(actor), (tx) =>
    tx
      .select({ id: idColumn })
      .from(table)
      .where(
        and(
          eq(idColumn, id),
          eq(deleted, false),
          actor.tenantId === null ? isNull(tenantColumn) : eq(tenantColumn, actor.tenantId),
        ) as SQL,
      ),
  );
  if (rows.length === 0) throw invalid(field, `no ${field.replace('_id', '')} ${id} here`);
}
