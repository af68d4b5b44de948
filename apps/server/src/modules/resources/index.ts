import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { FilesDeps } from '../files';
import { extractItemText } from './extract';
import { registerItemRoutes } from './routes';
import { registerMediaRoutes } from './routes-media';
import { addResourceSuggestions } from './suggestions';

/**
 * Resources (issue 21; docs/resources.md): items, collections and documents portals, versioned files
 * with counted downloads and byte ranges, faceted full-text search, playlists and my library.
 */
export function registerResources(app: FastifyInstance, database: Database, files: FilesDeps): void {
  registerItemRoutes(app, database);
  addResourceSuggestions();
  registerMediaRoutes(app, database, files, app.jobs);
  app.jobs.register('resources.extract-text', ({ item_id }) => extractItemText(database, files, item_id));
}
