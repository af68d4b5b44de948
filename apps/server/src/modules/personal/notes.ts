import { LIST_ALL_CEILING, type Note, type NoteListQuery, type NoteTagCount } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { inScope, scopeOf } from '../../db/scope';
import { badRequest } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { containsPattern } from '../../http/rich-text';

type ParsedQuery = NoteListQuery & { page: number; limit: number };

/** The caller's own live notes in its current context: the only rows any notes read may touch. */
function mine(actor: Actor): SQL {
  const tenant = actor.tenantId === null ? sql`n.tenant_id is null` : sql`n.tenant_id = ${actor.tenantId}`;
  return sql`n.user_id = ${actor.userId} and ${tenant} and n.is_deleted = false`;
}

const NOTE_SQL = sql`n.note_id, n.tenant_id, n.user_id, n.title, n.body, n.tags, n.created_by, n.modified_by,
  to_json(n.created_at) #>> '{}' as created_at, to_json(n.modified_at) #>> '{}' as modified_at, n.is_deleted`;

/** getNotes: the caller's notes, last changed first; every word of `search` must appear; `tag` narrows. */
export async function listNotes(database: Database, actor: Actor, query: ParsedQuery) {
  const limit = query.limit === -1 ? LIST_ALL_CEILING : query.limit;
  const conditions = [mine(actor)];
  for (const word of (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, 10)) {
    const pattern = containsPattern(word);
    conditions.push(
      sql`(n.title ilike ${pattern} or n.body_text ilike ${pattern} or ${word.toLowerCase()} = any(n.tags))`,
    );
  }
  if (query.tag) conditions.push(sql`${query.tag} = any(n.tags)`);
  const where = sql.join(conditions, sql` and `);
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const [count] = await queryRows<{ total: number }>(
      tx,
      sql`select count(*)::int as total from notes n where ${where}`,
    );
    const total = Number(count?.total ?? 0);
    if (query.limit === -1 && total > LIST_ALL_CEILING) {
      throw badRequest(
        `limit=-1 may return at most ${LIST_ALL_CEILING} rows; narrow the search or page through.`,
      );
    }
    const rows = await queryRows<Note>(
      tx,
      sql`select ${NOTE_SQL} from notes n where ${where}
          order by n.modified_at desc, n.note_id desc limit ${limit} offset ${(query.page - 1) * limit}`,
    );
    return {
      data: rows,
      meta: {
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.ceil(total / limit),
        totalExact: true,
      },
    };
  });
}

/** getNoteTags: the caller's tags with how many notes carry each, most used first. */
export async function noteTags(database: Database, actor: Actor): Promise<NoteTagCount[]> {
  return inScope(database.db, scopeOf(actor), (tx) =>
    queryRows<NoteTagCount>(
      tx,
      sql`select tag, count(*)::int as count from notes n, unnest(n.tags) as tag
          where ${mine(actor)} group by tag order by count(*) desc, tag asc limit 200`,
    ),
  );
}
