import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { grantFileReads } from '../files';
import { cvReadableBy } from './applications';
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
