import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema';

export interface Child {
  user_id: number;
  first_name: string | null;
  last_name: string | null;
}

/**
 * A parent's children (issue 22): the accounts whose registration named the parent's email address
 * (a minor's `parent_email`). Only a verified address links: anyone could type an address at sign-up,
 * and only its owner, once verified, is the parent. Everyone else has no children here.
 */
export async function childrenOf(tx: Tx, parentUserId: number): Promise<Child[]> {
  const [parent] = await tx
    .select({ email: users.email, verified: users.email_verified })
    .from(users)
    .where(and(eq(users.user_id, parentUserId), eq(users.is_deleted, false)));
  if (!parent?.verified || !parent.email) return [];
  return tx
    .select({ user_id: users.user_id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(
      and(
        sql`lower(${users.parent_email}) = ${parent.email.toLowerCase()}`,
        eq(users.is_deleted, false),
        sql`${users.user_id} <> ${parentUserId}`,
      ),
    )
    .orderBy(users.first_name, users.user_id);
}
