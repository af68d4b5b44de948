/**
 * The names a notice shows, read when the event is handled since payloads carry only ids. Its own
 * file because the areas' handlers share these reads.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { programs, users } from '../../../db/schema';

/** A program's name, or a neutral stand-in when it is gone. */
export async function programName(tx: Tx, programId: number): Promise<string> {
  const [row] = await tx
    .select({ name: programs.program_name })
    .from(programs)
    .where(eq(programs.program_id, programId));
  return row?.name ?? 'a program';
}

/** A person's full name, else the username; 'Someone' when the account is gone. */
export async function personName(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx
    .select({ first: users.first_name, last: users.last_name, username: users.username })
    .from(users)
    .where(eq(users.user_id, userId));
  if (!row) return 'Someone';
  return [row.first, row.last].filter(Boolean).join(' ').trim() || row.username;
}
