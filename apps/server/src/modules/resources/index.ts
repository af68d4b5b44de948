import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { FilesDeps } from '../files';
import { extractItemText } from './extract';
import { dropItemLadders, findOnPath, makeHlsLadder } from './hls';
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
  // Looked up once: without ffmpeg no ladder is queued and players get the original file.
  const ffmpeg = findOnPath('ffmpeg');
  registerMediaRoutes(app, database, files, app.jobs, { hls: ffmpeg !== null });
  app.jobs.register('resources.extract-text', ({ item_id }) => extractItemText(database, files, item_id));
  // Registered with or without ffmpeg: ladders made before (or on another process) still go.
  app.jobs.register('resources.drop-hls', ({ item_id }) => dropItemLadders(database, files, item_id));
  if (ffmpeg) {
    const log = (message: string, detail: unknown) => app.log.warn({ detail }, message);
    app.jobs.register('resources.hls', ({ item_file_id }) =>
      makeHlsLadder(database, { ffmpeg, files, log }, item_file_id),
    );
  }
}
