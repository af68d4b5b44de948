import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { DocumentHead } from '../../http/spa';
import { grantFileReads } from '../files';
import { cvReadableBy } from './applications';
import { postingJsonLdScript } from './postings';
import { registerHiringRoutes } from './routes';
import { addJobSuggestions } from './suggestions';

/**
 * Jobs and internships (issue 20 point 2; docs/hiring.md): routes and the closing job, and hiring's
 * part in files: an employer reads the CVs of applications to its organisation.
 */
export function registerHiring(app: FastifyInstance, database: Database, publicOrigin: string): void {
  registerHiringRoutes(app, database, publicOrigin);
  addJobSuggestions();
  grantFileReads('hiring-cv', (_db, actor, fileId) => cvReadableBy(database.db, actor, fileId));
}

/**
 * A posting's public page carries its JSON-LD in the HTML the server sends, for job search engines
 * that read the page without running its script (the page adds the same while it is open).
 */
export function jobPostingHead(database: Database, publicOrigin: string): DocumentHead {
  return {
    route: '/search-jobs/:postingId',
    head: (pathname) => postingJsonLdScript(database, pathname.split('/')[2] ?? '', publicOrigin),
  };
}
