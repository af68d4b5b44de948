import type { AuditItem, auditListQuery, ListMeta } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { communityAuditLog, users } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { moderated } from './access';
import { communityOrDefault, displayName, iso, meta } from './listing';

/**
 * A community's audit log (docs/community.md): every moderation action writes one line in the
 * action's own transaction, and only the community's moderators read it. Its own file because the
 * community, membership, forum and moderation code all write to it.
 */

/** Records one moderation action in the community's audit log (same transaction as the action). */
export async function audit(
  tx: DbOrTx,
  actor: Actor,
  communityId: number,
  action: string,
  target: { kind: 'member' | 'post' | 'topic' | 'community' | 'group'; id: number },
  detail = '',
): Promise<void> {
  await tx.insert(communityAuditLog).values({
    community_id: communityId,
    actor_id: actor.userId,
    action,
    target_kind: target.kind,
    target_id: target.id,
    detail,
  });
}

/** The log, newest first, for the community's moderators only. */
export async function listAudit(
  db: DbOrTx,
  actor: Actor,
  query: z.infer<typeof auditListQuery>,
): Promise<{ data: AuditItem[]; meta: ListMeta }> {
  const communityId = await communityOrDefault(db, actor, query.community_id);
  if (communityId === null) return { data: [], meta: meta(query.page, query.limit, 0) };
  await moderated(db, actor, communityId);
  const rows = await queryRows<{
    audit_id: number;
    community_id: number;
    actor_id: number;
    username: string;
    display_name: string;
    action: string;
    target_kind: string;
    target_id: number;
    detail: string;
    created_at: string;
    total: number;
  }>(
    db,
    sql`select a.*, ${users.username} as username, ${displayName} as display_name, count(*) over ()::int as total
      from ${communityAuditLog} a join ${users} on ${users.user_id} = a.actor_id
      where a.community_id = ${communityId}
      order by a.audit_id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    data: rows.map((row) => ({
      audit_id: row.audit_id,
      community_id: row.community_id,
      actor: { user_id: row.actor_id, username: row.username, display_name: row.display_name },
      action: row.action,
      target_kind: row.target_kind,
      target_id: row.target_id,
      detail: row.detail,
      created_at: iso(row.created_at)!,
    })),
    meta: meta(query.page, query.limit, rows[0]?.total ?? 0),
  };
}
