import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/client';
import type { Actor } from '../../http/policy';

/** The caller's pins in their order; only their own rows are ever read. */
export async function listPins(database: Database, actor: Actor) {
  const rows = await database.read<{ path: string; position: number }>(
    sql`select path, position from app_pins where user_id = ${actor.userId} order by position, path`,
  );
  return { data: rows };
}

/**
 * Replaces the caller's pins with `paths`, in that order, in one transaction: a save that fails
 * leaves the previous list whole.
 */
export async function savePins(database: Database, actor: Actor, paths: readonly string[]) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`delete from app_pins where user_id = ${actor.userId}`);
    if (paths.length === 0) return;
    await queryRows(
      tx,
      sql`insert into app_pins (user_id, path, position) values ${sql.join(
        paths.map((path, index) => sql`(${actor.userId}, ${path}, ${index})`),
        sql`, `,
      )}`,
    );
  });
  return listPins(database, actor);
}
