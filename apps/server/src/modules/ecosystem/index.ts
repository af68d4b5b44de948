import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { grantFileReads } from '../files';
import { registerFundingRoutes } from './funding/routes';
import { registerEcosystemRoutes } from './routes';
import { deckVisibleTo } from './startups';

/**
 * The ecosystem (issue 19 points 1 to 3; docs/ecosystem.md): startups, projects, centers, cohorts and
 * their applications, funding, the map and the workspace. A pitch deck is a private "document" file
 * of its founder; the grant lets those who see the startup's private fields read it too.
 */
export function registerEcosystem(app: FastifyInstance, database: Database): void {
  registerEcosystemRoutes(app, database);
  registerFundingRoutes(app, database);
  grantFileReads('ecosystem-decks', (db, actor, fileId) => deckVisibleTo(db, actor, fileId));
}

/** A startup or project as other areas name it: its current name and its page on this site. */
export interface VentureRef {
  type: 'startup' | 'project';
  id: number;
  name: string;
  url: string;
}

/**
 * Looks up startups and projects by id for another area (a case study names what it is about):
 * deleted or unknown ones are left out. Both are readable by anyone signed in (docs/ecosystem.md).
 */
export async function findVentures(
  db: DbOrTx,
  wanted: { type: 'startup' | 'project'; id: number }[],
): Promise<VentureRef[]> {
  const startupIds = wanted.filter((w) => w.type === 'startup').map((w) => w.id);
  const projectIds = wanted.filter((w) => w.type === 'project').map((w) => w.id);
  const found: VentureRef[] = [];
  if (startupIds.length > 0) {
    const rows = await queryRows<{ id: number; name: string }>(
      db,
      sql`select startup_id as id, name from startups
        where startup_id in (${sql.join(startupIds, sql`, `)}) and is_deleted = false`,
    );
    for (const row of rows)
      found.push({ type: 'startup', id: row.id, name: row.name, url: `/startup-project/overview/${row.id}` });
  }
  if (projectIds.length > 0) {
    const rows = await queryRows<{ id: number; name: string }>(
      db,
      sql`select project_id as id, title as name from projects
        where project_id in (${sql.join(projectIds, sql`, `)}) and is_deleted = false`,
    );
    for (const row of rows)
      found.push({ type: 'project', id: row.id, name: row.name, url: `/project-overview/${row.id}` });
  }
  return found;
}
