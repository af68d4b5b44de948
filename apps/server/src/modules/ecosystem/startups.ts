import {
  ECOSYSTEM_MESSAGES,
  type StartupCard,
  type StartupItem,
  type startupBody,
  type startupSearchQuery,
  type updateStartupBody,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, type DbOrTx, queryRows } from '../../db/client';
import { KeptPages } from '../../db/kept-counts';
import { startups } from '../../db/schema';
import { inScope } from '../../db/scope';
import { forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { invalid, iso, nameSql, page, person, seesPrivateSql, wordsMatch } from './shared';

interface CardRow {
  startup_id: number;
  name: string;
  tagline: string;
  sector: string;
  stage: string;
  country: string;
  owner_id: number;
  owner_name: string;
}

const CARD_SQL = sql`s.startup_id, s.name, s.tagline, s.sector, s.stage, s.country, s.owner_id, ${nameSql('u')} as owner_name`;

export const toStartupCard = (row: CardRow): StartupCard => ({
  startup_id: Number(row.startup_id),
  name: row.name,
  tagline: row.tagline,
  sector: row.sector,
  stage: row.stage,
  country: row.country,
  owner: person(row.owner_id, row.owner_name),
});

/**
 * Result pages of the search, kept while no startup (nor an owner's name) changed and for a few
 * seconds at most: every signed-in person sees the same startups, so a page serves them all.
 */
const keptPages = new KeptPages<string>({ tables: ['startups', 'users'], maxAgeMs: 5_000 });

/**
 * Search startups by name with filters on sector, stage and country; newest first. The bench runs
 * this over 100,000 rows: the filters ride the (sector, stage | country, id) indexes, a name word the
 * trigram index on lower(name) that holds the filters too (migration 0046).
 */
export async function searchStartups(
  database: Database,
  query: z.infer<typeof startupSearchQuery>,
): Promise<{ data: StartupCard[]; meta: { limit: number; next_cursor: string | null } }> {
  const filters = [sql`s.is_deleted = false`];
  if (query.sector) filters.push(sql`s.sector = ${query.sector}`);
  if (query.stage) filters.push(sql`s.stage = ${query.stage}`);
  if (query.country) filters.push(sql`s.country = ${query.country}`);
  // The name alone: its trigram index combines with the filter indexes (a tagline would need the heap).
  if (query.search) filters.push(wordsMatch(query.search.toLowerCase(), [sql`lower(s.name)`]));
  const offset = Number(query.cursor ?? 0);
  // startup_id is never null, so both orders give the same rows; each names the order of the index
  // that serves it. The filter indexes end in "startup_id desc nulls last" (migration 0028) and the
  // primary key walked backwards is "desc nulls first": with the other order PostgreSQL walks the
  // primary key and tests every startup against the filters (fintech in Kenya: 3,000 rows read for a
  // page of 20 over 100,000 startups), or sorts every startup for the defaults.
  const order = query.sector || query.country ? sql`desc nulls last` : sql`desc`;
  const pageSql = sql`select ${CARD_SQL} from startups s join users u on u.user_id = s.owner_id
      where ${sql.join(filters, sql` and `)}
      order by s.startup_id ${order} limit ${query.limit + 1} offset ${offset}`;
  const pageKey = JSON.stringify([
    query.sector,
    query.stage,
    query.country,
    query.search,
    query.limit,
    offset,
  ]);
  const kept = await keptPages.read(database, pageKey, async () => {
    const [row] = await database.read<{ version: string; rows: string }>(
      sql`select ${keptPages.version} as version,
        (select coalesce(json_agg(x), '[]'::json)::text from (${pageSql}) x) as rows`,
      true,
    );
    return { version: row?.version ?? '', value: row?.rows ?? '[]' };
  });
  const rows = JSON.parse(kept.value) as CardRow[];
  return page(rows.map(toStartupCard), query.cursor, query.limit);
}

export async function myStartups(db: DbOrTx, me: number): Promise<StartupCard[]> {
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${CARD_SQL} from startups s join users u on u.user_id = s.owner_id
        where s.owner_id = ${me} and s.is_deleted = false order by s.name`,
  );
  return rows.map(toStartupCard);
}

export async function getStartup(db: DbOrTx, actor: Actor, startupId: number): Promise<StartupItem> {
  const [row] = await queryRows<
    CardRow & {
      description: string;
      website: string | null;
      team: { name: string; role: string }[];
      funding_asked: number | null;
      traction: string;
      deck_file_id: string | null;
      created_at: Date;
      private: boolean;
    }
  >(
    db,
    sql`select ${CARD_SQL}, s.description, s.website, s.team, s.funding_asked, s.traction, s.deck_file_id,
          s.created_at, ${seesPrivateSql(actor)} as private
        from startups s join users u on u.user_id = s.owner_id
        where s.startup_id = ${startupId} and s.is_deleted = false`,
  );
  if (!row) throw notFound(ECOSYSTEM_MESSAGES.startupNotFound);
  const seesPrivate = Boolean(row.private);
  return {
    ...toStartupCard(row),
    description: row.description,
    website: row.website,
    team: row.team,
    funding_asked: row.funding_asked === null ? null : Number(row.funding_asked),
    can_see_private: seesPrivate,
    can_edit: Number(row.owner_id) === actor.userId || actor.isPlatformAdmin,
    traction: seesPrivate ? row.traction : null,
    deck_file_id: seesPrivate ? row.deck_file_id : null,
    created_at: iso(row.created_at)!,
  };
}

/** A deck must be a live file its owner uploaded themselves (files module, purpose "document"). */
async function checkDeck(db: DbOrTx, me: number, fileId: string | null | undefined): Promise<void> {
  if (!fileId) return;
  const rows = await inScope(db, 'all', (tx) =>
    queryRows<{ file_id: string }>(
      tx,
      sql`select file_id from files where file_id = ${fileId}::uuid and owner_id = ${me} and deleted_at is null`,
    ),
  );
  if (rows.length === 0) throw invalid('deck_file_id', ECOSYSTEM_MESSAGES.deckNotYours);
}

export async function createStartup(
  db: DbOrTx,
  actor: Actor,
  body: z.infer<typeof startupBody>,
): Promise<StartupItem> {
  await checkDeck(db, actor.userId, body.deck_file_id);
  const [row] = await db
    .insert(startups)
    .values({
      ...body,
      website: body.website ?? null,
      funding_asked: body.funding_asked ?? null,
      deck_file_id: body.deck_file_id ?? null,
      owner_id: actor.userId,
      created_by: actor.userId,
      modified_by: actor.userId,
    })
    .returning({ id: startups.startup_id });
  return getStartup(db, actor, row!.id);
}

async function ownedStartup(db: DbOrTx, actor: Actor, startupId: number) {
  const [row] = await queryRows<{ owner_id: number }>(
    db,
    sql`select owner_id from startups where startup_id = ${startupId} and is_deleted = false`,
  );
  if (!row) throw notFound(ECOSYSTEM_MESSAGES.startupNotFound);
  if (Number(row.owner_id) !== actor.userId && !actor.isPlatformAdmin)
    throw forbidden(ECOSYSTEM_MESSAGES.notStartupOwner);
}

export async function updateStartup(
  db: DbOrTx,
  actor: Actor,
  startupId: number,
  body: z.infer<typeof updateStartupBody>,
): Promise<StartupItem> {
  await ownedStartup(db, actor, startupId);
  await checkDeck(db, actor.userId, body.deck_file_id);
  await db
    .update(startups)
    .set({ ...body, modified_by: actor.userId, modified_at: new Date() })
    .where(sql`${startups.startup_id} = ${startupId}`);
  return getStartup(db, actor, startupId);
}

export async function deleteStartup(db: DbOrTx, actor: Actor, startupId: number): Promise<void> {
  await ownedStartup(db, actor, startupId);
  await db
    .update(startups)
    .set({ is_deleted: true, deleted_at: new Date(), deleted_by: actor.userId })
    .where(sql`${startups.startup_id} = ${startupId}`);
}

/** Reading a pitch deck: whoever sees the startup's private fields (files module grant). */
export async function deckVisibleTo(db: DbOrTx, actor: Actor, fileId: string): Promise<boolean> {
  const rows = await queryRows<{ startup_id: number }>(
    db,
    sql`select s.startup_id from startups s
        where s.deck_file_id = ${fileId}::uuid and s.is_deleted = false and ${seesPrivateSql(actor)} limit 1`,
  );
  return rows.length > 0;
}
