import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
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
